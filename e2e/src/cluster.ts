import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { startS3rver } from "@tolk/test-s3rver";
import postgres from "postgres";

import { type RunningServer, freePort, startServer, waitUntilAnswering } from "./server";

// The production topology without containers: app processes (the production build) and
// `tolk worker` processes on one PostgreSQL database, one Redis and one S3-compatible server,
// behind Debian's haproxy running deploy/haproxy.cfg, the file compose.yaml mounts.
const root = resolve(import.meta.dirname, "..", "..");

export interface Worker {
  process: ChildProcess;
  /** The worker id it claims jobs under (document_jobs.worker_id). */
  id: () => Promise<string>;
  output: () => string;
}

export interface Cluster {
  /** The proxy's address: every client request goes here. */
  url: string;
  databaseUrl: string;
  env: Record<string, string>;
  apps: RunningServer[];
  workers: Worker[];
  /** haproxy's per-server state and answered requests, from its stats socket. */
  proxyStats(): Promise<Record<string, { status: string; responses2xx: number }>>;
  stop(): Promise<void>;
}

/** The worker id from `tolk worker`'s JSON log line "worker polling the queue", once it is printed. */
function workerStartLine(log: string): string | null {
  for (const line of log.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: unknown; worker_id?: unknown };
      if (entry.msg === "worker polling the queue" && typeof entry.worker_id === "string") return entry.worker_id;
    } catch {
      // A line still being written.
    }
  }
  return null;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps", "cli", "src", "bin.ts"), "worker"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const id = async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const started = workerStartLine(log);
      if (started) return started;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return { process: child, id, output: () => log };
}

/** One command on haproxy's stats socket. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((res, rej) => {
    let out = "";
    const conn = connect(socket, () => conn.end(`${command}\n`));
    conn.on("data", (d: Buffer) => (out += d.toString()));
    conn.on("end", () => res(out));
    conn.on("error", rej);
  });
}

/**
 * Starts the cluster on a fresh database of `pgUrl`: `apps` app processes (the in-process worker
 * off) and `workers` worker processes, then haproxy over the apps, and waits until the proxy
 * routes to every app.
 */
export async function startCluster(options: {
  pgUrl: string;
  redisUrl: string;
  apps: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const scratch = mkdtempSync(join(tmpdir(), "tolk-cluster-"));
  const dbName = `tolk_cluster_${randomBytes(5).toString("hex")}`;
  const admin = postgres(options.pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(options.pgUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const s3 = await startS3rver({ directory: join(scratch, "s3"), buckets: ["tolk-documents"] });
  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  // What compose.yaml gives every Tolk process, with this machine's addresses.
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl,
    TOLK_PUBLIC_URL: proxyUrl,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    TOLK_DOWNLOAD_SECRET: randomBytes(32).toString("hex"),
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: "tolk-documents",
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "1",
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    TOLK_WORKER: "off",
    TOLK_PROXY_HOPS: "1",
    TOLK_DATA_DIR: scratch,
    TOLK_STORAGE_DIR: "",
    ...options.env,
  };

  const apps: RunningServer[] = [];
  const workers: Worker[] = [];
  let haproxy: ChildProcess | null = null;
  const stop = async () => {
    haproxy?.kill("SIGKILL");
    for (const w of workers) if (w.process.exitCode === null) w.process.kill("SIGKILL");
    await Promise.all(apps.map((a) => a.stop()));
    await s3.close();
    const cleanup = postgres(options.pgUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists "${dbName}" with (force)`);
    await cleanup.end();
    rmSync(scratch, { recursive: true, force: true });
  };

  try {
    // One at a time: the first applies the migrations (the others would wait on its lock).
    for (let i = 0; i < options.apps; i++) apps.push(await startServer(env));
    for (let i = 0; i < options.workers; i++) workers.push(startWorker(env));
    await Promise.all(workers.map((w) => w.id()));

    // deploy/haproxy.cfg names two servers; with one app both point at it.
    const statsSocket = join(scratch, "haproxy.sock");
    const extra = join(scratch, "stats.cfg");
    writeFileSync(extra, `global\n    stats socket ${statsSocket} mode 600 level admin\n`);
    const hostOf = (a: RunningServer | undefined) => (a ? new URL(a.url).host : "");
    haproxy = spawn("haproxy", ["-db", "-f", join(root, "deploy", "haproxy.cfg"), "-f", extra], {
      env: {
        PATH: process.env.PATH ?? "/usr/sbin:/usr/bin:/sbin:/bin",
        TOLK_PROXY_BIND: `127.0.0.1:${proxyPort}`,
        TOLK_APP1: hostOf(apps[0]),
        TOLK_APP2: hostOf(apps[1] ?? apps[0]),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let proxyLog = "";
    haproxy.stdout?.on("data", (d: Buffer) => (proxyLog += d.toString()));
    haproxy.stderr?.on("data", (d: Buffer) => (proxyLog += d.toString()));
    const proxy = haproxy;
    await waitUntilAnswering(
      proxy,
      `${proxyUrl}/readyz`,
      () => proxyLog,
      () => void proxy.kill("SIGKILL"),
    );

    const proxyStats = async () => {
      const csv = await haproxyCommand(statsSocket, "show stat");
      const lines = csv.trim().split("\n");
      const header = (lines[0] ?? "").replace(/^# /, "").split(",");
      const col = (name: string) => header.indexOf(name);
      const out: Record<string, { status: string; responses2xx: number }> = {};
      for (const line of lines.slice(1)) {
        const f = line.split(",");
        if (f[col("pxname")] !== "apps" || f[col("svname")] === "BACKEND") continue;
        out[f[col("svname")] ?? ""] = { status: f[col("status")] ?? "", responses2xx: Number(f[col("hrsp_2xx")]) };
      }
      return out;
    };
    // Both servers up (health checks need two successes each) before the first request.
    const deadline = Date.now() + 30_000;
    while (Object.values(await proxyStats()).some((s) => s.status !== "UP")) {
      if (Date.now() > deadline) throw new Error(`haproxy did not mark every app up:\n${proxyLog}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    return { url: proxyUrl, databaseUrl, env, apps, workers, proxyStats, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
