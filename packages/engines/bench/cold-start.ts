/**
 * `pnpm bench` (turbo) or `pnpm --filter @tolk/engines bench`: the first request's latency on
 * an Apertium pair, cold (its pipeline starts on that request: programs spawned, dictionaries
 * loaded, tagger warm-up translated) and after the background warm-up the server runs at start
 * (`TOLK_APERTIUM_WARM`). Each pair is measured on a fresh engine, so nothing is shared.
 *
 *   BENCH_PAIRS   pairs to measure (default en-es,en-ca,es-pt,fr-es,sv-da)
 *   BENCH_LOAD    busy loops running beside the measurement (default 0; e.g. 4 on 2 cores)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

import { type LanguagePair, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "../src";

const pairs: LanguagePair[] = (process.env.BENCH_PAIRS ?? "en-es,en-ca,es-pt,fr-es,sv-da").split(",").map((p) => {
  const [source = "", target = ""] = p.trim().split("-");
  return { source, target };
});
const load = Number(process.env.BENCH_LOAD ?? 0);
const SENTENCE = ["The meeting starts at ten."];

async function firstRequestMs(pair: LanguagePair, warm: boolean): Promise<{ ms: number; warmMs: number } | null> {
  const engine = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
  try {
    if (!engine.pairs().some((p) => p.source === pair.source && p.target === pair.target)) return null;
    let warmMs = 0;
    if (warm) {
      const started = performance.now();
      await engine.warm([pair]);
      warmMs = performance.now() - started;
    }
    const started = performance.now();
    await engine.translate({ pair, segments: SENTENCE });
    return { ms: performance.now() - started, warmMs };
  } finally {
    await engine.close();
  }
}

const loops: ChildProcess[] = Array.from({ length: load }, () =>
  spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" }),
);
try {
  console.log(`First-request latency of a pair, cold vs warmed at start (busy loops beside: ${load})`);
  console.log("pair     cold ms   warmed ms   (warm-up took ms, in the background)");
  for (const pair of pairs) {
    const cold = await firstRequestMs(pair, false);
    const warmed = await firstRequestMs(pair, true);
    const key = `${pair.source}-${pair.target}`;
    if (!cold || !warmed) {
      console.log(`${key.padEnd(8)} not installed`);
      continue;
    }
    console.log(
      `${key.padEnd(8)} ${cold.ms.toFixed(0).padStart(7)}   ${warmed.ms.toFixed(1).padStart(9)}   (${warmed.warmMs.toFixed(0)})`,
    );
  }
} finally {
  for (const loop of loops) loop.kill("SIGKILL");
}
