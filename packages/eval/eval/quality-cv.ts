/**
 * Tuning aid for quality_score, on the TRAINING catalogs only: the model is trained on one half of
 * the training domains and scored on the other, both ways, so that a feature or setting can be
 * judged without ever looking at the test split. Reads the rows eval/train-quality.ts cached.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/quality-cv.ts [--size 15000]
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";

import { createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import { lookupAcceptance, writtenSet } from "@tolk/domain/evaluation";

import { QUALITY_TARGETS, type QualityRow, qualityRows } from "./quality-data";
import { median, spearman } from "./rank-stats";
import { predictRow, trainQuality } from "./train-quality";

const { values } = parseArgs({ options: { size: { type: "string" } } });
const SIZE = Number(values.size ?? 15000);
const fold = (domain: string) => createHash("sha256").update(`cv${domain}`).digest("hex").charAt(0) < "8";

const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS, poolSize: 1 });
try {
  const rows: QualityRow[] = [];
  for (const target of QUALITY_TARGETS) rows.push(...(await qualityRows(engine, target, "train", SIZE)));
  const halves = [rows.filter((r) => fold(r.domain)), rows.filter((r) => !fold(r.domain))];
  const scores: number[] = [];
  const chrf: number[] = [];
  for (const [k, train] of halves.entries()) {
    const held = halves[1 - k] ?? [];
    // The catalogs of the training half, the ones its rows were sampled from and the rest.
    const { model, words, written } = trainQuality(train, (d) => fold(d) === (k === 0));
    const predicted = held.map((r) => predictRow(r, model, lookupAcceptance(words), writtenSet(written)));
    console.log(
      `  trained on ${train.length}, scored ${held.length}: Spearman ${spearman(
        predicted,
        held.map((r) => r.chrf),
      ).toFixed(3)}`,
    );
    scores.push(...predicted);
    chrf.push(...held.map((r) => r.chrf));
  }
  console.log(`  cross-fitted Spearman ${spearman(scores, chrf).toFixed(3)}`);
  for (const [low, high] of [
    [0, 50],
    [51, 70],
    [71, 85],
    [86, 100],
  ] as const) {
    const inBand = chrf.filter((_, i) => Math.round(scores[i] ?? 0) >= low && Math.round(scores[i] ?? 0) <= high);
    console.log(`  ${low}–${high}: ${inBand.length} messages, median chrF ${median(inBand).toFixed(1)}`);
  }
} finally {
  await engine.close();
}
