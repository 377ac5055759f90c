/**
 * `pnpm eval`: how well quality_score predicts sentence chrF against a human translation, on the
 * TEST split of the Debian gettext catalogs (sha256(domain) c–f; the model is trained on 0–b by
 * eval/train-quality.ts), English → es, ca, fr, pt, it, translated by Tolk's pipeline on
 * Apertium. Prints Spearman (pooled and per pair), Pearson, and per score band the number of
 * segments and their median chrF.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/quality-score.ts [--size 1500] [--targets gl,eo,oc] [--into-english es,ca]
 *
 * `--targets`: other English → X pairs of the catalogs instead of the five the model is trained
 * for; `--into-english`: X → English, the catalogs' translations back to their msgids. The model
 * has no word tables for those; docs/analysis.md#quality_score says how it fares.
 */
import { parseArgs } from "node:util";

import { createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import { segmentQuality } from "@tolk/domain/evaluation";

import { QUALITY_TARGETS, type QualityRow, printBands, qualityRows } from "./quality-data";
import { median, pearson, spearman } from "./rank-stats";

const { values } = parseArgs({
  options: { size: { type: "string" }, targets: { type: "string" }, "into-english": { type: "string" } },
});
const SIZE = Number(values.size ?? 1500);
/** [from, to] pairs. */
const PAIRS: [string, string][] = values["into-english"]
  ? values["into-english"].split(",").map((from) => [from, "en"])
  : (values.targets?.split(",") ?? QUALITY_TARGETS).map((target) => ["en", target]);

const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS, poolSize: 1 });
try {
  const scored: { row: QualityRow; score: number }[] = [];
  console.log(`\nquality_score against sentence chrF, test split of the catalogs (up to ${SIZE} messages a pair)`);
  for (const [from, target] of PAIRS) {
    const rows = await qualityRows(engine, target, "test", SIZE, from);
    const pairScored = rows.flatMap((row) => {
      const score = segmentQuality({
        ...row,
        engine: row.engine,
        source: row.source,
        output: row.output,
        target: row.target,
      });
      return score === null ? [] : [{ row, score: Math.round(score) }];
    });
    scored.push(...pairScored);
    console.log(
      `  ${from}-${target}  ${String(pairScored.length).padStart(5)} messages  Spearman ${spearman(
        pairScored.map((s) => s.score),
        pairScored.map((s) => s.row.chrf),
      ).toFixed(3)}  median chrF ${median(pairScored.map((s) => s.row.chrf)).toFixed(1)}`,
    );
  }
  const scores = scored.map((s) => s.score);
  const chrf = scored.map((s) => s.row.chrf);
  console.log(
    `  pooled  ${scored.length} messages  Spearman ${spearman(scores, chrf).toFixed(3)}  Pearson ${pearson(scores, chrf).toFixed(3)}`,
  );
  printBands(
    scored.map((s) => ({ score: s.score, chrf: s.row.chrf })),
    "messages",
  );
} finally {
  await engine.close();
}
