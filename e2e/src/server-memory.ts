import { readFileSync, readlinkSync, realpathSync } from "node:fs";
import { performance } from "node:perf_hooks";

import { descendants } from "./proc";

// Memory of a server's Node processes, for benchmarks.

const nodeBinary = realpathSync(process.execPath);

/** `pid` and its descendants that run Node (Apertium's pipelines are the server's children too). */
export function nodeTree(pid: number): number[] {
  return [pid, ...descendants(pid)].filter((p) => {
    try {
      return realpathSync(readlinkSync(`/proc/${p}/exe`)) === nodeBinary;
    } catch {
      return false; // ended while being read
    }
  });
}

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM), 0 when the process is gone. */
export function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Number(m?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export function treeRss(pid: number): number {
  return nodeTree(pid).reduce((n, p) => n + statusBytes(p, "VmRSS"), 0);
}

/**
 * Samples the tree's summed VmRSS every 50 ms until stopped; returns the peak. A process counts
 * from its second sample on: when the server spawns an Apertium program, the child runs Node's
 * binary with the server's pages mapped until it execs, and counting it would add the server's
 * whole RSS a second time.
 */
export function sampleRss(pid: number): { stop(): number; peakAt: () => number; timeline: () => string } {
  let seen = new Set(nodeTree(pid));
  let peak = treeRss(pid);
  const started = performance.now();
  let peakAt = 0;
  const buckets: number[] = [];
  const sample = () => {
    const now = nodeTree(pid);
    const settled = now.filter((p) => seen.has(p));
    seen = new Set(now);
    const rss = settled.reduce((n, p) => n + statusBytes(p, "VmRSS"), 0);
    const at = (performance.now() - started) / 1000;
    const b = Math.floor(at / 2);
    buckets[b] = Math.max(buckets[b] ?? 0, rss);
    if (rss > peak) {
      peak = rss;
      peakAt = at;
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
    peakAt: () => peakAt,
    timeline: () => buckets.map((b, i) => `${i * 2}s:${((b ?? 0) / 1e6).toFixed(0)}`).join(" "),
  };
}
