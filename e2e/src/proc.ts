import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The fields of /proc/<pid>/stat after the command name, from `state` on (proc(5) field 3 is [0]). */
function statFields(pid: number | "self"): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

const ticksToMs = (a: string | undefined, b: string | undefined) => ((Number(a) + Number(b)) * 1000) / TICKS_PER_SECOND;

/** utime + stime of a process in ms, from /proc (0 when it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = statFields(pid);
    return ticksToMs(fields[11], fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) of the children this process has waited for, from /proc: a
 * command run with spawnSync counts here with every process of its own that it waited for.
 */
export function waitedChildrenCpuMs(): number {
  const fields = statFields("self");
  return ticksToMs(fields[13], fields[14]);
}

/** Every process below `pid`, each before its own children. */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/) : []) out.push(Number(child), ...descendants(Number(child)));
    }
  } catch {
    // Ended while being read.
  }
  return out;
}

/**
 * CPU time a server spends from now on, split into its own process and its children (the
 * Apertium pipelines); children started later are counted from their start.
 */
export function cpuMeter(pid: number): () => { serverMs: number; childrenMs: number } {
  const server0 = cpuMs(pid);
  const children0 = new Map(descendants(pid).map((c) => [c, cpuMs(c)]));
  return () => ({
    serverMs: cpuMs(pid) - server0,
    childrenMs: descendants(pid).reduce((n, c) => n + cpuMs(c) - (children0.get(c) ?? 0), 0),
  });
}

/**
 * The machine's idle share from now on (0..1), from the first line of /proc/stat (idle and
 * iowait over user to steal; guest time is already inside user and nice, so it is left out):
 * what is left when a server is the bottleneck and not the CPUs.
 */
export function idleMeter(): () => number {
  const read = () => {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  };
  const start = read();
  return () => {
    const now = read();
    const total = now.total - start.total;
    return total > 0 ? (now.idle - start.idle) / total : 0;
  };
}

/**
 * With BENCH_CPU_PROF=<dir>: the environment that loads bench/cpu-profile.cjs into a server,
 * which profiles from `startCpuProfile(pid)` until the server stops and writes the profile there.
 */
export function cpuProfileEnv(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return {};
  return {
    NODE_OPTIONS: `--require ${resolve(import.meta.dirname, "..", "bench", "cpu-profile.cjs")}`,
    TOLK_CPU_PROFILE_DIR: resolve(dir),
  };
}

export function startCpuProfile(pid: number): void {
  if (process.env.BENCH_CPU_PROF) process.kill(pid, "SIGUSR2");
}
