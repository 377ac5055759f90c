import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { join, resolve } from "node:path";

import { documentJobResponse, documentResponse } from "@tolk/contract";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";

import { freePort, type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// SIGTERM on real processes (the production build and `tolk worker`): readiness turns 503 at
// once, requests in flight finish, new ones get 503 + Retry-After, a running document job is
// released to another worker, and the process exits 0. Plus traces reaching an OTLP receiver.
const root = resolve(import.meta.dirname, "..", "..");
const pgUrl = process.env.TOLK_TEST_DATABASE_URL;

/** A text document of distinct sentences, long enough to keep Apertium busy for a while. */
function bigDocument(sentences: number): string {
  return Array.from(
    { length: sentences },
    (_, i) => `The house number ${i} is big and the garden of the family ${i} is small.`,
  ).join("\n\n");
}

function uploadForm(text: string): FormData {
  const form = new FormData();
  form.set("file", new File([text], "long.txt"));
  form.set("source_lang", "en");
  form.set("target_lang", "es");
  return form;
}

/** Log lines (JSON) of a process so far. */
function logLines(output: string): Record<string, unknown>[] {
  return output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

async function waitForLog(
  output: () => string,
  match: (line: Record<string, unknown>) => boolean,
  what: string,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = logLines(output()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no log line ${what} in 120 s:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((r) =>
    child.exitCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code)),
  );

describe("SIGTERM on the web server", () => {
  const data = tempDataDir();
  let server: RunningServer;
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("turns readiness 503, finishes the request in flight, refuses new ones with 503 + Retry-After, and exits 0", async () => {
    const env = {
      TOLK_DATA_DIR: data.dir,
      DATABASE_URL: "",
      REDIS_URL: "",
      S3_BUCKET: "",
      TOLK_STORAGE_DIR: "",
      TOLK_SHUTDOWN_DRAIN_S: "1",
      TOLK_SHUTDOWN_GRACE_S: "600",
    };
    server = await startServer(env);
    // The server holds the embedded database: the CLI's command runs in it (admin socket).
    const org = await tolk(["org", "create", "--name", "Lifecycle", "--plan", "enterprise"], env);
    const key = String(org.api_key);
    const auth = { Authorization: `Bearer ${key}` };

    // A synchronous document translation: the request stays open while the job runs.
    let slowDone = false;
    const slow = fetch(`${server.url}/v1/translate/document`, {
      method: "POST",
      headers: auth,
      body: uploadForm(bigDocument(6_000)),
    }).then((res) => {
      slowDone = true;
      return res;
    });
    await waitForLog(
      server.output,
      (l) => l.msg === "document job started" && String(l.worker_id).startsWith("request:"),
      "document job started",
    );

    server.process.kill("SIGTERM");
    // The signal is handled between two of the job's chunks; from then on readiness is 503.
    await waitForLog(server.output, (l) => l.msg === "shutting down: readiness now 503", "shutting down");
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "not_ready", failed: ["lifecycle"] });

    await waitForLog(server.output, (l) => l.msg === "shutting down: new requests now answered 503", "refusing");
    const refused = await fetch(`${server.url}/v1/me`, { headers: auth });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
    // The console's API too.
    const console = await fetch(`${server.url}/api/trpc/me`, { headers: { Origin: server.url } });
    expect(console.status).toBe(503);
    expect(console.headers.get("retry-after")).toMatch(/^\d+$/);
    // The document request was still open when new ones were refused, and it completes.
    expect(slowDone).toBe(false);
    const res = await slow;
    expect(res.status, server.output().slice(-3000)).toBe(200);
    const body = documentResponse.parse(await res.json());
    const translated = Buffer.from(body.data.file_data, "base64").toString("utf8");
    expect(translated.split("\n\n")).toHaveLength(6_000);
    expect(translated.split("\n\n").at(-1)).toBe(
      "El número de casa 5999 es grande y el jardín de la familia 5999 es pequeño.",
    );

    expect(await exitCode(server.process)).toBe(0);
    expect(logLines(server.output()).map((l) => l.msg)).toContain("shutdown complete");
  });
});

describe.skipIf(!pgUrl)("SIGTERM with a document job running, on PostgreSQL", () => {
  const data = tempDataDir();
  const dbName = `tolk_e2e_life_${randomBytes(5).toString("hex")}`;
  let env: Record<string, string> = {};
  let server: RunningServer | undefined;
  let worker: ChildProcess | undefined;
  let workerLog = "";
  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill("SIGKILL");
    await server?.stop();
    const admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    data.remove();
  });

  it("the server releases the job it is running; a `tolk worker` completes it; the worker stops on SIGTERM and both exit 0", async () => {
    const admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${dbName}"`);
    await admin.end();
    const url = new URL(pgUrl ?? "");
    url.pathname = `/${dbName}`;
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: "",
      S3_BUCKET: "",
      TOLK_STORAGE_DIR: join(data.dir, "documents"),
      TOLK_SHUTDOWN_GRACE_S: "0",
    };
    server = await startServer({ ...env, TOLK_WORKER: "inprocess" });
    const org = await tolk(["org", "create", "--name", "Lifecycle", "--plan", "enterprise"], env);
    const key = String(org.api_key);
    const res = await fetch(`${server.url}/v1/translate/document`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, Prefer: "respond-async" },
      body: uploadForm(bigDocument(6_000)),
    });
    expect(res.status).toBe(202);
    const jobId = documentJobResponse.parse(await res.json()).data.job_id;
    const current = server;
    await waitForLog(
      current.output,
      (l) => l.msg === "document job started" && l.job_id === jobId,
      "document job started",
    );

    current.process.kill("SIGTERM");
    expect(await exitCode(current.process), current.output().slice(-4000)).toBe(0);
    expect(logLines(current.output()).find((l) => l.msg === "document job released")).toMatchObject({ job_id: jobId });
    const db = postgres(env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
    try {
      const [row] = await db`select status, lease_until, worker_id, attempts from document_jobs where id = ${jobId}`;
      expect(row).toEqual({ status: "created", lease_until: null, worker_id: null, attempts: 0 });

      const metricsPort = await freePort();
      worker = spawn(process.execPath, ["--import", "tsx", join(root, "apps", "cli", "src", "bin.ts"), "worker"], {
        cwd: root,
        env: { ...process.env, ...env, TOLK_METRICS_PORT: String(metricsPort) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      worker.stdout?.on("data", (d: Buffer) => (workerLog += d.toString()));
      worker.stderr?.on("data", (d: Buffer) => (workerLog += d.toString()));
      await waitForLog(
        () => workerLog,
        (l) => l.msg === "document job completed" && l.job_id === jobId,
        "document job completed",
      );
      const [done] = await db`select status, attempts, credits from document_jobs where id = ${jobId}`;
      expect(done).toMatchObject({ status: "completed", attempts: 1 });
      const debits = await db`select count(*)::int as n from credit_debits where org_id = ${String(org.org_id)}`;
      expect(debits[0]?.n).toBe(1);

      // The dedicated worker serves its own metrics.
      const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(scraped).toMatch(/^tolk_document_job_events_total\{event="completed",format="txt"\} 1$/m);
      expect(scraped).toMatch(/^tolk_engine_calls_total\{engine="apertium",pair="en-es",outcome="ok"\} \d+$/m);

      worker.kill("SIGTERM");
      expect(await exitCode(worker), workerLog.slice(-4000)).toBe(0);
      expect(logLines(workerLog).map((l) => l.msg)).toContain("worker stopped");
    } finally {
      await db.end();
    }
  });
});

describe("OpenTelemetry", () => {
  const data = tempDataDir();
  let server: RunningServer | undefined;
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      if (req.url === "/v1/traces") received.push(body);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  afterAll(async () => {
    await server?.stop();
    receiver.close();
    data.remove();
  });

  it("exports a span per /v1 request, carrying its request id, to the OTLP endpoint", async () => {
    const port = await freePort();
    await new Promise<void>((r) => receiver.listen(port, "127.0.0.1", () => r()));
    const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "", S3_BUCKET: "", TOLK_STORAGE_DIR: "" };
    const org = await tolk(["org", "create", "--name", "Traced", "--plan", "starter"], env);
    server = await startServer({
      ...env,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    const res = await fetch(`${server.url}/v1/translate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${String(org.api_key)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ text: "The house is big.", source_lang: "en", target_lang: "es" }),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id") ?? "";
    await expect.poll(() => received.some((b) => b.includes(requestId)), { timeout: 30_000 }).toBe(true);
    const spans = received
      .map(
        (b) =>
          JSON.parse(b) as {
            resourceSpans: {
              scopeSpans: {
                spans: {
                  name: string;
                  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
                }[];
              }[];
            }[];
          },
      )
      .flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const span = spans.find((s) =>
      s.attributes.some((a) => a.key === "tolk.request_id" && a.value.stringValue === requestId),
    );
    expect(span?.name).toBe("POST /v1/translate");
    expect(span?.attributes.find((a) => a.key === "http.response.status_code")?.value.intValue).toBe(200);
  });
});
