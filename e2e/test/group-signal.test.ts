import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { join, resolve } from "node:path";

import { batchResponse, documentJobResponse } from "@tolk/contract";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";

import { freePort, type RunningServer, startServer, tempDataDir, tolk, waitUntilAnswering } from "../src/server";

// A stop signal sent the way operators send it, to every process of the service: to its process
// group (Ctrl-C, `kill -TERM -PGID`, systemd, `tini -g`), under the wrappers it really runs
// behind (`pnpm start`, the image's entrypoint under tini, `tolk worker`). Apertium's programs
// must not die of it, the server must drain as on a signal of its own, and the wrappers must
// neither exit early nor turn the one signal into two. Asserted by events: log lines, answers,
// exit codes, the job's state; never by durations.
const root = resolve(import.meta.dirname, "..", "..");
const pgUrl = process.env.TOLK_TEST_DATABASE_URL;

function bigDocument(sentences: number): string {
  return Array.from(
    { length: sentences },
    (_, i) => `The house number ${i} is big and the garden of the family ${i} is small.`,
  ).join("\n\n");
}

/** Log lines (JSON) of a process so far. */
function logLines(output: string): Record<string, unknown>[] {
  return output.split("\n").flatMap((line) => {
    const start = line.indexOf("{");
    if (start === -1) return [];
    try {
      return [JSON.parse(line.slice(start)) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/**
 * A POST sent with only the first half of its body until `finish()`: the server has accepted the
 * request and is reading it, so it is in flight at that moment whatever the machine's speed.
 */
function heldPost(url: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  const req = request(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return { sent, response, finish: () => req.end(body.slice(half)) };
}

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within 120 s:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const waitForLog = (output: () => string, match: (line: Record<string, unknown>) => boolean, what: string) =>
  waitFor(() => logLines(output()).find(match), `log line ${what}`, output);

/** The exit of a process: its code, or the signal that ended it. */
const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.exitCode !== null || child.signalCode !== null
      ? r({ code: child.exitCode, signal: child.signalCode })
      : child.once("exit", (code, signal) => r({ code, signal })),
  );

/** pid → (ppid, name) of every process, from /proc. */
function processTable(): Map<number, { ppid: number; name: string }> {
  const table = new Map<number, { ppid: number; name: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const [state = "", ppid = ""] = stat.slice(close + 2).split(" ");
      if (state !== "Z")
        table.set(Number(entry), { ppid: Number(ppid), name: stat.slice(stat.indexOf("(") + 1, close) });
    } catch {
      // exited meanwhile
    }
  }
  return table;
}

/** Every live descendant of `pid`, with its name. */
function descendants(pid: number): { pid: number; name: string }[] {
  const table = processTable();
  const found: { pid: number; name: string }[] = [];
  const walk = (parent: number) => {
    for (const [child, { ppid, name }] of table) {
      if (ppid !== parent) continue;
      found.push({ pid: child, name });
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const isApertium = (name: string) => /^(lt-|apertium|lrx-|cg-proc|vislcg3|hfst)/.test(name);

interface Spawned {
  process: ChildProcess;
  output: () => string;
}

/** Starts a command in a process group of its own, as a service manager or a terminal does. */
function spawnGroup(command: string, args: string[], env: Record<string, string>, cwd = root): Spawned {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  return { process: child, output: () => log };
}

function killGroup(spawned: Spawned | undefined): void {
  if (!spawned?.process.pid || spawned.process.exitCode !== null || spawned.process.signalCode !== null) return;
  try {
    process.kill(-spawned.process.pid, "SIGKILL");
  } catch {
    // gone
  }
}

/** A database for one test: a scratch PostgreSQL database when TOLK_TEST_DATABASE_URL is set, else the embedded one. */
function testDatabase(): { env: () => Promise<Record<string, string>>; remove: () => Promise<void> } {
  const data = tempDataDir();
  const dbName = `tolk_e2e_group_${randomBytes(5).toString("hex")}`;
  return {
    env: async () => {
      const base = { REDIS_URL: "", S3_BUCKET: "", TOLK_STORAGE_DIR: join(data.dir, "documents") };
      if (!pgUrl) return { ...base, TOLK_DATA_DIR: data.dir, DATABASE_URL: "" };
      const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${dbName}"`);
      await admin.end();
      const url = new URL(pgUrl);
      url.pathname = `/${dbName}`;
      return { ...base, DATABASE_URL: url.toString() };
    },
    remove: async () => {
      if (pgUrl) {
        const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
        await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
        await admin.end();
      }
      data.remove();
    },
  };
}

/** 20 strings of distinct sentences (none in the segment cache), about `chars` characters each. */
function batchStrings(chars: number): Record<string, string> {
  const strings: Record<string, string> = {};
  for (let s = 0; s < 20; s++) {
    const sentences: string[] = [];
    for (let i = 0; sentences.join(" ").length < chars; i++)
      sentences.push(`The red car number ${s * 1000 + i} is in the street of the city.`);
    strings[`s${s}`] = sentences.join(" ");
  }
  return strings;
}

describe("SIGTERM to the process group of `pnpm start`", () => {
  const db = testDatabase();
  let service: Spawned | undefined;
  let restarted: RunningServer | undefined;
  afterAll(async () => {
    killGroup(service);
    await restarted?.stop();
    await db.remove();
  });

  it("keeps Apertium alive for the batch in flight (200), turns readiness 503, releases the job for the next start, and exits 0 through pnpm", async () => {
    const port = await freePort();
    const env = {
      ...(await db.env()),
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      TOLK_APERTIUM_WARM: "none",
      TOLK_SHUTDOWN_DRAIN_S: "5",
      // Only bounds the wait (the server exits when its work is done): a loaded test machine
      // took over 20 s to finish the batch, and the engine closed under it.
      TOLK_SHUTDOWN_GRACE_S: "45",
      // Only a release lets the job run again during this test: its lease would last an hour.
      TOLK_JOB_LEASE_SEC: "3600",
    };
    service = spawnGroup("pnpm", ["start"], env);
    const url = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(service.process, `${url}/readyz`, service.output, () => killGroup(service));
    const org = await tolk(["org", "create", "--name", "Group signal", "--plan", "enterprise"], env);
    const auth = { Authorization: `Bearer ${String(org.api_key)}` };
    const targets = ["ca", "eo", "gl", "es"];
    const postBatch = (strings: Record<string, string>) =>
      fetch(`${url}/v1/translate/batch`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ strings, source_lang: "en", target_langs: targets }),
      });
    // The four pairs loaded first: a pair still loading answers 503 with Retry-After.
    await waitFor(
      async () => ((await postBatch({ a: "Hello." })).status === 200 ? true : undefined),
      "the four pairs loaded",
      service.output,
    );

    // A document job of about 1 MB, running.
    const form = new FormData();
    form.set("file", new File([bigDocument(14_000)], "long.txt"));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    const upload = await fetch(`${url}/v1/translate/document`, {
      method: "POST",
      headers: { ...auth, Prefer: "respond-async" },
      body: form,
    });
    expect(upload.status).toBe(202);
    const jobId = documentJobResponse.parse(await upload.json()).data.job_id;
    await waitForLog(
      service.output,
      (l) => l.msg === "document job started" && l.job_id === jobId,
      "document job started",
    );

    // A batch of 20 strings into four languages whose body is still arriving when the signal
    // comes: in flight on any machine, however fast; its four pairs run after the signal, the
    // Spanish one behind the job's chunks, and it must be answered in full.
    const batch = heldPost(
      `${url}/v1/translate/batch`,
      auth,
      JSON.stringify({ strings: batchStrings(3_000), source_lang: "en", target_langs: targets }),
    );
    await batch.sent;
    const pid = service.process.pid ?? 0;
    const apertium = descendants(pid).filter((p) => isApertium(p.name));
    expect(apertium.length).toBeGreaterThan(10);
    // A translation whose body is still arriving when the signal comes: in flight on any machine
    // speed (a fast one may have answered the batch already); its body is finished after the
    // signal, and it must still be answered 200.
    const text = JSON.stringify({ text: "The house is big.", source_lang: "en", target_lang: "es" });
    const held = connect(port, "127.0.0.1");
    held.on("error", () => undefined);
    let heldReply = "";
    held.on("data", (d: Buffer) => (heldReply += d.toString()));
    const heldClosed = new Promise((r) => held.once("close", r));
    await new Promise((r) => held.once("connect", r));
    held.write(
      `POST /v1/translate HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${auth.Authorization}\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text.slice(0, 10)}`,
    );

    process.kill(-pid, "SIGTERM");

    const stopping = await waitForLog(
      service.output,
      (l) => l.msg === "shutting down: readiness now 503",
      "shutting down",
    );
    expect(stopping).toMatchObject({ signal: "SIGTERM" });
    // Probes get their 503 without a check (database, engines) that the work in hand could delay.
    // Asked while the two requests above still wait for the rest of their bodies, so the server
    // cannot have finished its work and exited meanwhile, however the machine schedules it.
    for (let i = 0; i < 5; i++) {
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: "not_ready",
        failed: ["lifecycle"],
        checks: { lifecycle: { ok: false, detail: "shutting down" } },
      });
    }
    held.write(text.slice(10));
    batch.finish();
    await heldClosed;
    expect(heldReply, service.output().slice(-3000)).toMatch(/^HTTP\/1\.1 200 /);

    const answered = await batch.response;
    expect(answered.status, service.output().slice(-3000)).toBe(200);
    const translations = batchResponse.parse(JSON.parse(answered.body)).data.translations;
    expect(Object.keys(translations).sort()).toEqual(["ca", "eo", "es", "gl"]);
    expect(translations.es?.s19).toMatch(/^El número automovilístico rojo 19000 es en la calle de la ciudad\./);

    // pnpm waits for the server and exits with its code.
    expect(await exited(service.process), service.output().slice(-4000)).toEqual({ code: 0, signal: null });
    const lines = logLines(service.output());
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain("shutdown complete");
    expect(messages).not.toContain("second signal: exiting at once");
    // The engines were stopped by the server, not by the signal: no pipeline crashed.
    expect(lines.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
    expect(apertium.filter((p) => processTable().has(p.pid))).toEqual([]);

    // The job was finished, or released: the next start resumes it at once (not after its lease).
    const worker = lines.find((l) => l.msg === "document worker stopped");
    const released = (worker?.released as string[] | undefined) ?? [];
    const retried = lines.find((l) => l.msg === "document job retry" && l.job_id === jobId);
    restarted = await startServer({ ...env, TOLK_SHUTDOWN_GRACE_S: "0" });
    if (released.includes(jobId)) {
      expect(lines.find((l) => l.msg === "document job released")).toMatchObject({ job_id: jobId });
      await waitForLog(
        restarted.output,
        (l) => l.msg === "document job started" && l.job_id === jobId,
        "the released job resumed",
      );
    } else if (retried) {
      // An engine failure while draining re-queues the job (nothing billed) and the next start
      // runs it; a pipeline may fail so, but never of the signal, which its programs ignore.
      expect(JSON.stringify(retried.error)).not.toMatch(/SIGTERM|SIGINT|SIGHUP/);
      await waitForLog(
        restarted.output,
        (l) => l.msg === "document job started" && l.job_id === jobId,
        "the re-queued job resumed",
      );
    } else {
      const status = await fetch(`${restarted.url}/v1/translate/${jobId}`, { headers: auth });
      expect(await status.json()).toMatchObject({ data: { status: "completed" } });
    }
  });
});

const tini = (() => {
  try {
    return execFileSync("sh", ["-c", "command -v tini"]).toString().trim();
  } catch {
    return "";
  }
})();

describe("SIGINT, then SIGTERM, to the group of the image's entrypoint under `tini -g`", () => {
  const db = testDatabase();
  let service: Spawned | undefined;
  afterAll(async () => {
    killGroup(service);
    await db.remove();
  });

  it("drains on the first signal and exits at once on a later one", async () => {
    expect(tini, "tini is installed (deploy/debian-packages.txt)").not.toBe("");
    const port = await freePort();
    const env = {
      ...(await db.env()),
      PORT: String(port),
      TOLK_APP_DIR: root,
      TOLK_APERTIUM_WARM: "none",
      TOLK_SHUTDOWN_DRAIN_S: "2",
      TOLK_SHUTDOWN_GRACE_S: "600",
    };
    service = spawnGroup(
      tini,
      ["-g", "--", "sh", join(root, "deploy", "image", "entrypoint.sh"), "serve", "-H", "127.0.0.1"],
      env,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(service.process, `${url}/readyz`, service.output, () => killGroup(service));
    // The entrypoint execs: the server is tini's only child.
    const pid = service.process.pid ?? 0;
    expect(descendants(pid).filter((p) => p.name === "node")).toHaveLength(1);
    const org = await tolk(["org", "create", "--name", "Entrypoint", "--plan", "enterprise"], env);
    const auth = { Authorization: `Bearer ${String(org.api_key)}` };

    // A synchronous document translation: the request stays open through the shutdown.
    const form = new FormData();
    form.set("file", new File([bigDocument(14_000)], "long.txt"));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    const slow = fetch(`${url}/v1/translate/document`, { method: "POST", headers: auth, body: form }).catch(
      (err: unknown) => err,
    );
    await waitForLog(service.output, (l) => l.msg === "document job started", "document job started");

    const apertium = descendants(pid).filter((p) => isApertium(p.name));
    expect(apertium.length).toBeGreaterThan(5);
    // A request whose body has not all arrived: in flight until the server exits, however fast
    // the machine translates the document, so the drain is still waiting when the second signal comes.
    const held = connect(port, "127.0.0.1");
    held.on("error", () => undefined);
    const heldClosed = new Promise((r) => held.once("close", r));
    await new Promise((r) => held.once("connect", r));
    held.write(
      `POST /v1/translate HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${auth.Authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text":"`,
    );

    // Ctrl-C reaches the group (tini, which forwards it to the group, and the server).
    process.kill(-pid, "SIGINT");
    await waitForLog(service.output, (l) => l.msg === "shutting down: readiness now 503", "shutting down");
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    // TOLK_SHUTDOWN_DRAIN_S after the first signal, as the server counts it: a signal now is a second one.
    await waitForLog(service.output, (l) => l.msg === "shutting down: new requests now answered 503", "refusing");
    expect(logLines(service.output()).map((l) => l.msg)).not.toContain("shutdown complete");
    process.kill(-pid, "SIGTERM");

    // tini exits with the server's status: 128 + SIGTERM.
    expect(await exited(service.process), service.output().slice(-4000)).toEqual({ code: 143, signal: null });
    const messages = logLines(service.output()).map((l) => l.msg);
    expect(messages).toContain("second signal: exiting at once");
    expect(messages).not.toContain("shutdown complete");
    // The document was answered before the exit (translated, or 503 with Retry-After as the drain
    // released its job) or cut by it, depending on how far it got; never a 500.
    const document = await slow;
    if (!(document instanceof Error)) expect([200, 503]).toContain((document as Response).status);
    await heldClosed;
    // The server exited without stopping its engines: their programs end as their stdin closes.
    await waitFor(
      () => (apertium.some((p) => processTable().has(p.pid)) ? undefined : true),
      "the Apertium programs exited",
      service.output,
    );
  });
});

describe.skipIf(!pgUrl)(
  "SIGTERM to every process of `tolk worker` (systemd's KillMode=control-group), on PostgreSQL",
  () => {
    const db = testDatabase();
    let server: RunningServer | undefined;
    let worker: Spawned | undefined;
    afterAll(async () => {
      killGroup(worker);
      await server?.stop();
      await db.remove();
    });

    it("releases the job it is running, stops its own Apertium programs and exits 0", async () => {
      const env: Record<string, string> = {
        ...(await db.env()),
        TOLK_APERTIUM_WARM: "none",
        TOLK_SHUTDOWN_GRACE_S: "0",
        TOLK_JOB_LEASE_SEC: "3600",
      };
      server = await startServer({ ...env, TOLK_WORKER: "off" });
      const org = await tolk(["org", "create", "--name", "Worker", "--plan", "enterprise"], env);
      const form = new FormData();
      form.set("file", new File([bigDocument(14_000)], "long.txt"));
      form.set("source_lang", "en");
      form.set("target_lang", "es");
      const res = await fetch(`${server.url}/v1/translate/document`, {
        method: "POST",
        headers: { Authorization: `Bearer ${String(org.api_key)}`, Prefer: "respond-async" },
        body: form,
      });
      expect(res.status).toBe(202);
      const jobId = documentJobResponse.parse(await res.json()).data.job_id;

      worker = spawnGroup(
        process.execPath,
        ["--import", "tsx", join(root, "apps", "cli", "src", "bin.ts"), "worker"],
        env,
      );
      const current = worker;
      await waitForLog(
        current.output,
        (l) => l.msg === "document job started" && l.job_id === jobId,
        "document job started",
      );
      const pid = current.process.pid ?? 0;
      // The job's first chunk is in Apertium once the pipelines are up.
      const programs = await waitFor(
        () => {
          const found = descendants(pid);
          return found.filter((p) => isApertium(p.name)).length > 5 ? found : undefined;
        },
        "the worker's Apertium programs",
        current.output,
      );
      for (const p of [{ pid, name: "worker" }, ...programs]) process.kill(p.pid, "SIGTERM");

      expect(await exited(current.process), current.output().slice(-4000)).toEqual({ code: 0, signal: null });
      const lines = logLines(current.output());
      expect(lines.find((l) => l.msg === "worker stopped")).toMatchObject({ signal: "SIGTERM", released: [jobId] });
      expect(lines.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
      const sql = postgres(env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
      try {
        const [row] = await sql`select status, lease_until, worker_id, attempts from document_jobs where id = ${jobId}`;
        expect(row).toEqual({ status: "created", lease_until: null, worker_id: null, attempts: 0 });
      } finally {
        await sql.end();
      }
      expect(programs.filter((p) => processTable().has(p.pid))).toEqual([]);
    });
  },
);
