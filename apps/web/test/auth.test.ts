// Who may call what: the scope matrix of every route, refused credentials, revocation and
// session tokens (JWT) through HTTP.
import { meResponse } from "@tolk/contract";
import { createOrganization, generateApiKey, issueSessionToken, revokeApiKey, rotateApiKey } from "@tolk/domain";
import { type TestOrg } from "@tolk/domain/testing";
import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as formats } from "../app/v1/formats/route";
import { GET as languages } from "../app/v1/languages/route";
import { GET as me } from "../app/v1/me/route";
import { GET as quota } from "../app/v1/quota/route";
import { GET as usage } from "../app/v1/usage/route";
import { type Handler, type Harness, call, expectConventions, expectError, startApp } from "./helpers";

let h: Harness;
let org: TestOrg;
beforeAll(async () => {
  // Dozens of refused requests come from this file's one address: lift the per-address limit
  // (it has its own test in rate-limits.test.ts).
  h = await startApp({ TOLK_ANON_RATE_LIMIT: "100000" });
  org = await h.org({ plan: "professional" });
});
afterAll(() => h.close());

const key = (name: string) => {
  const k = org.keys[name];
  if (!k) throw new Error(`no key ${name}`);
  return k;
};

const routes: [string, Handler][] = [
  ["/v1/me", me],
  ["/v1/quota", quota],
  ["/v1/usage", usage],
  ["/v1/languages", languages],
  ["/v1/formats", formats],
];

// Every account route needs `read` (spec: Scopes).
const matrix: [string, number][] = [
  ["translate", 403],
  ["read", 200],
  ["write", 403],
  ["all", 200],
];

describe("scope matrix", () => {
  for (const [path, handler] of routes) {
    it.each(matrix)(`GET ${path} with a %s key → %i`, async (keyName, status) => {
      const r = await call(h, handler, path, { token: key(keyName).key });
      expect(r.status).toBe(status);
      if (status === 403) {
        const error = expectError(r, 403, "insufficient_scope", "permission_error");
        expect(error.message).toContain("read");
      } else {
        expectConventions(r);
      }
    });
  }
});

describe("refused credentials → 401 unauthorized / authentication_error", () => {
  const valid = () => key("all").key;
  const badChecksum = () => {
    const k = valid();
    const last = k.slice(-1) === "A" ? "B" : "A";
    return k.slice(0, -1) + last;
  };
  const cases: [string, () => Record<string, string>][] = [
    ["no Authorization header", () => ({})],
    ["an empty Bearer", () => ({ authorization: "Bearer " })],
    ["another scheme", () => ({ authorization: `Basic ${valid()}` })],
    ["a malformed key", () => ({ authorization: "Bearer svc_tooShort123" })],
    ["a key of the wrong alphabet", () => ({ authorization: `Bearer ${valid().slice(0, -2)}-_` })],
    ["a key with a bad checksum", () => ({ authorization: `Bearer ${badChecksum()}` })],
    ["a well-formed key nobody issued", () => ({ authorization: `Bearer ${generateApiKey()}` })],
    ["a token that is neither key nor JWT", () => ({ authorization: "Bearer hello-world" })],
    ["a garbage JWT", () => ({ authorization: "Bearer aaa.bbb.ccc" })],
  ];

  for (const [path, handler] of routes) {
    it.each(cases)(`GET ${path} with %s`, async (_name, headers) => {
      const r = await call(h, handler, path, { headers: headers() });
      expectError(r, 401, "unauthorized", "authentication_error");
    });
  }

  it("accepts the scheme case-insensitively", async () => {
    const r = await call(h, me, "/v1/me", { headers: { authorization: `bearer ${valid()}` } });
    expect(r.status).toBe(200);
  });

  it("refuses a malformed or bad-checksum key without querying the database", async () => {
    // A database that fails on any use: a refusal that needs no query is still a clean 401.
    const domain = h.app.domain;
    const unusable = new Proxy(
      {},
      {
        get: () => {
          throw new Error("the database was queried");
        },
      },
    ) as typeof domain.db;
    h.app.domain = { ...domain, db: unusable };
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (const token of ["svc_tooShort123", badChecksum()]) {
        expectError(await call(h, me, "/v1/me", { token }), 401, "unauthorized", "authentication_error");
      }
      // The trap does catch lookups: a well-formed key has to be looked up.
      expect((await call(h, me, "/v1/me", { token: generateApiKey() })).status).toBe(500);
    } finally {
      h.app.domain = domain;
      log.mockRestore();
    }
  });
});

describe("revocation", () => {
  it("takes effect on the very next request", async () => {
    const own = await h.org();
    const k = own.keys.all;
    if (!k) throw new Error("no key");
    expect((await call(h, me, "/v1/me", { token: k.key })).status).toBe(200);
    await revokeApiKey(h.app.domain, { keyId: k.id });
    for (const [path, handler] of routes) {
      expectError(await call(h, handler, path, { token: k.key }), 401, "unauthorized", "authentication_error");
    }
    // The organization's other keys still work.
    expect((await call(h, me, "/v1/me", { token: own.keys.read?.key })).status).toBe(200);
  });
});

describe("expiry", () => {
  it("refuses a key from its expiry on with 401 in the error shape, saying it expired; its replacement works", async () => {
    const own = await h.org();
    const k = own.keys.all;
    if (!k) throw new Error("no key");
    // Cached by the server (on the embedded database) before the rotation moves its expiry.
    expect((await call(h, me, "/v1/me", { token: k.key })).status).toBe(200);
    const rotated = await rotateApiKey(h.app.domain, { keyId: k.id, orgId: own.orgId, overlapSeconds: 0 });
    for (const [path, handler] of routes) {
      const r = await call(h, handler, path, { token: k.key });
      expect(expectError(r, 401, "unauthorized", "authentication_error").message).toMatch(
        /^This API key expired on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
      );
    }
    expect((await call(h, me, "/v1/me", { token: rotated.plaintext })).status).toBe(200);
  });
});

describe("session tokens (JWT)", () => {
  const config = () => h.app.auth.config;
  const session = (overrides: { ttlSeconds?: number; orgId?: string; userId?: string } = {}, cfg = config()) =>
    issueSessionToken(h.app.domain, cfg, { userId: org.ownerId, orgId: org.orgId, ...overrides });

  it("identifies the member: source idp_jwt, the user, scopes null", async () => {
    const r = await call(h, me, "/v1/me", { token: await session() });
    expect(r.status).toBe(200);
    expectConventions(r);
    expect(meResponse.parse(r.json).data).toEqual({
      user_id: org.ownerId,
      org_id: org.orgId,
      source: "idp_jwt",
      plan: "professional",
      scopes: null,
    });
  });

  it("opens every account route (a member has full access)", async () => {
    const token = await session();
    for (const [path, handler] of routes) expect((await call(h, handler, path, { token })).status).toBe(200);
  });

  it("tolerates a small clock skew, not an expired token", async () => {
    expect((await call(h, me, "/v1/me", { token: await session({ ttlSeconds: -5 }) })).status).toBe(200);
    const r = await call(h, me, "/v1/me", { token: await session({ ttlSeconds: -120 }) });
    const error = expectError(r, 401, "unauthorized", "authentication_error");
    expect(error.message).toMatch(/expired/i);
  });

  it("refuses a wrong audience and a wrong issuer", async () => {
    const wrongAud = await session({}, { ...config(), audience: "someone-else" });
    expectError(await call(h, me, "/v1/me", { token: wrongAud }), 401, "unauthorized", "authentication_error");
    const wrongIss = await session({}, { ...config(), issuer: "https://evil.example" });
    expectError(await call(h, me, "/v1/me", { token: wrongIss }), 401, "unauthorized", "authentication_error");
  });

  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const claims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      sub: org.ownerId,
      [config().orgClaim]: org.orgId,
      iss: config().issuer,
      aud: config().audience,
      iat: now,
      exp: now + 600,
    };
  };

  it("refuses an unsigned token (alg: none)", async () => {
    const token = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims())}.`;
    expectError(await call(h, me, "/v1/me", { token }), 401, "unauthorized", "authentication_error");
  });

  it("refuses a symmetric (HS256) token", async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("x".repeat(32)));
    expectError(await call(h, me, "/v1/me", { token }), 401, "unauthorized", "authentication_error");
  });

  it("refuses a token signed by another key under the service's kid", async () => {
    const genuine = await session();
    const [encodedHeader] = genuine.split(".");
    const header = JSON.parse(Buffer.from(encodedHeader ?? "", "base64url").toString()) as { kid: string };
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(claims()).setProtectedHeader({ alg: "ES256", kid: header.kid }).sign(privateKey);
    expectError(await call(h, me, "/v1/me", { token: forged }), 401, "unauthorized", "authentication_error");
  });

  it("refuses a member of one organization naming another, and an unknown organization", async () => {
    const other = await createOrganization(h.app.domain, { name: "Other", plan: "free" });
    const crossOrg = await session({ orgId: other.id });
    expectError(await call(h, me, "/v1/me", { token: crossOrg }), 401, "unauthorized", "authentication_error");
    const unknownOrg = await session({ orgId: "org_doesnotexist" });
    expectError(await call(h, me, "/v1/me", { token: unknownOrg }), 401, "unauthorized", "authentication_error");
    const unknownUser = await session({ userId: "usr_doesnotexist" });
    expectError(await call(h, me, "/v1/me", { token: unknownUser }), 401, "unauthorized", "authentication_error");
  });
});
