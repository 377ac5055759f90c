// Rate limits through HTTP: the plan's per-minute `api` bucket per organization, the
// per-address limit of unauthenticated callers, and one shared count across instances (Redis).
import { generateApiKey } from "@tolk/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readEnv } from "@/env";
import { createAppContext, setAppContext } from "@/server/context";
import { clientAddress } from "@/server/v1/request-input";

import { GET as download } from "../app/v1/documents/[job_id]/download/route";
import { GET as languages } from "../app/v1/languages/route";
import { GET as me } from "../app/v1/me/route";
import { type Harness, call, ensureWindowLeft, expectError, header, randomIp, startApp } from "./helpers";

const ANON_LIMIT = 3;
const SIGNED_LIMIT = 5;

let h: Harness;
beforeAll(async () => {
  h = await startApp({ TOLK_ANON_RATE_LIMIT: String(ANON_LIMIT), TOLK_SIGNED_LINK_RATE_LIMIT: String(SIGNED_LIMIT) });
});
afterAll(() => h.close());

describe("per organization", () => {
  it("admits 30 requests a minute on the free plan and refuses the 31st with 429", async () => {
    const free = await h.org({ plan: "free" });
    const neighbour = await h.org({ plan: "free" });
    await ensureWindowLeft(h, 10);

    for (let i = 1; i <= 30; i++) {
      const r = await call(h, i % 2 ? me : languages, i % 2 ? "/v1/me" : "/v1/languages", {
        token: free.keys.read?.key,
      });
      expect(r.status, `request ${i}`).toBe(200);
      expect(header(r, "x-ratelimit-limit")).toBe("30");
      expect(header(r, "x-ratelimit-remaining")).toBe(String(30 - i));
    }

    const denied = await call(h, me, "/v1/me", { token: free.keys.read?.key });
    const error = expectError(denied, 429, "rate_limit_exceeded", "rate_limit_error");
    expect(error.message).toContain("30");
    expect(header(denied, "x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(header(denied, "retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(header(denied, "retry-after")).toBe(header(denied, "x-ratelimit-reset"));

    // Every key of the organization shares its bucket; a denied request takes nothing more.
    expect((await call(h, me, "/v1/me", { token: free.keys.all?.key })).status).toBe(429);

    // Another organization on the same plan is unaffected.
    const other = await call(h, me, "/v1/me", { token: neighbour.keys.read?.key });
    expect(other.status).toBe(200);
    expect(header(other, "x-ratelimit-remaining")).toBe("29");
  });

  it("counts a request refused for its scope against the organization", async () => {
    const tiny = await h.org({ plan: "enterprise", limits: { api_per_min: 2 } });
    await ensureWindowLeft(h, 5);
    expect((await call(h, me, "/v1/me", { token: tiny.keys.write?.key })).status).toBe(403);
    expect((await call(h, me, "/v1/me", { token: tiny.keys.write?.key })).status).toBe(403);
    expect((await call(h, me, "/v1/me", { token: tiny.keys.read?.key })).status).toBe(429);
  });
});

describe("unauthenticated callers, per client address", () => {
  it(`admits ${ANON_LIMIT} refused requests from one address, then answers 429`, async () => {
    const ip = randomIp();
    await ensureWindowLeft(h, 5);
    for (let i = 1; i <= ANON_LIMIT; i++) {
      const r = await call(h, me, "/v1/me", { ip, token: generateApiKey() });
      expectError(r, 401, "unauthorized", "authentication_error");
      expect(header(r, "x-ratelimit-limit")).toBe(String(ANON_LIMIT));
      expect(header(r, "x-ratelimit-remaining")).toBe(String(ANON_LIMIT - i));
    }
    const denied = await call(h, me, "/v1/me", { ip, token: generateApiKey() });
    expectError(denied, 429, "rate_limit_exceeded", "rate_limit_error");
    expect(header(denied, "retry-after")).toMatch(/^\d+$/);
    expect(header(denied, "x-ratelimit-remaining")).toBe("0");

    // Another address still gets its 401.
    expectError(await call(h, me, "/v1/me", { ip: randomIp() }), 401, "unauthorized", "authentication_error");
    // A valid key from the limited address is not an anonymous caller.
    const org = await h.org();
    expect((await call(h, me, "/v1/me", { ip, token: org.keys.read?.key })).status).toBe(200);
  });

  it("takes the address the nearest proxy appended to X-Forwarded-For, whatever the client put before it", async () => {
    const ip = randomIp();
    await ensureWindowLeft(h, 5);
    for (let i = 0; i < ANON_LIMIT; i++) {
      const r = await call(h, me, "/v1/me", { ip: `${randomIp()}, ${ip}` });
      expect(r.status).toBe(401);
    }
    // A new made-up entry in front does not open a fresh bucket.
    expect((await call(h, me, "/v1/me", { ip: `${randomIp()}, ${ip}` })).status).toBe(429);
    expect((await call(h, me, "/v1/me", { ip })).status).toBe(429);
  });
});

describe("pre-signed links, per client address", () => {
  it("count in their own bucket (TOLK_SIGNED_LINK_RATE_LIMIT), not the anonymous one", async () => {
    const ip = randomIp();
    await ensureWindowLeft(h, 5);
    for (let i = 0; i < ANON_LIMIT; i++) expect((await call(h, me, "/v1/me", { ip })).status).toBe(401);
    expect((await call(h, me, "/v1/me", { ip })).status).toBe(429);
    // The anonymous bucket of this address is empty; its links are still answered (here 403, the
    // signature being made up), counted against the signed-link limit.
    const link = (n: number) =>
      call(
        h,
        download,
        `/v1/documents/job_x${n}/download?expires=${Math.floor(Date.now() / 1000) + 600}&signature=k.bad`,
        {
          ip,
          params: { job_id: `job_x${n}` },
        },
      );
    for (let i = 1; i <= SIGNED_LIMIT; i++) {
      const r = await link(i);
      expectError(r, 403, "invalid_signature", "permission_error");
      expect(header(r, "x-ratelimit-limit")).toBe(String(SIGNED_LIMIT));
      expect(header(r, "x-ratelimit-remaining")).toBe(String(SIGNED_LIMIT - i));
    }
    expectError(await link(0), 429, "rate_limit_exceeded", "rate_limit_error");
    // A download without a signature is an anonymous request like any other.
    expect(
      (await call(h, download, "/v1/documents/job_x/download", { ip: randomIp(), params: { job_id: "job_x" } })).status,
    ).toBe(401);
  });
});

describe("the client address behind TOLK_PROXY_HOPS proxies", () => {
  const from = (headers: Record<string, string>) => new Request("http://localhost/v1/me", { headers });

  it("counts proxies from the right end of X-Forwarded-For", () => {
    const chain = { "x-forwarded-for": "203.0.113.9, 198.51.100.7 , 10.0.0.2" };
    expect(clientAddress(from(chain), 1)).toBe("10.0.0.2");
    expect(clientAddress(from(chain), 2)).toBe("198.51.100.7");
    expect(clientAddress(from(chain), 5)).toBe("203.0.113.9");
  });

  it("falls back to X-Real-IP, then to one shared bucket", () => {
    expect(clientAddress(from({ "x-real-ip": "192.0.2.4" }), 1)).toBe("192.0.2.4");
    expect(clientAddress(from({ "x-forwarded-for": " , ", "x-real-ip": "192.0.2.4" }), 1)).toBe("192.0.2.4");
    expect(clientAddress(from({}), 1)).toBe("unknown");
  });
});

describe.runIf(process.env.TOLK_TEST_REDIS_URL)("two instances sharing Redis", () => {
  it("admit no more than the plan's limit in one window together", async () => {
    const org = await h.org({ plan: "enterprise", limits: { api_per_min: 10 } });
    const token = org.keys.read?.key;
    // A second app instance over the same database and Redis.
    const second = await createAppContext(
      readEnv({ REDIS_URL: process.env.TOLK_TEST_REDIS_URL, TOLK_ANON_RATE_LIMIT: String(ANON_LIMIT) }),
      h.app.database,
    );
    const instances = [h.app, second];
    try {
      await ensureWindowLeft(h, 10);
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++) {
        setAppContext(instances[i % 2]);
        statuses.push((await call(h, me, "/v1/me", { token })).status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    } finally {
      setAppContext(h.app);
      await second.limiter.close(); // not second.close(): the database belongs to the harness
    }
  });
});
