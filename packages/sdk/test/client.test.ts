import { describe, expect, it } from "vitest";

import { TolkApiError, TolkClient, backoffMs } from "../src";

const me = {
  data: { user_id: "usr_1", org_id: "org_1", source: "api_key", plan: "free", scopes: ["read"] },
  meta: { request_id: "6f1c1f5e-9a43-4f61-8d7e-2b1d6f0a7c11" },
};
const rateLimited = {
  error: { code: "rate_limit_exceeded", message: "slow down", type: "rate_limit_error", request_id: "6f1c1f5e-9a43-4f61-8d7e-2b1d6f0a7c12" },
};

function scripted(responses: (() => Response)[]) {
  const calls: RequestInit[] = [];
  const impl = (async (_url: string, init: RequestInit) => {
    calls.push(init);
    const next = responses.shift();
    if (!next) throw new Error("no more responses");
    return next();
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe("TolkClient", () => {
  it("retries a 429 and then returns the parsed body", async () => {
    const { impl, calls } = scripted([() => Response.json(rateLimited, { status: 429, headers: { "Retry-After": "0" } }), () => Response.json(me)]);
    const client = new TolkClient({ baseUrl: "http://x", token: "svc_t", fetch: impl, maxBackoffMs: 5 });
    const res = await client.me();
    expect(res.data.org_id).toBe("org_1");
    expect(calls).toHaveLength(2);
  });

  it("throws TolkApiError with the spec's fields once retries are spent", async () => {
    const { impl } = scripted([0, 1].map(() => () => Response.json(rateLimited, { status: 429, headers: { "Retry-After": "0" } })));
    const client = new TolkClient({ baseUrl: "http://x", token: "svc_t", fetch: impl, maxRetries: 1, maxBackoffMs: 5 });
    const err = await client.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TolkApiError);
    expect(err).toMatchObject({ status: 429, code: "rate_limit_exceeded", type: "rate_limit_error" });
  });

  it("does not retry a 4xx other than 429", async () => {
    const { impl, calls } = scripted([
      () => Response.json({ error: { ...rateLimited.error, code: "unauthorized", type: "authentication_error" } }, { status: 401 }),
    ]);
    const client = new TolkClient({ baseUrl: "http://x", token: "svc_t", fetch: impl, maxBackoffMs: 5 });
    await expect(client.me()).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it("keeps one Idempotency-Key across the retries of a POST", async () => {
    const { impl, calls } = scripted([() => new Response("boom", { status: 503 }), () => Response.json(me)]);
    const client = new TolkClient({ baseUrl: "http://x", token: "svc_t", fetch: impl, maxBackoffMs: 5 });
    const { meResponse } = await import("@tolk/contract");
    await client.request("POST", "/v1/anything", meResponse, { body: { a: 1 } });
    const keys = calls.map((c) => (c.headers as Record<string, string>)["Idempotency-Key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("never waits less than Retry-After nor more than the cap", () => {
    for (let i = 0; i < 100; i++) {
      const ms = backoffMs(i % 6, 2, 30_000);
      expect(ms).toBeGreaterThanOrEqual(2_000);
      expect(ms).toBeLessThanOrEqual(30_000);
    }
    expect(backoffMs(10, 120, 30_000)).toBe(30_000);
  });
});
