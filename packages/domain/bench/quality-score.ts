// quality_score's own cost: 2,000 lines of the gettext corpus (e2e/bench/corpus/en.txt)
// translated to Spanish by Apertium once (not timed), then each segment's score computed as the
// pipeline does after translating it. Prints the first score (which decodes the n-gram filter)
// and the time per segment and per 1,000 characters. Part of `pnpm --filter @tolk/domain bench`.
import { performance } from "node:perf_hooks";

import { WAIT_UNTIL_LOADED_MS, countWords, createApertiumEngine } from "@tolk/engines";

import { type SegmentQualitySignals, segmentQuality } from "../src/translation/quality-score";
import { benchCorpus } from "./corpus";

const LINES = Number(process.env.BENCH_QUALITY_LINES ?? 2_000);
const ROUNDS = 5;

const sources = benchCorpus().slice(0, LINES);

const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS, poolSize: 1 });
let segments: SegmentQualitySignals[];
try {
  const translated = await engine.translate({ pair: { source: "en", target: "es" }, segments: sources });
  segments = sources.map((source, i) => ({
    source,
    output: translated[i]?.text ?? "",
    target: "es",
    words: countWords(source),
    unknownWords: translated[i]?.unknownWords ?? 0,
    pivots: 0,
    repairedPlaceholders: 0,
    engine: "apertium",
  }));
} finally {
  await engine.close();
}

const firstSegment = segments[0];
if (!firstSegment) throw new Error("the corpus has no lines");
const first = performance.now();
segmentQuality(firstSegment);
const decoded = performance.now() - first;

const start = performance.now();
let sum = 0;
for (let round = 0; round < ROUNDS; round++) for (const s of segments) sum += segmentQuality(s) ?? 0;
const elapsed = performance.now() - start;
const characters = ROUNDS * segments.reduce((n, s) => n + (s.output?.length ?? 0), 0);
console.log(
  `quality_score: first score ${decoded.toFixed(1)} ms (decodes the n-gram filter); ` +
    `${((elapsed / (ROUNDS * segments.length)) * 1000).toFixed(1)} µs per segment, ` +
    `${((elapsed / characters) * 1000).toFixed(2)} ms per 1,000 characters (${segments.length} segments × ${ROUNDS}, mean score ${(sum / (ROUNDS * segments.length)).toFixed(1)})`,
);
