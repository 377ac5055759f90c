import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { DUPLICATE_SIGNAL_MS } from "../../src/runtime/shutdown-signals";
import { shutdownPlan } from "../../src/runtime/shutdown-plan";

// Real signals to a real process: what a group signal, a wrapper's forwarded copy and an
// operator's second signal do.
let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function start(): { lines: () => string[]; next: (line: string) => Promise<void> } {
  child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "signal-child.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  const lines = () => out.split("\n").filter(Boolean);
  const next = async (line: string) => {
    while (!lines().includes(line)) {
      if (child?.exitCode !== null) throw new Error(`exited before "${line}": ${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { lines, next };
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((r) => (p.exitCode !== null ? r(p.exitCode) : p.once("exit", (code) => r(code))));

describe("onShutdownSignals", () => {
  it("starts the shutdown once when the signal arrives twice at once (direct, and forwarded by a wrapper)", async () => {
    const { lines, next } = start();
    await next("ready");
    child?.kill("SIGTERM");
    // Sent together, the kernel may merge the two into one: the copy follows the first's handling.
    await next("shutdown SIGTERM");
    child?.kill("SIGTERM");
    await next("duplicate SIGTERM");
    expect(lines()).toEqual(["ready", "shutdown SIGTERM", "duplicate SIGTERM"]);
    expect(child?.exitCode).toBeNull();
  });

  it("exits at once with 128 + the signal's number on a signal after that", async () => {
    const { lines, next } = start();
    await next("ready");
    child?.kill("SIGINT");
    await next("shutdown SIGINT");
    await new Promise((r) => setTimeout(r, DUPLICATE_SIGNAL_MS + 200));
    child?.kill("SIGTERM");
    expect(await exited(child as ChildProcess)).toBe(143);
    expect(lines()).toEqual(["ready", "shutdown SIGINT", "force SIGTERM"]);
  });
});

describe("shutdownPlan", () => {
  it("keeps a fifth of the grace period, at most 5 s, to release and close, and exits by its end", () => {
    expect(shutdownPlan({ TOLK_SHUTDOWN_GRACE_S: 25, TOLK_SHUTDOWN_DRAIN_S: 3 })).toEqual({
      drainMs: 3_000,
      workMs: 20_000,
      releasedWaitMs: 2_500,
      exitMs: 25_000,
    });
    expect(shutdownPlan({ TOLK_SHUTDOWN_GRACE_S: 100 })).toMatchObject({ drainMs: 0, workMs: 95_000, exitMs: 100_000 });
    expect(shutdownPlan({ TOLK_SHUTDOWN_GRACE_S: 2, TOLK_SHUTDOWN_DRAIN_S: 3 })).toMatchObject({
      drainMs: 1_600,
      workMs: 1_600,
    });
  });

  it("releases at once with a grace of 0, and still leaves the closing a moment", () => {
    expect(shutdownPlan({ TOLK_SHUTDOWN_GRACE_S: 0, TOLK_SHUTDOWN_DRAIN_S: 3 })).toEqual({
      drainMs: 0,
      workMs: 0,
      releasedWaitMs: 2_500,
      exitMs: 5_000,
    });
  });
});
