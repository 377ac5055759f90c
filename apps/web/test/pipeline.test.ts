// The POST handling of the /v1 pipeline: body reading and validation, size limits,
// Idempotency-Key, and server failures. A synthetic route parses a body with zod and debits
// credits with the request id as the operation key, as the translation routes do, so each rule
// is tested apart from any one route.
import { quotaResponse } from "@tolk/contract";
import { debitCredits, idempotencyConflict } from "@tolk/domain";
import { configureLogger } from "@tolk/platform";
import { type TestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

import { type MethodSpec, runV1 } from "@/server/v1/pipeline";

import { GET as quota } from "../app/v1/quota/route";
import {
  type Harness,
  type Reply,
  call,
  ensureWindowLeft,
  expectConventions,
  expectError,
  header,
  makeRequest,
  reply,
  sleep,
  startApp,
} from "./helpers";

const MAX_BODY = 1024;
const PATH = "/v1/test/echo";

const echoBody = z.object({
  text: z.string().min(1),
  target_lang: z.string().regex(/^[a-z]{2}$/),
});

let executions = 0;
let handlerDelayMs = 0;
/** Thrown by the handler's next run (after the body is parsed, before anything is billed). */
let failNext: unknown = undefined;

const spec: MethodSpec = {
  scopes: ["translate"],
  buckets: ["translate"],
  maxBodyBytes: MAX_BODY,
  handler: async ({ app, principal, requestId, body }) => {
    const input = body(echoBody);
    if (failNext !== undefined) {
      const err = failNext;
      failNext = undefined;
      throw err;
    }
    if (handlerDelayMs) await sleep(handlerDelayMs);
    const credits = input.text.length;
    await debitCredits(app.domain, { orgId: principal.org.id, amount: credits, operationKey: requestId });
    executions++;
    return { data: { translation: input.text.toUpperCase(), credits_used: credits }, meta: { credits_used: credits } };
  },
};

let h: Harness;
let org: TestOrg;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h.close());
beforeEach(async () => {
  executions = 0;
  handlerDelayMs = 0;
  failNext = undefined;
  org = await h.org({ plan: "starter" });
});

const token = () => org.keys.translate?.key ?? "";

async function post(
  body: BodyInit | undefined,
  options: { idempotencyKey?: string; headers?: Record<string, string>; token?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  const init = { method: "POST", token: options.token ?? token(), headers, body, ip: h.clientIp };
  return reply(await runV1(makeRequest(PATH, init), undefined, spec));
}

async function consumed(): Promise<number> {
  const r = await call(h, quota, "/v1/quota", { token: org.keys.read?.key });
  return quotaResponse.parse(r.json).data.credits.consumed;
}

const json = (v: unknown) => JSON.stringify(v);

describe("body", () => {
  it("runs the handler with a valid body and wraps its answer in the envelope", async () => {
    const r = await post(json({ text: "hello", target_lang: "de" }));
    expect(r.status).toBe(200);
    expectConventions(r);
    expect(r.json).toEqual({
      data: { translation: "HELLO", credits_used: 5 },
      meta: { request_id: header(r, "x-request-id"), credits_used: 5 },
    });
    expect(await consumed()).toBe(5);
    // The headers report the tighter bucket: starter translate 60/min before api 120/min.
    expect(header(r, "x-ratelimit-limit")).toBe("60");
    expect(header(r, "x-ratelimit-remaining")).toBe("59");
  });

  it.each([
    ["not JSON", "{text: hello"],
    ["an empty body", ""],
    ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ])("refuses %s with 400 bad_request", async (_name, body) => {
    const r = await post(body);
    const error = expectError(r, 400, "bad_request", "invalid_request_error");
    expect(error.message).toMatch(/not valid JSON/);
    expect(executions).toBe(0);
  });

  it.each([
    ["an array", "[1, 2]"],
    ["a string", '"text"'],
    ["null", "null"],
  ])("refuses %s with 400: the body must be an object", async (_name, body) => {
    const error = expectError(await post(body), 400, "bad_request", "invalid_request_error");
    expect(error.message).toMatch(/JSON object/);
  });

  it("names the field that violates the schema", async () => {
    const empty = expectError(
      await post(json({ text: "", target_lang: "de" })),
      400,
      "bad_request",
      "invalid_request_error",
    );
    expect(empty.param).toBe("text");
    expect(empty.message).toContain("text");
    const missing = expectError(await post(json({ text: "hi" })), 400, "bad_request", "invalid_request_error");
    expect(missing.param).toBe("target_lang");
    expect(missing.message).toContain("target_lang");
    expect(executions).toBe(0);
    expect(await consumed()).toBe(0);
  });

  it("reads the whole body whatever its Content-Length says, under the limit", async () => {
    const body = json({ text: "hello there", target_lang: "de" });
    for (const length of ["10", String(body.length), String(body.length + 200)]) {
      const r = await post(body, { headers: { "content-length": length } });
      expect(r.status, `Content-Length ${length}`).toBe(200);
      expect((r.json as { data: { translation: string } }).data.translation).toBe("HELLO THERE");
    }
  });

  it("refuses a body over the limit with 413, by its Content-Length", async () => {
    const big = json({ text: "x".repeat(MAX_BODY), target_lang: "de" });
    const r = await post(big, { headers: { "content-length": String(big.length) } });
    const error = expectError(r, 413, "payload_too_large", "invalid_request_error");
    expect(error.message).toContain(String(MAX_BODY));
  });

  it("refuses a body over the limit with 413 when Content-Length is absent or lies", async () => {
    const chunk = new TextEncoder().encode("x".repeat(256));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const headers = new Headers({ authorization: `Bearer ${token()}`, "x-forwarded-for": h.clientIp });
    const init: RequestInit & { duplex: "half" } = { method: "POST", headers, body: stream, duplex: "half" };
    const streamed = await reply(await runV1(new Request(`http://localhost${PATH}`, init), undefined, spec));
    expectError(streamed, 413, "payload_too_large", "invalid_request_error");
    expect(pulled).toBeLessThan(100); // reading stopped at the limit

    const big = json({ text: "x".repeat(MAX_BODY), target_lang: "de" });
    const lying = await post(big, { headers: { "content-length": "10" } });
    expectError(lying, 413, "payload_too_large", "invalid_request_error");
    expect(executions).toBe(0);
  });

  it("checks the scope before reading the body or billing", async () => {
    const r = await post(json({ text: "hello", target_lang: "de" }), { token: org.keys.read?.key });
    expectError(r, 403, "insufficient_scope", "permission_error");
    expect(executions).toBe(0);
  });

  it("maps a domain refusal (402 insufficient credits) to the error body", async () => {
    const poor = await h.org({ plan: "enterprise", limits: { monthly_credits: 3 } });
    const r = await post(json({ text: "hello", target_lang: "de" }), { token: poor.keys.translate?.key });
    const error = expectError(r, 402, "insufficient_credits", "billing_error");
    expect(error.message).toMatch(/needs 5 and 3 are available/);
  });
});

describe("the route's own rate-limit bucket", () => {
  it("refuses the route once its bucket is empty, while other routes still answer", async () => {
    const tight = await h.org({ plan: "enterprise", limits: { translate_per_min: 2, api_per_min: 100 } });
    await ensureWindowLeft(h, 5);
    const body = json({ text: "hi", target_lang: "de" });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(body, { token: tight.keys.all?.key })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const denied = await post(body, { token: tight.keys.all?.key });
    const error = expectError(denied, 429, "rate_limit_exceeded", "rate_limit_error");
    expect(error.message).toContain("translate");
    expect(header(denied, "x-ratelimit-limit")).toBe("2");
    expect(executions).toBe(2);

    const other = await call(h, quota, "/v1/quota", { token: tight.keys.all?.key });
    expect(other.status).toBe(200);
    // Only the admitted requests took from `api`: 2 POSTs, then this GET.
    expect(header(other, "x-ratelimit-remaining")).toBe("97");
  });
});

describe("Idempotency-Key", () => {
  const body = json({ text: "hello world", target_lang: "fr" });

  it("replays the stored response for the same key and body, and bills once", async () => {
    const first = await post(body, { idempotencyKey: "order-1" });
    expect(first.status).toBe(200);
    expect(header(first, "idempotent-replayed")).toBeNull();

    const again = await post(body, { idempotencyKey: "order-1" });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(header(again, "idempotent-replayed")).toBe("true");
    expectConventions(again);

    expect(executions).toBe(1);
    expect(await consumed()).toBe(11);
  });

  it("replays an input error too (same status and body)", async () => {
    const bad = json({ text: "", target_lang: "fr" });
    const first = await post(bad, { idempotencyKey: "bad-1" });
    expect(first.status).toBe(400);
    const again = await post(bad, { idempotencyKey: "bad-1" });
    expect(again.status).toBe(400);
    expect(again.text).toBe(first.text);
    expect(header(again, "idempotent-replayed")).toBe("true");
  });

  it("refuses the same key with another body with 422 idempotency_error", async () => {
    expect((await post(body, { idempotencyKey: "order-2" })).status).toBe(200);
    const other = await post(json({ text: "something else", target_lang: "fr" }), { idempotencyKey: "order-2" });
    expectError(other, 422, "idempotency_error", "invalid_request_error");
    expect(executions).toBe(1);
    expect(await consumed()).toBe(11);
  });

  it("scopes keys to the organization", async () => {
    const other = await h.org();
    expect((await post(body, { idempotencyKey: "shared-key" })).status).toBe(200);
    const theirs = await post(json({ text: "different", target_lang: "fr" }), {
      idempotencyKey: "shared-key",
      token: other.keys.translate?.key,
    });
    expect(theirs.status).toBe(200);
    expect(header(theirs, "idempotent-replayed")).toBeNull();
    expect(executions).toBe(2);
  });

  it("refuses a malformed key with 400", async () => {
    for (const key of ["has space", "x".repeat(256), "ümlaut"]) {
      const r = await post(body, { headers: { "idempotency-key": key } }).catch(() => null);
      // Headers that are not ByteStrings cannot even be sent; the others are refused.
      if (!r) continue;
      const error = expectError(r, 400, "bad_request", "invalid_request_error");
      expect(error.param).toBe("Idempotency-Key");
    }
    expect(executions).toBe(0);
  });

  it("runs concurrent duplicates once: the others replay or get 409", async () => {
    handlerDelayMs = 150;
    const replies = await Promise.all(Array.from({ length: 10 }, () => post(body, { idempotencyKey: "burst" })));
    const fresh = replies.filter((r) => r.status === 200 && header(r, "idempotent-replayed") === null);
    const replayed = replies.filter((r) => r.status === 200 && header(r, "idempotent-replayed") === "true");
    const conflicts = replies.filter((r) => r.status === 409);
    expect(fresh).toHaveLength(1);
    expect(fresh.length + replayed.length + conflicts.length).toBe(10);
    expect(conflicts.length).toBeGreaterThan(0); // the handler was still running for some
    for (const r of conflicts) expectError(r, 409, "idempotency_conflict", "invalid_request_error");
    for (const r of replayed) expect(r.text).toBe(fresh[0]?.text);
    expect(executions).toBe(1);
    expect(await consumed()).toBe(11);

    // Once the first has finished, a retry is a replay.
    const later = await post(body, { idempotencyKey: "burst" });
    expect(later.text).toBe(fresh[0]?.text);
  });

  it("does not replay a 409 the work answered (an earlier attempt's job still running): the retry runs", async () => {
    failNext = idempotencyConflict(2);
    const first = await post(body, { idempotencyKey: "busy-job" });
    expectError(first, 409, "idempotency_conflict", "invalid_request_error");
    const retry = await post(body, { idempotencyKey: "busy-job" });
    expect(retry.status).toBe(200);
    expect(header(retry, "idempotent-replayed")).toBeNull();
    expect(executions).toBe(1);
  });

  it("holds the key no longer than the request's deadline: a retry then runs under the same operation and is not billed again", async () => {
    const env = h.app.env as { TOLK_IDEMPOTENCY_LEASE_S: number; TOLK_REQUEST_DEADLINE_S: number };
    const saved = { ...env };
    // Shorter than the schema allows, so that the test does not wait minutes.
    Object.assign(env, { TOLK_IDEMPOTENCY_LEASE_S: 1, TOLK_REQUEST_DEADLINE_S: 2 });
    try {
      handlerDelayMs = 6_000;
      const slow = post(body, { idempotencyKey: "slow" });
      await sleep(300);
      expectError(await post(body, { idempotencyKey: "slow" }), 409, "idempotency_conflict", "invalid_request_error");
      handlerDelayMs = 0;
      let retry = await post(body, { idempotencyKey: "slow" });
      for (let i = 0; i < 100 && retry.status === 409; i++) {
        await sleep(100);
        retry = await post(body, { idempotencyKey: "slow" });
      }
      // The first attempt is still running (its handler sleeps), and yet the retry has run.
      expect(executions).toBe(1);
      expect(retry.status).toBe(200);
      expect(header(retry, "idempotent-replayed")).toBeNull();
      expect((await slow).status).toBe(200);
      expect(executions).toBe(2);
      // Both ran under the first attempt's operation key: one debit.
      expect(await consumed()).toBe(11);
    } finally {
      Object.assign(env, saved);
    }
  });
});

describe("server failures", () => {
  it("answer 500 internal_error with a generic message and no stack, and free the key", async () => {
    const lines: Record<string, unknown>[] = [];
    configureLogger({
      level: "info",
      format: "json",
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      failNext = new Error("connection to 10.0.0.7 refused: password=hunter2");
      const body = json({ text: "retry me", target_lang: "de" });
      const failed = await post(body, { idempotencyKey: "flaky" });
      const error = expectError(failed, 500, "internal_error", "api_error");
      expect(failed.text).not.toContain("hunter2");
      expect(failed.text).not.toContain("10.0.0.7");
      expect(error.message).toMatch(/internal error/i);
      // It was logged on the server, under the request id, with the cause.
      const logged = lines.find((l) => l.msg === "request failed");
      expect(logged).toMatchObject({
        request_id: header(failed, "x-request-id"),
        err: { message: "connection to 10.0.0.7 refused: password=hunter2" },
      });

      // The key was freed: the retry runs (and bills) instead of replaying the 500.
      const retry = await post(body, { idempotencyKey: "flaky" });
      expect(retry.status).toBe(200);
      expect(header(retry, "idempotent-replayed")).toBeNull();
      expect(executions).toBe(1);
      expect(await consumed()).toBe(8);
    } finally {
      configureLogger({ level: "info", format: "json" });
    }
  });

  it.each([
    ["a TypeError", new TypeError("Cannot read properties of undefined (reading 'secretField')")],
    ["a thrown string", "secretField exploded"],
    ["a thrown object", { secretField: 1 }],
  ])("turn %s into the same 500", async (_name, thrown) => {
    configureLogger({ level: "silent", format: "json" });
    try {
      failNext = thrown;
      const r = await post(json({ text: "x", target_lang: "de" }));
      expectError(r, 500, "internal_error", "api_error");
      expect(r.text).not.toContain("secretField");
      expect(executions).toBe(0);
    } finally {
      configureLogger({ level: "info", format: "json" });
    }
  });
});
