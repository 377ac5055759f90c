import { readFileSync } from "node:fs";

import { afterEach, describe, expect, it } from "vitest";

import {
  APIError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InsufficientCreditsError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  type RetryEvent,
  ServiceUnavailableError,
  TimeoutError,
  TolkClient,
  type TolkClientOptions,
  USER_AGENT,
  ValidationError,
} from "../src";
import { REQUEST_ID, type Reply, apiError, fakeApi, ok } from "./fake-api";

const identity = { user_id: "usr_1", org_id: "org_1", source: "api_key", plan: "free", scopes: ["read"] };
const translation = {
  translation: "Hola",
  source_lang: "en",
  target_lang: "es",
  quality_score: 90,
  credits_used: 4,
  character_count: 4,
};
const rateLimited = (headers: Record<string, string>) =>
  apiError(429, "rate_limit_exceeded", "rate_limit_error", headers);

let api: Awaited<ReturnType<typeof fakeApi>>;
afterEach(() => api.close());

async function clientFor(script: Reply[] | Parameters<typeof fakeApi>[0], options: Partial<TolkClientOptions> = {}) {
  api = await fakeApi(script);
  const retries: RetryEvent[] = [];
  const client = new TolkClient({
    baseUrl: `${api.url}/`,
    token: "svc_test",
    initialRetryDelayMs: 1,
    maxRetryDelayMs: 5,
    onRetry: (e) => retries.push(e),
    ...options,
  });
  return { client, retries };
}

const translate = (client: TolkClient, options = {}) =>
  client.translateText({ text: "Hello", source_lang: "en", target_lang: "es" }, options);

describe("requests", () => {
  it("sends the token, a User-Agent naming the SDK and its version, and JSON", async () => {
    const { client } = await clientFor([ok(translation)]);
    const res = await translate(client);
    expect(res.data.translation).toBe("Hola");
    expect(res.meta.request_id).toBe(REQUEST_ID);
    const [req] = api.received;
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(USER_AGENT).toBe(`tolk-sdk-js/${version}`);
    expect(req?.headers["user-agent"]).toBe(USER_AGENT);
    expect(req?.headers.authorization).toBe("Bearer svc_test");
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(req?.path).toBe("/v1/translate");
    expect(JSON.parse(req?.body.toString() ?? "")).toEqual({ text: "Hello", source_lang: "en", target_lang: "es" });
  });

  it("gives every POST a UUID Idempotency-Key, a new one per call, and no key to a GET", async () => {
    const { client } = await clientFor([ok(translation)]);
    await translate(client);
    await translate(client);
    await client.getMe();
    const keys = api.received.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeUndefined();
  });

  it("sends the caller's Idempotency-Key and extra headers", async () => {
    const { client } = await clientFor([ok(translation)], { headers: { "X-Team": "docs" } });
    await translate(client, { idempotencyKey: "order-42", headers: { "X-Trace": "t1" } });
    expect(api.received[0]?.headers).toMatchObject({
      "idempotency-key": "order-42",
      "x-team": "docs",
      "x-trace": "t1",
    });
  });
});

describe("retries", () => {
  it("retries a 429 after Retry-After, keeping the POST's Idempotency-Key", async () => {
    const { client, retries } = await clientFor([
      rateLimited({ "Retry-After": "0" }),
      rateLimited({ "Retry-After": "0" }),
      ok(translation),
    ]);
    const res = await translate(client);
    expect(res.data.translation).toBe("Hola");
    expect(api.received).toHaveLength(3);
    const keys = new Set(api.received.map((r) => r.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect(retries.map((r) => [r.retry, r.error.code, r.idempotencyKey])).toEqual([
      [1, "rate_limit_exceeded", [...keys][0]],
      [2, "rate_limit_exceeded", [...keys][0]],
    ]);
  });

  it("waits at least what Retry-After asks, not the shorter backoff", async () => {
    const { client, retries } = await clientFor([rateLimited({ "Retry-After": "1" }), ok(identity)]);
    await client.getMe();
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(1_000);
  });

  it("takes the wait from X-RateLimit-Reset when a 429 has no Retry-After", async () => {
    const { client, retries } = await clientFor([rateLimited({ "X-RateLimit-Reset": "1" }), ok(identity)]);
    await client.getMe();
    expect(api.received).toHaveLength(2);
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(1_000);
  });

  it("fails at once with the wait when the server asks longer than maxServerWaitMs", async () => {
    const { client } = await clientFor(
      [rateLimited({ "Retry-After": "30", "X-RateLimit-Reset": "30" }), ok(identity)],
      { maxServerWaitMs: 10_000 },
    );
    const err = await client.getMe().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: "rate_limit_exceeded", retry_after: 30, request_id: REQUEST_ID });
    expect(api.received).toHaveLength(1);
  });

  it("reports the X-RateLimit-Reset wait in a RateLimitError without Retry-After", async () => {
    const { client } = await clientFor([rateLimited({ "X-RateLimit-Reset": "42" })], { maxRetries: 0 });
    await expect(client.getMe()).rejects.toMatchObject({ name: "RateLimitError", retry_after: 42 });
  });

  it("retries 5xx with backoff and throws the typed error once maxRetries are spent", async () => {
    const { client, retries } = await clientFor([apiError(500, "internal_error", "api_error")], { maxRetries: 2 });
    const err = await translate(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err).toMatchObject({
      status: 500,
      code: "internal_error",
      request_id: REQUEST_ID,
      message: "internal_error happened",
    });
    expect(api.received).toHaveLength(3);
    expect(new Set(api.received.map((r) => r.headers["idempotency-key"])).size).toBe(1);
    expect(retries.map((r) => r.delayMs).every((ms) => ms >= 0 && ms <= 5)).toBe(true);
  });

  it("retries a 503 and a 5xx without the error shape (a proxy's page)", async () => {
    const { client } = await clientFor([
      apiError(503, "engine_unavailable", "api_error", { "Retry-After": "0" }),
      { status: 502, body: "<html>Bad Gateway</html>" },
      ok(identity),
    ]);
    expect((await client.getMe()).data.org_id).toBe("org_1");
    expect(api.received).toHaveLength(3);
  });

  it("takes a per-call maxRetries", async () => {
    const { client } = await clientFor([apiError(503, "engine_unavailable", "api_error")], { maxRetries: 5 });
    await expect(client.getMe({ maxRetries: 0 })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(api.received).toHaveLength(1);
  });

  it("retries a 409 idempotency_conflict (an earlier attempt still runs) with the same key", async () => {
    const { client } = await clientFor([
      apiError(409, "idempotency_conflict", "invalid_request_error"),
      ok(translation),
    ]);
    await translate(client);
    expect(api.received).toHaveLength(2);
    expect(api.received[1]?.headers["idempotency-key"]).toBe(api.received[0]?.headers["idempotency-key"]);
  });

  it.each([
    [400, "bad_request", "invalid_request_error"],
    [401, "unauthorized", "authentication_error"],
    [402, "insufficient_credits", "billing_error"],
    [404, "not_found", "invalid_request_error"],
    [422, "idempotency_error", "invalid_request_error"],
  ])("does not retry a %i", async (status, code, type) => {
    const { client } = await clientFor([apiError(status, code, type), ok(translation)]);
    await expect(translate(client)).rejects.toMatchObject({ status, code });
    expect(api.received).toHaveLength(1);
  });

  it("retries a dropped connection, then throws ConnectionError", async () => {
    const { client } = await clientFor([{ destroy: true }], { maxRetries: 2 });
    const err = await translate(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ code: "connection_error", status: null, request_id: null });
    expect(api.received).toHaveLength(3);
    expect(new Set(api.received.map((r) => r.headers["idempotency-key"])).size).toBe(1);
  });

  it("succeeds when a retry after a dropped connection is answered", async () => {
    const { client } = await clientFor([{ destroy: true }, ok(translation)]);
    expect((await translate(client)).data.translation).toBe("Hola");
  });
});

describe("timeouts and abort", () => {
  it("times out an attempt that gets no answer and retries it with the same key", async () => {
    const { client, retries } = await clientFor([{ hang: true }, ok(translation)], { timeoutMs: 50 });
    expect((await translate(client)).data.translation).toBe("Hola");
    expect(retries[0]?.error).toBeInstanceOf(TimeoutError);
    expect(api.received[1]?.headers["idempotency-key"]).toBe(api.received[0]?.headers["idempotency-key"]);
  });

  it("throws TimeoutError when every attempt times out; per-call timeoutMs overrides the client's", async () => {
    const { client } = await clientFor([{ hang: true }], { timeoutMs: 60_000, maxRetries: 1 });
    const err = await client.getMe({ timeoutMs: 30 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ code: "timeout", status: null });
    expect(api.received).toHaveLength(2);
  });

  it("rejects with the signal's reason when the caller aborts a pending request, without retrying", async () => {
    const { client } = await clientFor([{ hang: true }]);
    const controller = new AbortController();
    const pending = client.getMe({ signal: controller.signal });
    await waitFor(() => api.received.length === 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(api.received).toHaveLength(1);
  });

  it("stops waiting for a retry when the caller aborts", async () => {
    const controller = new AbortController();
    const { client } = await clientFor([rateLimited({ "Retry-After": "50" })], {
      onRetry: () => controller.abort(new Error("user gave up")),
    });
    await expect(client.getMe({ signal: controller.signal })).rejects.toThrow("user gave up");
    expect(api.received).toHaveLength(1);
  });

  it("does not send a request whose signal is already aborted", async () => {
    const { client } = await clientFor([ok(identity)]);
    await expect(client.getMe({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(api.received).toHaveLength(0);
  });
});

describe("typed errors", () => {
  it.each([
    [400, "bad_request", "invalid_request_error", ValidationError],
    [401, "unauthorized", "authentication_error", AuthenticationError],
    [402, "insufficient_credits", "billing_error", InsufficientCreditsError],
    [403, "insufficient_scope", "permission_error", PermissionDeniedError],
    [404, "not_found", "invalid_request_error", NotFoundError],
    [405, "method_not_allowed", "invalid_request_error", APIError],
    [409, "idempotency_conflict", "invalid_request_error", ConflictError],
    [413, "file_too_large", "invalid_request_error", PayloadTooLargeError],
    [422, "idempotency_error", "invalid_request_error", ValidationError],
    [429, "rate_limit_exceeded", "rate_limit_error", RateLimitError],
    [500, "internal_error", "api_error", InternalServerError],
    [503, "service_unavailable", "api_error", ServiceUnavailableError],
  ])("%i %s is a %o carrying code, status, request_id and message", async (status, code, type, ErrorClass) => {
    const { client } = await clientFor([apiError(status, code, type, {}, "target_lang")], { maxRetries: 0 });
    const err = await translate(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErrorClass);
    expect(err).toBeInstanceOf(APIError);
    expect(err).toMatchObject({
      status,
      code,
      type,
      request_id: REQUEST_ID,
      message: `${code} happened`,
      param: "target_lang",
      name: ErrorClass.name,
    });
  });

  it("keeps the status and the X-Request-Id of an answer without the error shape", async () => {
    const { client } = await clientFor([{ status: 404, body: "not here", headers: { "X-Request-Id": "rid-1" } }]);
    await expect(client.getMe()).rejects.toMatchObject({
      name: "NotFoundError",
      status: 404,
      code: "http_404",
      request_id: "rid-1",
    });
  });

  it("says so when a success is not JSON", async () => {
    const { client } = await clientFor([{ status: 200, body: "<html></html>" }]);
    await expect(client.getMe()).rejects.toMatchObject({ code: "invalid_response", status: 200 });
  });
});

async function waitFor(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}
