import { randomUUID } from "node:crypto";

import { documentJobResponse, documentResponse, translateResponse } from "@tolk/contract";
import { TolkClient } from "@tolk/sdk";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Cluster, startCluster } from "../src/cluster";
import { tolk } from "../src/server";

// The production topology for real: 2 app processes and 2 `tolk worker` processes on one
// PostgreSQL, one Redis and one S3 server, behind haproxy (deploy/haproxy.cfg). Every request
// goes through the proxy. PostgreSQL pass only: the embedded database is one process.
const pgUrl = process.env.TOLK_TEST_DATABASE_URL;
const redisUrl = process.env.TOLK_TEST_REDIS_URL;
const enabled = Boolean(pgUrl && redisUrl);
// Short leases: a job whose worker is killed is taken over seconds later.
const LEASE_SEC = 5;

let cluster: Cluster;
beforeAll(async () => {
  if (!pgUrl || !redisUrl) return;
  cluster = await startCluster({
    pgUrl,
    redisUrl,
    apps: 2,
    workers: 2,
    env: { TOLK_JOB_LEASE_SEC: String(LEASE_SEC), TOLK_WORKER_CONCURRENCY: "1" },
  });
});
afterAll(async () => {
  await cluster?.stop();
});

const createOrg = async (name: string, plan: string, limits?: Record<string, number>) => {
  const args = [
    "org",
    "create",
    "--name",
    name,
    "--plan",
    plan,
    ...(limits ? ["--limits", JSON.stringify(limits)] : []),
  ];
  const org = await tolk(args, { DATABASE_URL: cluster.databaseUrl });
  return { orgId: String(org.org_id), key: String(org.api_key) };
};

async function uploadAsync(key: string, text: string, filename: string) {
  const form = new FormData();
  form.set("file", new File([text], filename));
  form.set("source_lang", "en");
  form.set("target_lang", "es");
  const res = await fetch(`${cluster.url}/v1/translate/document`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, Prefer: "respond-async" },
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return documentJobResponse.parse(await res.json()).data;
}

/** Polls a job through the proxy until it has ended (completed, or failed for good). */
async function waitForJob(key: string, jobId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // As a client polls: a dropped connection (its instance just died) is asked again.
    const res = await fetch(`${cluster.url}/v1/translate/${jobId}`, {
      headers: { Authorization: `Bearer ${key}` },
    }).catch(() => null);
    if (res?.status === 200) {
      const job = documentJobResponse.parse(await res.json()).data;
      if (job.status === "completed" || job.status === "failed") return job;
    }
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} has not ended in ${timeoutMs} ms (last answer ${res?.status ?? "none"})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A text document of `lines` distinct sentences (numbers make each one new to the segment
 * cache): enough work that a job is still running when its worker is killed.
 */
const bigDocument = (lines: number) =>
  Array.from(
    { length: lines },
    (_, i) =>
      `The house number ${i + 1} is big and its garden is small, but the kitchen of house ${i + 7} has a large window.`,
  ).join("\n");

describe.skipIf(!enabled)("a cluster behind haproxy", () => {
  it("translates, batches, queues documents and serves downloads whichever instance answers", async () => {
    const { key } = await createOrg("Cluster", "professional");
    const client = new TolkClient({ baseUrl: cluster.url, token: key });
    const before = await cluster.proxyStats();
    for (let i = 0; i < 6; i++) {
      const result = await client.translateText({
        text: "Good morning. The house is big.",
        source_lang: "en",
        target_lang: "es",
      });
      expect(result.data.translation).toBe("Buenos días. La casa es grande.");
    }
    const after = await cluster.proxyStats();
    // Round robin: both instances answered.
    for (const name of ["app1", "app2"])
      expect((after[name]?.responses2xx ?? 0) - (before[name]?.responses2xx ?? 0), name).toBeGreaterThanOrEqual(3);

    const batch = await client.translateBatch({
      strings: { a: "Good morning." },
      source_lang: "en",
      target_langs: ["ca", "pt"],
    });
    expect(batch.data.translations.ca?.a).toBe("Bon dia.");

    // Queued by one instance, run by a worker, polled and downloaded through any instance.
    // Ten at once: an interim answer right before a 202 made haproxy drop some of their bodies.
    const jobs = await Promise.all(
      Array.from({ length: 10 }, (_, n) => uploadAsync(key, "Good morning.\nThank you.\n", `notes-${n}.txt`)),
    );
    for (const queued of jobs) {
      const done = await waitForJob(key, queued.job_id, 60_000);
      expect(done.status).toBe("completed");
      const file = await fetch(done.result_url ?? "");
      expect(file.status).toBe(200);
      expect(await file.text()).toBe("Buenos días.\nGracias.\n");
    }

    // A synchronous document through the proxy: its 103 goes ahead, its answer arrives whole.
    const form = new FormData();
    form.set("file", new File(["Thank you.\n"], "short.txt"));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    const sync = await fetch(`${cluster.url}/v1/translate/document`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    expect(sync.status).toBe(200);
    const result = documentResponse.parse(await sync.json()).data;
    expect(sync.headers.get("x-job-id")).toBe(result.job_id);
    expect(Buffer.from(result.file_data, "base64").toString()).toBe("Gracias.\n");
  });

  it("holds a plan's rate limit across both instances", async () => {
    const { key } = await createOrg("Limited", "free");
    const me = () => fetch(`${cluster.url}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
    // Start at the beginning of a window so the whole burst falls into one.
    const first = await me();
    let admitted = first.status === 200 ? 1 : 0;
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    if (reset < 15) {
      await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
      admitted = 0;
    }
    const before = await cluster.proxyStats();
    const responses = await Promise.all(Array.from({ length: 90 }, () => me()));
    const after = await cluster.proxyStats();
    admitted += responses.filter((r) => r.status === 200).length;
    // Limits fail closed: a request whose count Redis did not confirm in time (a busy machine)
    // is refused with 503, and its count may still have been taken.
    const unchecked = responses.filter((r) => r.status === 503).length;
    expect(admitted).toBeLessThanOrEqual(30); // free plan: 30 requests per minute, whichever instance counts them
    expect(admitted + unchecked).toBeGreaterThanOrEqual(30);
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 429 && s !== 503),
      "neither admitted nor refused",
    ).toEqual([]);
    // Each instance admitted some of the 30: the limit is one count, not one per instance.
    for (const name of ["app1", "app2"])
      expect((after[name]?.responses2xx ?? 0) - (before[name]?.responses2xx ?? 0), name).toBeGreaterThan(0);
  });

  it("SIGKILL of one app and one worker mid-load: no job lost, nothing billed twice, the proxy routes around", async () => {
    const { orgId, key } = await createOrg("Load", "enterprise", {
      api_per_min: 1_000_000,
      translate_per_min: 1_000_000,
    });
    const [appA, appB] = cluster.apps;
    const [workerA, workerB] = cluster.workers;
    if (!appA || !appB || !workerA || !workerB) throw new Error("cluster not started");
    const workerAId = await workerA.id();

    // Documents big enough to be mid-translation when their worker dies.
    const jobs = await Promise.all([1, 2, 3, 4].map((n) => uploadAsync(key, bigDocument(1200), `report-${n}.txt`)));

    // Translations in a loop, each with its own Idempotency-Key; a request the proxy could
    // not complete (502/503, or a dropped connection) is sent again with the same key.
    const outcomes: { key: string; status: number; requestId?: string }[] = [];
    let loading = true;
    const load = async () => {
      while (loading) {
        const idemKey = randomUUID();
        let status = 0;
        let requestId: string | undefined;
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            const res = await fetch(`${cluster.url}/v1/translate`, {
              method: "POST",
              headers: {
                Authorization: `Bearer ${key}`,
                "Content-Type": "application/json",
                "Idempotency-Key": idemKey,
              },
              body: JSON.stringify({ text: "The house is big.", source_lang: "en", target_lang: "es" }),
            });
            status = res.status;
            if (status === 200) requestId = translateResponse.parse(await res.json()).meta.request_id;
            else await res.text();
          } catch {
            status = 0;
          }
          if (status !== 0 && status !== 502 && status !== 503) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        outcomes.push({ key: idemKey, status, requestId });
      }
    };
    const loaders = Promise.all([load(), load(), load()]);

    // Kill worker A while it holds a job, and app A while requests are in flight on it.
    const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const deadline = Date.now() + 60_000;
      let killedJob: string | undefined;
      while (!killedJob) {
        const [row] = await sql<
          { id: string }[]
        >`select id from document_jobs where status = 'processing' and worker_id = ${workerAId} limit 1`;
        if (row) killedJob = row.id;
        else if (Date.now() > deadline) throw new Error(`worker A never took a job:\n${workerA.output()}`);
        else await new Promise((r) => setTimeout(r, 100));
      }
      workerA.process.kill("SIGKILL");
      appA.process.kill("SIGKILL");

      // Every job ends: the killed one is taken over by worker B once its lease runs out.
      const ended = [];
      for (const queued of jobs) ended.push(await waitForJob(key, queued.job_id, 240_000));
      loading = false;
      await loaders;
      expect(ended.map((j) => j.status)).toEqual(["completed", "completed", "completed", "completed"]);
      const [resumed] = await sql<
        { attempts: number; worker_id: string }[]
      >`select attempts, worker_id from document_jobs where id = ${killedJob}`;
      expect(resumed?.attempts).toBeGreaterThanOrEqual(2);
      expect(resumed?.worker_id).not.toBe(workerAId);
      const completedFiles = await Promise.all(ended.map(async (j) => (await fetch(j.result_url ?? "")).status));
      expect(completedFiles).toEqual([200, 200, 200, 200]);

      // The proxy took app A out and kept answering from app B.
      // haproxy takes the dead app out after its failed checks (a few seconds).
      let stats = await cluster.proxyStats();
      for (let i = 0; i < 60 && !stats.app1?.status.startsWith("DOWN"); i++) {
        await new Promise((r) => setTimeout(r, 500));
        stats = await cluster.proxyStats();
      }
      expect(stats.app1?.status).toMatch(/^DOWN/);
      expect(stats.app2?.status).toBe("UP");
      const late = outcomes.slice(-10);
      expect(late.length).toBe(10);
      expect(late.every((o) => o.status === 200)).toBe(true);

      // Billing: one debit per job, of the job's credits; one debit per answered translation;
      // no Idempotency-Key billed twice; every lot's balance equals its ledger.
      const debits = await sql<{ operation_key: string; amount: number; refunded: number; ledger: number }[]>`
        select d.operation_key, d.amount, d.refunded,
               coalesce((select sum(l.amount) from credit_ledger l where l.debit_id = d.id), 0)::int as ledger
        from credit_debits d where d.org_id = ${orgId}`;
      const byKey = new Map(debits.map((d) => [d.operation_key, d]));
      expect(byKey.size).toBe(debits.length);
      for (const job of ended) expect(byKey.get(job.job_id)?.amount, job.job_id).toBe(job.credits_used);
      for (const d of debits) expect(d.ledger, d.operation_key).toBe(-(d.amount - d.refunded));
      const answered = outcomes.filter((o) => o.status === 200);
      expect(answered.length).toBeGreaterThan(10);
      for (const o of answered) expect(byKey.has(o.requestId ?? ""), o.key).toBe(true);
      // Each key's answer is stored with the id of the one request that ran (and billed) it; a
      // request whose instance died before storing its answer left its key `running`, and a
      // retry with that key was refused (409), not run again. So the translations billed are
      // at most the stored answers plus the keys left running.
      const idem = await sql<{ status: string; response_status: number | null; response_body: string | null }[]>`
        select status, response_status, response_body from idempotency_records where org_id = ${orgId}`;
      const stored = idem.filter((r) => r.response_status === 200);
      for (const r of stored) {
        const requestId =
          (JSON.parse(r.response_body ?? "{}") as { meta?: { request_id?: string } }).meta?.request_id ?? "";
        expect(byKey.has(requestId), requestId).toBe(true);
      }
      const translationDebits = debits.length - ended.length;
      expect(translationDebits).toBeGreaterThanOrEqual(stored.length);
      expect(translationDebits).toBeLessThanOrEqual(stored.length + idem.filter((r) => r.status === "running").length);
      const lots = await sql<{ id: string; amount: number; remaining: number; ledger: number }[]>`
        select lot.id, lot.amount, lot.remaining,
               coalesce((select sum(l.amount) from credit_ledger l where l.lot_id = lot.id and l.entry_type in ('debit', 'refund')), 0)::int as ledger
        from credit_lots lot where lot.org_id = ${orgId}`;
      expect(lots.length).toBeGreaterThan(0);
      for (const lot of lots) expect(lot.remaining, lot.id).toBe(lot.amount + lot.ledger);
    } finally {
      loading = false;
      await loaders.catch(() => undefined);
      await sql.end();
    }
  }, 400_000);
});
