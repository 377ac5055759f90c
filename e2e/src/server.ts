import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const root = resolve(import.meta.dirname, "..", "..");
const webDir = join(root, "apps", "web");
const run = promisify(execFile);

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? res(address.port) : rej(new Error("no port"))));
    });
  });
}

/** A scratch TOLK_DATA_DIR for one embedded database, removed by the returned function. */
export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "tolk-e2e-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `tolk … --json` and returns its one JSON object. */
export async function tolk(args: string[], env: Record<string, string>): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    "node",
    ["--import", "tsx", join(root, "apps", "cli", "src", "bin.ts"), ...args, "--json"],
    {
      cwd: root,
      env: { ...process.env, ...env },
    },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

/**
 * Waits until `url` answers 2xx: throws with the process's output if the process exits first
 * or nothing answers within 60 s (after `onTimeout`, which should stop the process).
 */
export async function waitUntilAnswering(
  child: ChildProcess,
  url: string,
  output: () => string,
  onTimeout: () => Promise<void> | void,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await onTimeout();
      throw new Error(`${url} did not answer in 60 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * What apps/web's `start` script sets before `node server.mjs`: glibc's fixed mmap threshold, so
 * freed buffers of 128 KB and more go back to the system instead of raising the threshold and
 * staying resident (docs/configuration.md, Memory); and SIGTERM/SIGINT left to Tolk's own shutdown
 * (docs/observability.md, Lifecycle).
 */
// No background warm-up of every installed pair unless a test asks for it (TOLK_APERTIUM_WARM).
const SERVER_PROCESS_ENV = {
  MALLOC_MMAP_THRESHOLD_: "131072",
  NEXT_MANUAL_SIG_HANDLE: "true",
  TOLK_APERTIUM_WARM: "none",
};
/** Test servers stop without the few seconds a proxy needs to notice readiness (tests that need them set their own). */
// A request for a pair whose Apertium pipeline is still loading gets 503 after
// TOLK_APERTIUM_START_WAIT_MS (10 s by default); on a loaded test machine loading can take
// longer, and the tests assert translations, not that wait (apps/web's cold-start test does).
const TEST_SERVER_DEFAULTS = { TOLK_SHUTDOWN_DRAIN_S: "0", TOLK_APERTIUM_START_WAIT_MS: "60000" };

/**
 * The production server's command, as apps/web's `start` script runs it: Tolk's custom server
 * (apps/web/server.mjs) in front of the production build. Every test server starts this way.
 * Its environment: the start script's variables, then `defaults`, then this process's
 * environment, then `env`; the port and NODE_ENV last.
 */
export function serverCommand(
  port: number,
  options: { env?: Record<string, string>; defaults?: Record<string, string>; host?: string } = {},
): { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv } {
  return {
    command: process.execPath,
    args: [join(webDir, "server.mjs"), "-p", String(port), "-H", options.host ?? "127.0.0.1"],
    cwd: webDir,
    env: {
      ...SERVER_PROCESS_ENV,
      ...options.defaults,
      ...process.env,
      ...options.env,
      PORT: String(port),
      NODE_ENV: "production",
    },
  };
}

/** Starts the production build (apps/web/server.mjs, as apps/web's `start` script does) and waits until /readyz answers 200. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const cmd = serverCommand(port, { env, defaults: TEST_SERVER_DEFAULTS });
  const child = spawn(cmd.command, cmd.args, { cwd: cmd.cwd, env: cmd.env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(
    child,
    `${url}/readyz`,
    () => log,
    () => void child.kill("SIGKILL"),
  );
  return {
    url,
    process: child,
    output: () => log,
    stop: () =>
      new Promise<void>((res) => {
        // A process ended by a signal has no exit code, only its signal.
        if (child.exitCode !== null || child.signalCode !== null) return res();
        child.once("exit", () => res());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 30_000).unref();
      }),
  };
}
