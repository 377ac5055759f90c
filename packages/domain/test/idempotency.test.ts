import { idempotencyRecords } from "@tolk/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  IDEMPOTENCY_TTL_MS,
  TolkError,
  IDEMPOTENCY_LEASE_MS,
  beginIdempotentRequest,
  completeIdempotentRequest,
  releaseIdempotentRequest,
  renewIdempotentRequest,
  requestFingerprint,
  sweepIdempotencyRecords,
} from "../src";
import { createTestOrg } from "../src/testing";
import { HOUR, rejection } from "./helpers";
import { useTestDb } from "./support";

const t = useTestDb({ resetClock: true });
const { ctx } = t;

const body = (text: string) => new TextEncoder().encode(JSON.stringify({ text, source_lang: "en", target_lang: "de" }));
const fpA = requestFingerprint("POST", "/v1/translate", body("Hello"));
const fpB = requestFingerprint("POST", "/v1/translate", body("Goodbye"));

// Every claim below is made by the request "req_first" unless a test says otherwise.
const FIRST = "req_first";
const begin = (o: { orgId: string; key: string; fingerprint: string; requestId?: string }) =>
  beginIdempotentRequest(ctx, { requestId: FIRST, ...o });
const complete = (o: { orgId: string; key: string; status: number; body: string }) =>
  completeIdempotentRequest(ctx, { operationKey: FIRST, ...o });
const fresh = { kind: "new", operationKey: FIRST, resumed: false };

async function newOrg() {
  return (await createTestOrg(ctx, { keyScopes: {} })).orgId;
}

describe("request fingerprint", () => {
  it("differs by method, path and body, and is stable for the same request", () => {
    expect(requestFingerprint("POST", "/v1/translate", body("Hello"))).toBe(fpA);
    expect(fpA).not.toBe(fpB);
    expect(requestFingerprint("POST", "/v1/translate/batch", body("Hello"))).not.toBe(fpA);
    expect(requestFingerprint("PUT", "/v1/translate", body("Hello"))).not.toBe(fpA);
  });
});

describe("Idempotency-Key records", () => {
  it("runs the first request, then replays its stored status and body", async () => {
    const orgId = await newOrg();
    expect(await begin({ orgId, key: "k1", fingerprint: fpA })).toEqual(fresh);
    const response = JSON.stringify({ meta: { request_id: "r1" }, data: { translation: "Hallo", credits_used: 5 } });
    await complete({ orgId, key: "k1", status: 200, body: response });
    t.clock.advance(HOUR);
    expect(await begin({ orgId, key: "k1", fingerprint: fpA })).toEqual({
      kind: "replay",
      status: 200,
      body: response,
    });
  });

  it("replays a stored error response too, with its status", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k-err", fingerprint: fpA });
    const error = JSON.stringify({
      error: { code: "insufficient_credits", type: "billing_error", message: "…", request_id: "r" },
    });
    await complete({ orgId, key: "k-err", status: 402, body: error });
    expect(await begin({ orgId, key: "k-err", fingerprint: fpA })).toEqual({
      kind: "replay",
      status: 402,
      body: error,
    });
  });

  it("refuses the same key with another request: 422 idempotency_error", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k2", fingerprint: fpA });
    await complete({ orgId, key: "k2", status: 200, body: JSON.stringify({ ok: true }) });
    const err = await rejection(begin({ orgId, key: "k2", fingerprint: fpB }));
    expect(err.status).toBe(422);
    expect(err.code).toBe("idempotency_error");
    expect(err.type).toBe("invalid_request_error");
    // Also while the first is still running.
    await begin({ orgId, key: "k2-running", fingerprint: fpA });
    expect((await rejection(begin({ orgId, key: "k2-running", fingerprint: fpB }))).status).toBe(422);
  });

  it("answers 409 idempotency_conflict with Retry-After while the first request holds its lease", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k3", fingerprint: fpA });
    t.clock.advance(IDEMPOTENCY_LEASE_MS - 10_000);
    const err = await rejection(begin({ orgId, key: "k3", fingerprint: fpA }));
    expect(err.status).toBe(409);
    expect(err.code).toBe("idempotency_conflict");
    expect(err.type).toBe("invalid_request_error");
    expect(err.extra.headers?.["Retry-After"]).toBe("10");
  });

  it("a renewed lease keeps the claim for as long as the first request runs", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k-renew", fingerprint: fpA });
    for (let i = 0; i < 5; i++) {
      t.clock.advance(IDEMPOTENCY_LEASE_MS / 2);
      await renewIdempotentRequest(ctx, { orgId, key: "k-renew", operationKey: FIRST });
    }
    t.clock.advance(IDEMPOTENCY_LEASE_MS / 2);
    expect((await rejection(begin({ orgId, key: "k-renew", fingerprint: fpA, requestId: "req_second" }))).status).toBe(
      409,
    );
  });

  it("of 20 simultaneous requests with one key exactly one runs; the others get 409", async () => {
    const orgId = await newOrg();
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () => begin({ orgId, key: "burst", fingerprint: fpA })),
    );
    const started = settled.filter((s) => s.status === "fulfilled" && s.value.kind === "new");
    const conflicts = settled.filter(
      (s) => s.status === "rejected" && s.reason instanceof TolkError && s.reason.status === 409,
    );
    expect(started).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
  });

  it("takes over a claim whose lease ran out (its process died) under the first attempt's operation key", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k4", fingerprint: fpA });
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
    expect(await begin({ orgId, key: "k4", fingerprint: fpA, requestId: "req_second" })).toEqual({
      kind: "new",
      operationKey: FIRST,
      resumed: true,
    });
    // The taker now holds it: a further retry right away is a conflict again.
    expect((await rejection(begin({ orgId, key: "k4", fingerprint: fpA, requestId: "req_third" }))).status).toBe(409);
  });

  it("of 10 simultaneous retries of an expired claim exactly one takes it over", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k-race", fingerprint: fpA });
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => begin({ orgId, key: "k-race", fingerprint: fpA, requestId: `req_${i}` })),
    );
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
  });

  it("keeps a key 24 hours; after that the key runs as a new request", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k5", fingerprint: fpA });
    await complete({ orgId, key: "k5", status: 200, body: JSON.stringify({ n: 1 }) });

    t.clock.advance(IDEMPOTENCY_TTL_MS - 1_000);
    expect((await begin({ orgId, key: "k5", fingerprint: fpA })).kind).toBe("replay");
    expect((await rejection(begin({ orgId, key: "k5", fingerprint: fpB }))).status).toBe(422);

    t.clock.advance(2_000);
    // Even with another body: the old record is gone.
    expect(await begin({ orgId, key: "k5", fingerprint: fpB })).toEqual(fresh);
    await complete({ orgId, key: "k5", status: 201, body: JSON.stringify({ n: 2 }) });
    expect(await begin({ orgId, key: "k5", fingerprint: fpB })).toEqual({
      kind: "replay",
      status: 201,
      body: JSON.stringify({ n: 2 }),
    });
  });

  it("scopes keys per organization: org B with org A's key runs as new and never sees A's response", async () => {
    const orgA = await newOrg();
    const orgB = await newOrg();
    await begin({ orgId: orgA, key: "shared-key", fingerprint: fpA });
    await complete({ orgId: orgA, key: "shared-key", status: 200, body: JSON.stringify({ secret: "A's data" }) });
    expect(await begin({ orgId: orgB, key: "shared-key", fingerprint: fpA })).toEqual(fresh);
    await complete({ orgId: orgB, key: "shared-key", status: 200, body: JSON.stringify({ secret: "B's data" }) });
    expect(await begin({ orgId: orgA, key: "shared-key", fingerprint: fpA })).toMatchObject({
      body: JSON.stringify({ secret: "A's data" }),
    });
    expect(await begin({ orgId: orgB, key: "shared-key", fingerprint: fpA })).toMatchObject({
      body: JSON.stringify({ secret: "B's data" }),
    });
  });

  it.each([
    ["empty", ""],
    ["256 characters", "k".repeat(256)],
    ["non-ASCII", "schlüssel"],
    ["an emoji", "key-🔑"],
    ["a space", "my key"],
    ["a newline", "key\n"],
  ])("refuses an invalid key (%s) with 400", async (_name, key) => {
    const orgId = await newOrg();
    const err = await rejection(begin({ orgId, key, fingerprint: fpA }));
    expect(err.status).toBe(400);
    expect(err.code).toBe("bad_request");
  });

  it("accepts a key of exactly 255 visible ASCII characters and a UUID", async () => {
    const orgId = await newOrg();
    expect((await begin({ orgId, key: "k".repeat(255), fingerprint: fpA })).kind).toBe("new");
    expect((await begin({ orgId, key: crypto.randomUUID(), fingerprint: fpA })).kind).toBe("new");
  });

  it("release lets the retry run at once under the same operation key; a completed record is not released", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "k6", fingerprint: fpA });
    await releaseIdempotentRequest(ctx, { orgId, key: "k6", operationKey: FIRST });
    expect(await begin({ orgId, key: "k6", fingerprint: fpA, requestId: "req_second" })).toEqual({
      kind: "new",
      operationKey: FIRST,
      resumed: true,
    });

    await complete({ orgId, key: "k6", status: 200, body: JSON.stringify({ done: true }) });
    await releaseIdempotentRequest(ctx, { orgId, key: "k6", operationKey: FIRST });
    expect((await begin({ orgId, key: "k6", fingerprint: fpA })).kind).toBe("replay");
  });

  it("the sweeper deletes only records past their 24 hours", async () => {
    const orgId = await newOrg();
    await begin({ orgId, key: "old", fingerprint: fpA });
    t.clock.advance(12 * HOUR);
    await begin({ orgId, key: "young", fingerprint: fpA });
    t.clock.advance(12 * HOUR + 1);
    expect(await sweepIdempotencyRecords(ctx)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db
      .select({ key: idempotencyRecords.key })
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.orgId, orgId));
    expect(left.map((r) => r.key)).toEqual(["young"]);
  });
});
