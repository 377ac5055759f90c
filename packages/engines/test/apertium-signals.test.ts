import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "../src";

// Signals meant for the service (a group signal, systemd's control-group SIGTERM) must not end
// Apertium's programs while the service drains, and a service that dies must not leave them
// behind: real programs, real signals, a real SIGKILL of their parent.
const EN_ES = { source: "en", target: "es" };
const sentences = readFileSync(path.join(import.meta.dirname, "fixtures/apertium-sentences-en.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "");

/** Process group and session of a process, from /proc (fields 5 and 6 of its stat). */
function groupOf(pid: number | "self"): { pgrp: number; session: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const [, , pgrp = "", session = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pgrp: Number(pgrp), session: Number(session) };
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").slice(-60).includes(") Z ");
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const engines: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
});

describe("Apertium's programs and the service's signals", () => {
  it("run in their own process group and session, not the server's", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
    engines.push(engine);
    await engine.translate({ pair: EN_ES, segments: ["The house is big."] });
    const pids = engine.pipelinePids(EN_ES).flat();
    expect(pids.length).toBeGreaterThan(5);
    const ours = groupOf("self");
    for (const pid of pids) {
      const theirs = groupOf(pid);
      expect(theirs.pgrp).not.toBe(ours.pgrp);
      expect(theirs.session).not.toBe(ours.session);
    }
  });

  it("keep translating the batch in flight when every one of them gets SIGTERM, SIGINT and SIGHUP", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
    engines.push(engine);
    const expected = await engine.translate({ pair: EN_ES, segments: sentences });
    const pids = engine.pipelinePids(EN_ES).flat();
    const inFlight = engine.translate({ pair: EN_ES, segments: sentences });
    // As systemd's KillMode=control-group does: every process of the unit, whatever its group.
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) for (const pid of pids) process.kill(pid, signal);
    expect(await inFlight).toEqual(expected);
    expect(pids.filter(alive)).toEqual(pids);
    expect(engine.stats().crashes).toBe(0);
  });

  it("exit by themselves when the process that started them is SIGKILLed mid-batch", async () => {
    // A process of its own that starts a pipeline, prints its programs' pids, and keeps it busy.
    const script = `
      import { createApertiumEngine } from ${JSON.stringify(path.join(import.meta.dirname, "..", "src", "index.ts"))};
      const sentences = ${JSON.stringify(sentences)};
      const engine = await createApertiumEngine({ poolSize: 1, startWaitMs: ${WAIT_UNTIL_LOADED_MS} });
      await engine.translate({ pair: { source: "en", target: "es" }, segments: ["Hello."] });
      console.log(JSON.stringify(engine.pipelinePids({ source: "en", target: "es" }).flat()));
      for (;;) await engine.translate({ pair: { source: "en", target: "es" }, segments: sentences });
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: path.join(import.meta.dirname, ".."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await until(() => out.includes("]") || child.exitCode !== null, "the child printed its pipeline's pids", 120_000);
    const pids = JSON.parse(out.slice(0, out.indexOf("]") + 1)) as number[];
    expect(pids.length).toBeGreaterThan(5);
    expect(pids.filter(alive)).toEqual(pids);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    // Their stdin closes with their parent: each program ends, and the next one with it.
    await until(() => pids.filter(alive).length === 0, "every program of the orphaned pipeline exited");
    expect(pids.filter(alive)).toEqual([]);
  });
});
