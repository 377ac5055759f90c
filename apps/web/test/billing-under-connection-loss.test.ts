// Billed exactly once, and told the truth, while PostgreSQL connections are terminated at random
// points of the requests (before, between and after their statements, as a restart or an
// operator's pg_terminate_backend would): translations, batches and synchronous documents, each
// sent by two clients at once with one Idempotency-Key and retried on 5xx or 409 with the same
// key, plus translations without a key through /v1, the DeepL and the LibreTranslate APIs. For every key: one debit at most, and a debit exactly
// when the answer the clients finally got is 200, for the amount that answer states. For every
// request without a key: a 200 has its debit, a 5xx none. The books' invariants (packages/domain
// billing-invariants.ts, `tolk credits check`) hold afterwards, the cross-check of debits
// against the answers in the request log included. PostgreSQL only: PGlite has no connections.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkBillingInvariants } from "@tolk/domain";

import { POST as translate } from "../app/v1/translate/route";
import { POST as translateBatch } from "../app/v1/translate/batch/route";
import { POST as translateDocument } from "../app/v1/translate/document/route";
import { POST as libreTranslate } from "../app/libretranslate/translate/route";
import { POST as deeplTranslate } from "../app/v2/translate/route";
import { type Handler, type Harness, type Reply, call, header, sleep, startApp } from "./helpers";

const onPostgres = Boolean(process.env.TOLK_TEST_DATABASE_URL);
/** How long a running request holds its Idempotency-Key claim (TOLK_REQUEST_DEADLINE_S). */
const REQUEST_DEADLINE_S = 30;
const LIMITS = {
  api_per_min: 1_000_000,
  translate_per_min: 1_000_000,
  segment_per_min: 1_000_000,
  monthly_credits: 10_000_000,
};
/** Answers after which a client sends the same request again. */
const retryable = (status: number) => status >= 500 || status === 409;
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

interface Sent {
  handler: Handler;
  path: string;
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

interface Attempt {
  status: number;
  requestId: string | null;
  json: unknown;
}

describe.skipIf(!onPostgres)("billing while database connections are terminated", () => {
  let h: Harness;
  let admin: postgres.Sql;
  beforeAll(async () => {
    // A claim left by an attempt that could not write its end is taken over 2 s later, and no
    // attempt holds its claim for more than the deadline, however long it runs; a synchronous
    // document job left running by a failed attempt is taken over by its retry 5 s later.
    h = await startApp({
      TOLK_IDEMPOTENCY_LEASE_S: "2",
      TOLK_REQUEST_DEADLINE_S: String(REQUEST_DEADLINE_S),
      TOLK_JOB_LEASE_SEC: "5",
    });
    admin = postgres(h.databaseUrl ?? "", { max: 2, onnotice: () => undefined });
  });
  afterAll(async () => {
    await admin.end();
    await h.close();
  });

  /**
   * Sends until the answer is neither 5xx nor 409; every attempt is kept. The budget is the
   * claim's deadline (a 409 lasts at most that long) with room for the retries after it.
   */
  async function client(token: string, sent: Sent, key: string | null): Promise<Attempt[]> {
    const attempts: Attempt[] = [];
    const giveUpAt = Date.now() + (REQUEST_DEADLINE_S + 60) * 1000;
    while (Date.now() < giveUpAt) {
      const headers: Record<string, string> = { "content-type": sent.contentType };
      if (key) headers["idempotency-key"] = key;
      const r: Reply = await call(h, sent.handler, sent.path, { method: "POST", token, headers, body: sent.body });
      attempts.push({ status: r.status, requestId: header(r, "x-request-id"), json: r.json });
      if (!retryable(r.status)) return attempts;
      await sleep(random(10, 60));
    }
    const records = key
      ? await admin`select status, operation_key, lease_until, now() as now from idempotency_records where key = ${key}`
      : [];
    throw new Error(
      `${sent.path} ${key ?? ""}: no final answer after ${attempts.length} attempts: ${JSON.stringify({ records, last: attempts.slice(-2) })}`,
    );
  }

  /** Terminates every backend of the test database but this one, `rounds` times at random moments. */
  async function terminator(rounds: number, stop: () => boolean): Promise<number> {
    let terminated = 0;
    for (let i = 0; i < rounds && !stop(); i++) {
      await sleep(random(2, 40));
      const rows = await admin`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
      terminated += rows.filter((r) => r.done === true).length;
    }
    return terminated;
  }

  const json = (value: unknown): Sent["body"] => new TextEncoder().encode(JSON.stringify(value));
  async function documentUpload(text: string): Promise<Pick<Sent, "body" | "contentType">> {
    const form = new FormData();
    form.set("file", new File([text], "notes.txt"));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    // Serialized once: a retry must send the same bytes (the boundary included) to match its key.
    const encoded = new Response(form);
    return {
      body: new Uint8Array(await encoded.arrayBuffer()),
      contentType: encoded.headers.get("content-type") ?? "",
    };
  }

  const creditsUsed = (a: Attempt) => (a.json as { meta: { credits_used: number } }).meta.credits_used;
  const data = (a: Attempt) => (a.json as { data: unknown }).data;

  it("debits each key at most once, exactly when its final answer is 200, and never a request answered 5xx", async () => {
    const org = await h.org({ plan: "enterprise", limits: LIMITS });
    const token = org.keys.all?.key ?? "";
    const keyed: { key: string; sent: Sent; kind: "text" | "batch" | "document" }[] = [];
    for (let i = 0; i < 24; i++) {
      const body = json({
        text: `The house number ${i} is big and the garden is small.`,
        source_lang: "en",
        target_lang: "es",
      });
      keyed.push({
        key: `text-${i}-${crypto.randomUUID()}`,
        kind: "text",
        sent: { handler: translate, path: "/v1/translate", body, contentType: "application/json" },
      });
    }
    for (let i = 0; i < 8; i++) {
      const body = json({
        strings: { title: `Chapter ${i}`, intro: `The street ${i} is long.` },
        source_lang: "en",
        target_langs: ["es", "ca"],
      });
      keyed.push({
        key: `batch-${i}-${crypto.randomUUID()}`,
        kind: "batch",
        sent: { handler: translateBatch, path: "/v1/translate/batch", body, contentType: "application/json" },
      });
    }
    for (let i = 0; i < 4; i++) {
      const upload = await documentUpload(
        `The letter number ${i} arrived today.\n\nThe window of the house ${i} is open.`,
      );
      keyed.push({
        key: `doc-${i}-${crypto.randomUUID()}`,
        kind: "document",
        sent: { handler: translateDocument, path: "/v1/translate/document", ...upload },
      });
    }
    const unkeyed: Sent[] = [
      ...Array.from({ length: 8 }, (_, i) => ({
        handler: translate,
        path: "/v1/translate",
        body: json({ text: `The dog ${i} sleeps in the kitchen.`, source_lang: "en", target_lang: "es" }),
        contentType: "application/json",
      })),
      // The DeepL and LibreTranslate APIs bill through the same pipeline (they take no Idempotency-Key).
      ...Array.from({ length: 4 }, (_, i) => ({
        handler: deeplTranslate,
        path: "/v2/translate",
        body: json({ text: [`The cat ${i} is black.`], source_lang: "EN", target_lang: "ES" }),
        contentType: "application/json",
      })),
      ...Array.from({ length: 4 }, (_, i) => ({
        handler: libreTranslate,
        path: "/libretranslate/translate",
        body: json({ q: `The bird ${i} sings.`, source: "en", target: "es" }),
        contentType: "application/json",
      })),
    ];

    let finished = false;
    const killing = terminator(400, () => finished);
    // Two clients per key, started a moment apart: the second meets the first's claim.
    const keyedRuns = keyed.map(async (k) => {
      const first = client(token, k.sent, k.key);
      await sleep(random(0, 30));
      return { ...k, clients: await Promise.all([first, client(token, k.sent, k.key)]) };
    });
    const unkeyedRuns = unkeyed.map((sent) => client(token, sent, null));
    const [keyedResults, unkeyedResults] = await Promise.all([Promise.all(keyedRuns), Promise.all(unkeyedRuns)]);
    finished = true;
    const terminated = await killing;
    await h.app.requestLog.flush();

    const all = [...keyedResults.flatMap((k) => k.clients.flat()), ...unkeyedResults.flat()];
    // The probe did its work: connections were terminated, and requests failed because of it.
    expect(terminated, "backends terminated").toBeGreaterThan(50);
    expect(all.filter((a) => a.status >= 500).length, "answers 5xx along the way").toBeGreaterThan(0);

    const debits = await admin<{ operation_key: string; amount: number }[]>`
      select operation_key, amount from credit_debits where org_id = ${org.orgId}`;
    const debitsOf = (operationKey: string) => debits.filter((d) => d.operation_key === operationKey);
    const records = await admin<{ key: string; operation_key: string }[]>`
      select key, operation_key from idempotency_records where org_id = ${org.orgId}`;
    const jobs = await admin<{ id: string; request_id: string; status: string }[]>`
      select id, request_id, status from document_jobs where org_id = ${org.orgId}`;

    let accounted = 0;
    for (const k of keyedResults) {
      const finals = k.clients.map((attempts) => attempts.at(-1) as Attempt);
      for (const f of finals) expect(f.status, `${k.key}: final answer ${JSON.stringify(f.json)}`).toBe(200);
      // Both clients got the same result (one ran it, the other replayed it or ran it again under the same operation).
      expect(data(finals[1] as Attempt), k.key).toEqual(data(finals[0] as Attempt));
      const operationKey = records.find((r) => r.key === k.key)?.operation_key ?? "";
      const billedUnder =
        k.kind === "document" ? jobs.filter((j) => j.request_id === operationKey).map((j) => j.id) : [operationKey];
      const billed = billedUnder.flatMap(debitsOf);
      expect(billed, `${k.key}: debits`).toHaveLength(1);
      expect(billed[0]?.amount, `${k.key}: the amount its answer states`).toBe(creditsUsed(finals[0] as Attempt));
      accounted += 1;
    }
    for (const attempt of unkeyedResults.flat()) {
      const billed = debitsOf(attempt.requestId ?? "");
      if (attempt.status === 200) {
        expect(billed, `${attempt.requestId}: answered 200`).toHaveLength(1);
        // The /v1 answer states its credits; the DeepL and LibreTranslate shapes do not.
        if ((attempt.json as { meta?: unknown }).meta) expect(billed[0]?.amount).toBe(creditsUsed(attempt));
        accounted += 1;
      } else {
        expect(billed, `${attempt.requestId}: answered ${attempt.status}`).toHaveLength(0);
      }
    }
    // No debit that no answer accounts for.
    expect(debits).toHaveLength(accounted);
    expect(await checkBillingInvariants(h.app.domain, org.orgId)).toEqual([]);
  }, 300_000);
});
