import { describe, expect, it } from "vitest";

import {
  type Principal,
  REDACTED,
  RequestLogWriter,
  SUMMARY_LIMITS,
  getRequestLogEntry,
  listRequestLog,
  requestLogEntry,
  summarizeRequest,
  summarizeRequestBody,
} from "../src";
import { createTestOrg } from "../src/testing";
import { loadOrg, rejection } from "./helpers";
import { useTestDb } from "./support";

const t = useTestDb({ resetClock: true });
const { ctx } = t;

const HOUR = 3_600_000;

async function orgWithPrincipals() {
  const org = await createTestOrg(ctx);
  const key = org.keys.all;
  if (!key) throw new Error("the test org has a key");
  const base = { userId: org.ownerId, org: await loadOrg(ctx, org.orgId) };
  const keyPrincipal: Principal = { ...base, source: "api_key", scopes: ["translate"], keyId: key.id };
  const member: Principal = { ...base, source: "idp_jwt", scopes: null, keyId: null };
  return { org, key, keyPrincipal, member };
}

/** An entry as a door records it: finished `hoursAgo` before the test clock's now. */
function made(
  principal: Principal,
  source: "api" | "console",
  hoursAgo: number,
  over: Partial<Parameters<typeof requestLogEntry>[0]> = {},
) {
  return requestLogEntry({
    source,
    principal,
    requestId: crypto.randomUUID(),
    method: "POST",
    route: source === "console" ? "translate.text" : "/v1/translate",
    status: 200,
    durationMs: 40,
    summary: { text: "Hello", target_lang: "es" },
    finishedAt: new Date(ctx.now().getTime() - hoursAgo * HOUR),
    ...over,
  });
}

async function write(...entries: ReturnType<typeof requestLogEntry>[]) {
  const writer = new RequestLogWriter(ctx, { flushMs: 60_000 });
  for (const e of entries) writer.record(e);
  await writer.flush();
}

describe("request log: date range", () => {
  it("lists only the requests made within [from, to), newest first, and pages within the range", async () => {
    const { org, keyPrincipal } = await orgWithPrincipals();
    const hours = [0.5, 2, 30, 24 * 8, 24 * 20];
    const entries = hours.map((h) => made(keyPrincipal, "api", h));
    await write(...entries);
    const now = ctx.now().getTime();
    const ids = async (
      from: number | null,
      to: number | null,
      extra: { limit?: number; cursor?: string | null } = {},
    ) => {
      const page = await listRequestLog(ctx, {
        orgId: org.orgId,
        from: from === null ? null : new Date(from),
        to: to === null ? null : new Date(to),
        ...extra,
      });
      return { ids: page.items.map((r) => r.requestId), next: page.nextCursor };
    };
    const byHours = (...hs: number[]) => hs.map((h) => entries[hours.indexOf(h)]?.requestId);
    // The presets: the last 24 hours, 7 days, 30 days.
    expect((await ids(now - 24 * HOUR, null)).ids).toEqual(byHours(0.5, 2));
    expect((await ids(now - 7 * 24 * HOUR, null)).ids).toEqual(byHours(0.5, 2, 30));
    expect((await ids(now - 30 * 24 * HOUR, null)).ids).toEqual(byHours(0.5, 2, 30, 24 * 8, 24 * 20));
    // A custom range: `to` is exclusive, so a request made at its instant is left out.
    const atTwoHours = entries[1]?.createdAt.getTime() ?? 0;
    expect((await ids(now - 10 * 24 * HOUR, atTwoHours)).ids).toEqual(byHours(30, 24 * 8));
    expect((await ids(atTwoHours, null)).ids).toEqual(byHours(0.5, 2));
    // Pages stay within the range.
    const first = await ids(now - 30 * 24 * HOUR, now - HOUR, { limit: 2 });
    expect(first.ids).toEqual(byHours(2, 30));
    expect((await ids(now - 30 * 24 * HOUR, now - HOUR, { limit: 2, cursor: first.next })).ids).toEqual(
      byHours(24 * 8, 24 * 20),
    );
  });

  it("refuses a range that ends before it starts", async () => {
    const { org } = await orgWithPrincipals();
    const now = ctx.now().getTime();
    const err = await rejection(
      listRequestLog(ctx, { orgId: org.orgId, from: new Date(now), to: new Date(now - HOUR) }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/ends before it starts/);
  });
});

describe("request log: console requests", () => {
  it("records a console translation as source console with the member, never under a key", async () => {
    const { org, keyPrincipal, member } = await orgWithPrincipals();
    const fromConsole = made(member, "console", 0.1);
    const fromApi = made(keyPrincipal, "api", 0.2);
    await write(fromConsole, fromApi);
    const consoleRows = (await listRequestLog(ctx, { orgId: org.orgId, source: "console" })).items;
    expect(consoleRows).toEqual([
      expect.objectContaining({
        requestId: fromConsole.requestId,
        source: "console",
        route: "translate.text",
        keyId: null,
        userId: org.ownerId,
        userEmail: `owner-${org.orgId.toLowerCase()}@example.com`,
      }),
    ]);
    const apiRows = (await listRequestLog(ctx, { orgId: org.orgId, source: "api" })).items;
    // A key's principal names the organization's owner, who did not make the request.
    expect(apiRows).toEqual([
      expect.objectContaining({
        requestId: fromApi.requestId,
        source: "api",
        keyName: "all",
        userId: null,
        userEmail: null,
      }),
    ]);
  });

  it("an entry from before the source column reads as an API request", async () => {
    const { org } = await orgWithPrincipals();
    const writer = new RequestLogWriter(ctx, { flushMs: 60_000 });
    writer.record({
      orgId: org.orgId,
      requestId: "req-old",
      apiKeyId: null,
      method: "GET",
      route: "/v1/me",
      status: 200,
      durationMs: 3,
      errorCode: null,
      errorMessage: null,
      createdAt: ctx.now(),
    });
    await writer.flush();
    expect((await listRequestLog(ctx, { orgId: org.orgId, source: "api" })).items.map((r) => r.requestId)).toEqual([
      "req-old",
    ]);
  });
});

describe("request log: detail", () => {
  it("holds the summary and the whole error of a long refusal, for its own organization only", async () => {
    const { org, keyPrincipal } = await orgWithPrincipals();
    const pairs = Array.from({ length: 230 }, (_, i) => `x${i}-y${i}`).join(", ");
    const refused = made(keyPrincipal, "api", 0, {
      status: 400,
      error: {
        code: "unsupported_language_pair",
        message: `No configured engine can translate en to de. Available pairs: ${pairs}.`,
      },
    });
    await write(refused);
    const [row] = (await listRequestLog(ctx, { orgId: org.orgId })).items;
    const detail = await getRequestLogEntry(ctx, { orgId: org.orgId, id: row?.id ?? "" });
    expect(detail).toMatchObject({
      requestId: refused.requestId,
      status: 400,
      errorCode: "unsupported_language_pair",
      requestSummary: { text: "Hello", target_lang: "es" },
      keyName: "all",
    });
    expect(detail.errorMessage).toContain("x229-y229");
    const other = await createTestOrg(ctx);
    expect((await rejection(getRequestLogEntry(ctx, { orgId: other.orgId, id: row?.id ?? "" }))).status).toBe(404);
  });

  it("keeps an error only for a refused or failed answer", () => {
    const principal = {
      source: "idp_jwt",
      userId: "usr_x",
      org: { id: "org_x" },
      scopes: null,
      keyId: null,
    } as unknown as Principal;
    const entry = requestLogEntry({
      source: "console",
      principal,
      requestId: "r",
      method: "POST",
      route: "translate.text",
      status: 200,
      durationMs: 1,
      error: { code: "x", message: "y" },
      summary: null,
      finishedAt: new Date(),
    });
    expect(entry).toMatchObject({
      errorCode: null,
      errorMessage: null,
      userId: "usr_x",
      apiKeyId: null,
      source: "console",
    });
  });
});

describe("request log: summary of the parameters", () => {
  it("stores a request whose text holds a NUL or an unpaired surrogate, with the others of its batch", async () => {
    const { org, keyPrincipal } = await orgWithPrincipals();
    const odd = made(keyPrincipal, "api", 0, {
      status: 400,
      summary: summarizeRequest({ text: ["a\u0000b"], ["k\u0000"]: "\ud800x" }),
      error: { code: "bad_request", message: "'k\u0000' must not contain the NUL character (U+0000)." },
    });
    const plain = made(keyPrincipal, "api", 0);
    await write(odd, plain);
    const rows = (await listRequestLog(ctx, { orgId: org.orgId })).items;
    expect(rows.map((r) => r.requestId).sort()).toEqual([odd.requestId, plain.requestId].sort());
    const detail = await getRequestLogEntry(ctx, {
      orgId: org.orgId,
      id: rows.find((r) => r.requestId === odd.requestId)?.id ?? "",
    });
    expect(detail.requestSummary).toEqual({ text: ["a\uFFFDb"], "k\uFFFD": "\uFFFDx" });
    expect(detail.errorMessage).toBe("'k\uFFFD' must not contain the NUL character (U+0000).");
  });

  it("keeps short values, cuts texts to an excerpt with their length, and lists a batch's first items", () => {
    const long = "The quick brown fox jumps over the lazy dog near the riverbank at dawn.";
    const summary = summarizeRequest({
      text: long,
      source_lang: "en",
      target_lang: "es",
      glossary_ids: ["gls_1"],
      texts: Array.from({ length: 9 }, (_, i) => `t${i}`),
    });
    expect(summary).toMatchObject({ source_lang: "en", target_lang: "es", glossary_ids: ["gls_1"] });
    expect(summary.text).toBe(`${long.slice(0, SUMMARY_LIMITS.excerpt).trimEnd()}… (${long.length} characters)`);
    expect(summary.texts).toEqual(["t0", "t1", "t2", "t3", "t4", "… 4 more"]);
  });

  it("never keeps a credential: by parameter name, or a key or token pasted in a value", () => {
    const key = `svc_${"A".repeat(36)}`;
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3IifQ.c2lnbmF0dXJl";
    const summary = summarizeRequest({
      auth_key: "deepl-secret",
      api_key: "lt-secret",
      password: "hunter22",
      text: `use ${key}`,
      note: jwt,
    });
    expect(JSON.stringify(summary)).not.toMatch(/deepl-secret|lt-secret|hunter22|svc_A|eyJhbGci/);
    expect(summary).toMatchObject({ auth_key: REDACTED, api_key: REDACTED, password: REDACTED });
  });

  it("keeps an excerpt of a text of megabytes, with its length", () => {
    const big = "word ".repeat(400_000);
    expect(summarizeRequest({ text: big })).toEqual({
      text: `${big.slice(0, SUMMARY_LIMITS.excerpt).trimEnd()}… (2000000 characters)`,
    });
  });

  it("stays within its size however large the request", () => {
    const huge = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`field_${i}`, Array.from({ length: 50 }, () => "x".repeat(5000))]),
    );
    const summary = summarizeRequest(huge);
    expect(JSON.stringify(summary).length).toBeLessThanOrEqual(SUMMARY_LIMITS.totalChars);
  });

  it("reads a raw body by its type: JSON, a URL-encoded form, and an upload only by its size", () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(summarizeRequestBody("application/json", bytes('{"text":"Hi","target_lang":"de"}'))).toEqual({
      text: "Hi",
      target_lang: "de",
    });
    expect(
      summarizeRequestBody(
        "application/x-www-form-urlencoded",
        bytes("auth_key=secret&text=Hi&text=Yo&target_lang=DE"),
      ),
    ).toEqual({
      auth_key: REDACTED,
      text: ["Hi", "Yo"],
      target_lang: "DE",
    });
    expect(summarizeRequestBody("multipart/form-data; boundary=x", bytes("--x\r\n..."))).toEqual({
      body: "(8 bytes, multipart/form-data)",
    });
    expect(summarizeRequestBody("application/json", bytes("{not json"))).toEqual({
      body: "(not valid JSON) {not json",
    });
    expect(summarizeRequestBody("application/json", new Uint8Array())).toBeNull();
  });
});
