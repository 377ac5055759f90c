import { type Server, createServer } from "node:http";
import { type AddressInfo } from "node:net";

import { signingKeys, users } from "@tolk/db";
import { eq } from "drizzle-orm";
import { type CryptoKey, type JWTPayload, SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, importJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Authenticator,
  type SessionTokenConfig,
  addMember,
  authenticate,
  createKeyResolver,
  createOrganization,
  createUser,
  getIdentity,
  getPublicJwks,
  issueSessionToken,
} from "../src";
import { type TestOrg, createTestOrg } from "../src/testing";
import { rejection } from "./helpers";
import { useTestDb } from "./support";

const ISSUER = "https://tolk.test";
const AUDIENCE = "tolk-api";
const TOLERANCE = 30;
const embedded: SessionTokenConfig = {
  issuer: ISSUER,
  audience: AUDIENCE,
  orgClaim: "org_id",
  clockToleranceSec: TOLERANCE,
};

const t = useTestDb({ resetClock: true });
const { ctx } = t;
let auth: Authenticator;
let org: TestOrg;
let serviceKey: { key: CryptoKey | Uint8Array; kid: string; alg: string };

beforeAll(async () => {
  auth = { config: embedded, keys: createKeyResolver(ctx, embedded) };
  org = await createTestOrg(ctx, { plan: "professional" });
  await issueSessionToken(ctx, embedded, { userId: org.ownerId, orgId: org.orgId }); // creates the signing key
  const [row] = await ctx.db.select().from(signingKeys);
  if (!row) throw new Error("no signing key");
  serviceKey = { key: await importJWK(row.privateJwk, row.alg), kid: row.kid, alg: row.alg };
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Claims of a valid token for the test org's owner; override or delete (undefined) any of them. */
function claims(overrides: Record<string, unknown> = {}): JWTPayload {
  const base: Record<string, unknown> = {
    sub: org.ownerId,
    org_id: org.orgId,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: nowSec(),
    exp: nowSec() + 600,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined));
}

function sign(payload: JWTPayload, key = serviceKey.key, header: { alg?: string; kid?: string } = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: header.alg ?? serviceKey.alg, kid: header.kid ?? serviceKey.kid, typ: "JWT" })
    .sign(key);
}

const bearer = (token: string) => `Bearer ${token}`;

async function expect401(token: string, a: Authenticator = auth) {
  const err = await rejection(authenticate(ctx, a, bearer(token)));
  expect(err.status).toBe(401);
  expect(err.code).toBe("unauthorized");
  expect(err.type).toBe("authentication_error");
  return err;
}

describe("self-issued session tokens (embedded default)", () => {
  it("round-trips: issueSessionToken → authenticate gives the member and organization", async () => {
    const token = await issueSessionToken(ctx, embedded, { userId: org.ownerId, orgId: org.orgId });
    const principal = await authenticate(ctx, auth, bearer(token));
    expect(principal).toMatchObject({ source: "idp_jwt", userId: org.ownerId, scopes: null, keyId: null });
    expect(principal.org).toMatchObject({ id: org.orgId, plan: "professional" });
    expect(getIdentity(principal)).toEqual({
      user_id: org.ownerId,
      org_id: org.orgId,
      source: "idp_jwt",
      plan: "professional",
      scopes: null,
    });
  });

  it("a token signed by hand with the service key and valid claims verifies (control for the negatives)", async () => {
    const principal = await authenticate(ctx, auth, bearer(await sign(claims())));
    expect(principal.userId).toBe(org.ownerId);
  });

  it("signs with ES256 and a kid published in the JWKS, without private parts", async () => {
    const token = await issueSessionToken(ctx, embedded, { userId: org.ownerId, orgId: org.orgId });
    const header = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()) as {
      alg: string;
      kid: string;
    };
    expect(header.alg).toBe("ES256");
    const jwks = await getPublicJwks(ctx);
    const published = jwks.keys.find((k) => k.kid === header.kid);
    expect(published).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    for (const key of jwks.keys) expect(key).not.toHaveProperty("d");
  });

  it("accepts an expired token within the clock tolerance and refuses it beyond", async () => {
    const token = await issueSessionToken(ctx, embedded, { userId: org.ownerId, orgId: org.orgId, ttlSeconds: 60 });
    t.clock.advance((60 + TOLERANCE - 5) * 1000);
    expect((await authenticate(ctx, auth, bearer(token))).userId).toBe(org.ownerId);
    t.clock.advance(10 * 1000);
    const err = await expect401(token);
    expect(err.message).toMatch(/expired/i);
  });

  it("refuses a token without iat, and one older than the maximum age whatever its exp says", async () => {
    await expect401(await sign(claims({ iat: undefined })));
    // Issued 25 hours ago, valid for a year: the 24-hour maximum age (JWT_MAX_AGE_S) ends it.
    const old = await sign(claims({ iat: nowSec() - 25 * 3600, exp: nowSec() + 365 * 86_400 }));
    expect((await expect401(old)).message).toMatch(/expired/i);
    // The same token 23 hours after issue is still good (control), and a shorter maximum ends it.
    const recent = await sign(claims({ iat: nowSec() - 23 * 3600, exp: nowSec() + 365 * 86_400 }));
    expect((await authenticate(ctx, auth, bearer(recent))).userId).toBe(org.ownerId);
    const strict = { ...embedded, maxAgeSec: 3600 };
    await expect401(recent, { config: strict, keys: createKeyResolver(ctx, strict) });
  });

  it("refuses an unsigned token (alg: none), also one carrying the real kid", async () => {
    await expect401(new UnsecuredJWT(claims()).encode());
    const forged = `${b64url({ alg: "none", typ: "JWT", kid: serviceKey.kid })}.${b64url(claims())}.`;
    await expect401(forged);
    await expect401(`${b64url({ alg: "NONE", kid: serviceKey.kid })}.${b64url(claims())}.c2ln`);
  });

  it("refuses HS256 tokens: with some secret, and with the public key as the HMAC secret", async () => {
    await expect401(
      await sign(claims(), new TextEncoder().encode("some-shared-secret-0123456789abcdef"), { alg: "HS256" }),
    );
    const jwks = await getPublicJwks(ctx);
    const publicJwk = jwks.keys.find((k) => k.kid === serviceKey.kid);
    await expect401(await sign(claims(), new TextEncoder().encode(JSON.stringify(publicJwk)), { alg: "HS256" }));
  });

  it.each([
    ["a wrong issuer", { iss: "https://evil.example" }],
    ["no issuer", { iss: undefined }],
    ["a wrong audience", { aud: "another-service" }],
    ["no audience", { aud: undefined }],
    ["no exp", { exp: undefined }],
    ["no sub", { sub: undefined }],
    ["nbf in the future beyond tolerance", { nbf: Math.floor(Date.parse("2026-03-15T12:00:00Z") / 1000) + 3_600 }],
    ["an org claim naming an unknown organization", { org_id: "org_doesnotexist0000000000" }],
    ["no org claim", { org_id: undefined }],
    ["an org claim that is not a string", { org_id: 42 }],
  ])("refuses a token with %s", async (_name, overrides) => {
    await expect401(await sign(claims(overrides)));
  });

  it("refuses a token signed by a different ES256 key carrying our kid", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    await expect401(await sign(claims(), privateKey));
  });

  it("refuses a token whose signature was altered", async () => {
    const token = await sign(claims());
    const [h, p, s] = token.split(".");
    const payload = b64url({ ...claims(), sub: "usr_someoneelse" });
    await expect401(`${h}.${payload}.${s}`);
    await expect401(`${h}.${p}.${(s ?? "").slice(0, -4)}AAAA`);
  });

  it("refuses a subject that is not a member of the organization in the token", async () => {
    const outsider = await createUser(ctx, { email: `outsider-${Date.now()}@example.com`, password: "password123" });
    await expect401(await issueSessionToken(ctx, embedded, { userId: outsider.id, orgId: org.orgId }));
    // A member of another organization cannot name this one.
    const other = await createTestOrg(ctx, { plan: "free" });
    await expect401(await issueSessionToken(ctx, embedded, { userId: other.ownerId, orgId: org.orgId }));
    // A subject nobody knows, on self-issued tokens.
    await expect401(await sign(claims({ sub: "usr_unknown" })));
    // Once added as a member, the same subject is accepted.
    await addMember(ctx, { orgId: org.orgId, userId: outsider.id, role: "member" });
    const principal = await authenticate(
      ctx,
      auth,
      bearer(await issueSessionToken(ctx, embedded, { userId: outsider.id, orgId: org.orgId })),
    );
    expect(principal.userId).toBe(outsider.id);
  });

  it("refuses a token issued for another audience or issuer by the same service key", async () => {
    const other: SessionTokenConfig = { ...embedded, audience: "other-api" };
    await expect401(await issueSessionToken(ctx, other, { userId: org.ownerId, orgId: org.orgId }));
    const otherIss: SessionTokenConfig = { ...embedded, issuer: "https://other.test" };
    await expect401(await issueSessionToken(ctx, otherIss, { userId: org.ownerId, orgId: org.orgId }));
  });
});

describe("tokens of an external identity provider (JWT_JWKS_URL)", () => {
  let server: Server;
  let jwksUrl: string;
  let fetches = 0;
  let idpKey: CryptoKey;
  const IDP_ISSUER = "https://idp.example.com/";
  const IDP_KID = "idp-key-1";
  const idpOrgId = `idp_org_${Date.now()}`;
  let tolkOrgId: string;
  let member: { id: string; idpSubject: string };

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    idpKey = pair.privateKey;
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: IDP_KID, alg: "RS256", use: "sig" }] };
    server = createServer((req, res) => {
      if (req.url !== "/.well-known/jwks.json") {
        res.writeHead(404).end();
        return;
      }
      fetches += 1;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(jwks));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;

    const created = await createOrganization(ctx, { name: "IdP org", plan: "starter", idpOrgId });
    tolkOrgId = created.id;
    const user = await createUser(ctx, { email: `idp-member-${Date.now()}@example.com` });
    await ctx.db.update(users).set({ idpSubject: "idp|member-1" }).where(eq(users.id, user.id));
    await addMember(ctx, { orgId: tolkOrgId, userId: user.id, role: "admin" });
    member = { id: user.id, idpSubject: "idp|member-1" };
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function external(orgClaim = "org_id"): Authenticator {
    const config: SessionTokenConfig = {
      jwksUrl,
      issuer: IDP_ISSUER,
      audience: "tolk",
      orgClaim,
      clockToleranceSec: TOLERANCE,
    };
    return { config, keys: createKeyResolver(ctx, config) };
  }

  function idpToken(payload: Record<string, unknown>, key: CryptoKey = idpKey, kid = IDP_KID) {
    return new SignJWT({ iss: IDP_ISSUER, aud: "tolk", iat: nowSec(), exp: nowSec() + 300, ...payload })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .sign(key);
  }

  it("verifies against the JWKS; the org claim names the organization's IdP id", async () => {
    const a = external();
    const principal = await authenticate(ctx, a, bearer(await idpToken({ sub: "idp|new-person", org_id: idpOrgId })));
    expect(principal).toMatchObject({ source: "idp_jwt", userId: "idp|new-person", scopes: null });
    expect(principal.org.id).toBe(tolkOrgId);
    expect(principal.org.plan).toBe("starter");
    expect(fetches).toBeGreaterThanOrEqual(1);
  });

  it("maps a subject known by its IdP subject to our user", async () => {
    const principal = await authenticate(
      ctx,
      external(),
      bearer(await idpToken({ sub: member.idpSubject, org_id: idpOrgId })),
    );
    expect(principal.userId).toBe(member.id);
  });

  it("reads the organization from a custom claim name", async () => {
    const claim = "https://tolk.example/org";
    const a = external(claim);
    const principal = await authenticate(ctx, a, bearer(await idpToken({ sub: "idp|someone", [claim]: idpOrgId })));
    expect(principal.org.id).toBe(tolkOrgId);
    // The default claim name does not count when another one is configured.
    await expect401(await idpToken({ sub: "idp|someone", org_id: idpOrgId }), a);
  });

  it("refuses tokens the IdP did not sign, or for the wrong issuer, audience, org or member", async () => {
    const a = external();
    const { privateKey: stranger } = await generateKeyPair("RS256");
    await expect401(await idpToken({ sub: "idp|x", org_id: idpOrgId }, stranger), a);
    await expect401(await idpToken({ sub: "idp|x", org_id: idpOrgId }, stranger, "unknown-kid"), a);
    await expect401(await idpToken({ sub: "idp|x", org_id: idpOrgId, iss: "https://other-idp.example/" }), a);
    await expect401(await idpToken({ sub: "idp|x", org_id: idpOrgId, aud: "someone-else" }), a);
    await expect401(await idpToken({ sub: "idp|x", org_id: "idp_org_unknown" }), a);
    await expect401(await idpToken({ sub: "idp|x", org_id: idpOrgId, exp: nowSec() - TOLERANCE - 1 }), a);
    // Our own service's tokens are not accepted when an IdP is configured.
    await expect401(await issueSessionToken(ctx, embedded, { userId: org.ownerId, orgId: org.orgId }), a);
    // A user we know who is not a member of the named organization.
    await expect401(await idpToken({ sub: org.ownerId, org_id: idpOrgId }), a);
  });

  it("does not refetch the JWKS for every unknown kid (cooldown)", async () => {
    const a = external();
    await authenticate(ctx, a, bearer(await idpToken({ sub: "idp|x", org_id: idpOrgId })));
    const before = fetches;
    const { privateKey } = await generateKeyPair("RS256");
    for (let i = 0; i < 20; i++) {
      await expect401(await idpToken({ sub: "idp|x", org_id: idpOrgId }, privateKey, `random-kid-${i}`), a);
    }
    expect(fetches - before).toBeLessThanOrEqual(1);
  });
});
