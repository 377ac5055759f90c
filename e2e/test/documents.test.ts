import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";

import { documentJobResponse, documentResponse } from "@tolk/contract";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// Document translation black-box, on the production build with the real Apertium engine:
// the embedded defaults (PGlite, local storage, in-process worker), and PostgreSQL with a
// dedicated `tolk worker` process and the server's own worker turned off.
const root = resolve(import.meta.dirname, "..", "..");
const SOURCE =
  "Release notes\r\n\r\nThe house is big and the garden is small, but\r\nthe kitchen has a large window to the street.\r\n\r\n- Good morning.\r\n- Thank you.\r\n";

/** The pre-signed link as the client gets it, fetched from this server (TOLK_PUBLIC_URL is the default). */
function onServer(server: RunningServer, link: string): string {
  const u = new URL(link);
  return `${server.url}${u.pathname}${u.search}`;
}

async function upload(server: RunningServer, key: string, options: { async?: boolean; filename?: string } = {}) {
  const form = new FormData();
  form.set("file", new File([SOURCE], options.filename ?? "Notas de versión.txt"));
  form.set("source_lang", "en");
  form.set("target_lang", "es");
  return fetch(`${server.url}/v1/translate/document`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, ...(options.async ? { Prefer: "respond-async" } : {}) },
    body: form,
  });
}

/** Polls the job (once a second, as a client would, waiting out a 429) until it has ended. */
async function waitForJob(server: RunningServer, key: string, jobId: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${server.url}/v1/translate/${jobId}`, { headers: { Authorization: `Bearer ${key}` } });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? "1") * 1000));
      continue;
    }
    const job = documentJobResponse.parse(await res.json()).data;
    if (job.status !== "created" && job.status !== "processing") return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after 90 s`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

// The wrapped paragraph is translated as one sentence and re-wrapped to its 45 columns; CRLF,
// blank lines and list markers stay as they were.
const SPANISH =
  "Notas de emisión\r\n\r\nLa casa es grande y el jardín es pequeño,\r\npero la cocina tiene una ventana grande a la\r\ncalle.\r\n\r\n- Buenos días.\r\n- Gracias.\r\n";

function expectSpanish(text: string): void {
  expect(text).toBe(SPANISH);
}

describe("documents on the embedded defaults", () => {
  const data = tempDataDir();
  let server: RunningServer;
  let key = "";

  beforeAll(async () => {
    const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "", TOLK_STORAGE_DIR: "", S3_BUCKET: "" };
    key = String((await tolk(["seed"], env)).api_key);
    server = await startServer(env);
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("translates a txt file synchronously; the pre-signed link downloads it without a token", async () => {
    const res = await upload(server, key);
    expect(res.status).toBe(200);
    const body = documentResponse.parse(await res.json());
    expect(body.data).toMatchObject({ filename: "Notas de versión.txt", source_lang: "en", target_lang: "es" });
    const translated = Buffer.from(body.data.file_data, "base64").toString("utf8");
    expectSpanish(translated);
    expect(body.data.credits_used).toBe(body.data.character_count);

    const file = await fetch(onServer(server, body.data.download_url));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(translated);
    expect(file.headers.get("content-type")).toBe("text/plain");
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''Notas%20de%20versi%C3%B3n.es.txt");
    const tampered = onServer(server, body.data.download_url).replace(
      /expires=(\d+)/,
      (_, e: string) => `expires=${Number(e) - 1}`,
    );
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("invalid_signature");

    const quota = (await (
      await fetch(`${server.url}/v1/quota`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as {
      data: { credits: { consumed: number } };
    };
    expect(quota.data.credits.consumed).toBe(body.data.credits_used);
  });

  it("Prefer: respond-async answers 202 and the in-process worker completes the job", async () => {
    const res = await upload(server, key, { async: true });
    expect(res.status).toBe(202);
    const queued = documentJobResponse.parse(await res.json()).data;
    expect(queued.status).toBe("created");
    const done = await waitForJob(server, key, queued.job_id);
    expect(done).toMatchObject({ status: "completed", progress: 1, error: null });
    expectSpanish(await (await fetch(onServer(server, done.result_url ?? ""))).text());
  });

  it("refuses what it cannot translate in the error shape", async () => {
    const form = new FormData();
    form.set("file", new File(["MZ"], "tool.exe"));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    const res = await fetch(`${server.url}/v1/translate/document`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unsupported_format");
    const big = new FormData();
    big.set("file", new File([new Uint8Array(21 * 1024 * 1024 + 1)], "huge.txt"));
    const tooBig = await fetch(`${server.url}/v1/translate/document`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: big,
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe("file_too_large");
  });
});

const pgUrl = process.env.TOLK_TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("documents on PostgreSQL with a dedicated `tolk worker`", () => {
  const data = tempDataDir();
  const dbName = `tolk_e2e_docs_${randomBytes(5).toString("hex")}`;
  let env: Record<string, string> = {};
  let server: RunningServer;
  let worker: ChildProcess;
  let workerLog = "";

  beforeAll(async () => {
    const admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${dbName}"`);
    await admin.end();
    const url = new URL(pgUrl ?? "");
    url.pathname = `/${dbName}`;
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: "",
      TOLK_STORAGE_DIR: join(data.dir, "documents"),
      TOLK_WORKER: "off",
      S3_BUCKET: "",
    };
    server = await startServer(env);
    worker = spawn(process.execPath, ["--import", "tsx", join(root, "apps", "cli", "src", "bin.ts"), "worker"], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.stdout?.on("data", (d: Buffer) => (workerLog += d.toString()));
    worker.stderr?.on("data", (d: Buffer) => (workerLog += d.toString()));
  });
  afterAll(async () => {
    if (worker.exitCode === null) worker.kill("SIGKILL");
    await server.stop();
    const admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    data.remove();
  });

  it("the worker process runs the queued job; the server only queues it; SIGTERM stops the worker cleanly", async () => {
    const org = await tolk(["org", "create", "--name", "Docs", "--plan", "starter"], env);
    // Idle until now, with no job yet: the worker must still be there, polling.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(worker.exitCode, workerLog).toBeNull();
    const key = String(org.api_key);
    const res = await upload(server, key, { async: true });
    expect(res.status).toBe(202);
    const queued = documentJobResponse.parse(await res.json()).data;
    const done = await waitForJob(server, key, queued.job_id).catch((err: unknown) => {
      throw new Error(`${String(err)}\nworker output:\n${workerLog}`);
    });
    expect(done.status, workerLog).toBe("completed");
    expectSpanish(await (await fetch(onServer(server, done.result_url ?? ""))).text());
    expect(workerLog).toMatch(/"database":"postgres".*"msg":"worker polling the queue"/);

    const exited = new Promise<number | null>((r) => worker.once("exit", (code) => r(code)));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
