/**
 * Learns quality_score (packages/domain/src/translation/quality-model.json, quality-words.json) from the TRAINING
 * catalogs only (sha256(domain) 0–b), English → es, ca, fr, pt, it, up to SIZE messages a pair
 * translated by Tolk's pipeline on Apertium (eval/quality-data.ts):
 * 1. word tables per target: how often translators kept each word the engine produced, and the
 *    engine's chrF on messages with each English word (words seen at least MIN_SEEN times);
 *    and the words, word pairs and triples the catalogs' translators wrote in each target
 *    (quality-written.json, every training catalog, not only the sampled messages);
 * 2. a linear regression of sentence chrF on the features of quality-features.ts (least squares,
 *    small ridge), the word and n-gram features of each message computed from the tables of the
 *    OTHER half of the catalogs, as they will be on unseen text; a risk feature whose weight comes out
 *    positive is fixed at zero and the rest refitted, so more of a risk never raises the score;
 * 3. the calibration: the score at the training predictions' quantiles (CALIBRATION).
 * Deterministic: same catalogs, same files. `pnpm eval` (eval/quality-score.ts) reports the test split.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/train-quality.ts [--size 15000]
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { type Engine, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import {
  type AcceptanceTable,
  QUALITY_FEATURES,
  type QualityModel,
  type WordAcceptance,
  type WordTable,
  type WrittenLookup,
  featureVector,
  lookupAcceptance,
  ngrams,
  outputWords,
  qualityFeatures,
  segmentQualityDetail,
  serialiseWritten,
  writtenKey,
  writtenSet,
  writtenTokens,
} from "@tolk/domain/evaluation";

import { createHash } from "node:crypto";

import { catalogsFor } from "../scripts/gettext-catalogs";
import { unmnemonic } from "./catalog-messages";
import { domainPath } from "./domain-path";
import { QUALITY_TARGETS, type QualityRow, qualityRows } from "./quality-data";
import { spearman } from "./rank-stats";

const RIDGE = 1;
/** A word enters the acceptance table once the engine produced it this many times. */
const MIN_SEEN = 3;
const SOURCE_PRIOR = 5;
/** Score at the training predictions' quantiles: the bands' edges (see docs/analysis.md). */
const CALIBRATION: readonly [number, number][] = [
  [0, 10],
  [0.25, 50],
  [0.6, 70],
  [0.85, 85],
  [1, 100],
];

/**
 * Per target: for each word the engine produced, how often the human translation of the same
 * message has it too (smoothed towards 0.5), for words seen at least MIN_SEEN times.
 */
export function acceptanceTable(rows: readonly QualityRow[]): AcceptanceTable {
  return { output: outputTable(rows), source: sourceTable(rows) };
}

/**
 * Per target: for each English word, the mean chrF of the messages that have it minus the mean of
 * all (smoothed towards 0 by SOURCE_PRIOR messages), for words seen at least MIN_SEEN times.
 */
function sourceTable(rows: readonly QualityRow[]): WordTable {
  const table: WordTable = {};
  for (const target of [...new Set(rows.map((r) => r.target))].sort()) {
    const own = rows.filter((r) => r.target === target);
    const mean = own.reduce((s, r) => s + r.chrf, 0) / own.length;
    const sums = new Map<string, [number, number]>();
    for (const r of own) {
      for (const w of outputWords(r.source)) {
        const c = sums.get(w) ?? [0, 0];
        c[0]++;
        c[1] += r.chrf - mean;
        sums.set(w, c);
      }
    }
    const entries = [...sums].filter(([, c]) => c[0] >= MIN_SEEN).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    table[target] = Object.fromEntries(
      entries.map(([w, [n, sum]]) => [w, Math.round((sum / (n + SOURCE_PRIOR)) * 10) / 10]),
    );
  }
  return table;
}

function outputTable(rows: readonly QualityRow[]): WordTable {
  const counts = new Map<string, Map<string, [number, number]>>();
  for (const r of rows) {
    const reference = new Set(outputWords(r.reference));
    const byWord = counts.get(r.target) ?? new Map<string, [number, number]>();
    counts.set(r.target, byWord);
    for (const w of outputWords(r.output)) {
      const c = byWord.get(w) ?? [0, 0];
      c[0]++;
      if (reference.has(w)) c[1]++;
      byWord.set(w, c);
    }
  }
  const table: WordTable = {};
  for (const [target, byWord] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const entries = [...byWord].filter(([, c]) => c[0] >= MIN_SEEN).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    table[target] = Object.fromEntries(
      entries.map(([w, [seen, kept]]) => [w, Math.round(((kept + 0.5) / (seen + 1)) * 100) / 100]),
    );
  }
  return table;
}

/** False-positive rate of the committed n-gram filter (quality-written.ts). */
const WRITTEN_ERROR = 0.01;

/**
 * The words, pairs and triples the translators of the training catalogs wrote in each of
 * `targets` (keys of writtenKey), from the catalogs whose text domain `keep` accepts. English is
 * the catalogs' msgids, written by people too (those of the other targets' catalogs).
 */
export function writtenNgrams(
  keep: (domain: string) => boolean = () => true,
  targets: readonly string[] = QUALITY_TARGETS,
): Set<string> {
  const keys = new Set<string>();
  const add = (target: string, text: string) => {
    const { words, pairs, triples } = ngrams(writtenTokens(unmnemonic(text)));
    for (const gram of [...words, ...pairs, ...triples]) keys.add(writtenKey(target, gram));
  };
  // A msgid stands in the catalogs of every language it was translated into: read it once.
  const msgids = new Set<string>();
  for (const language of targets.filter((t) => t !== "en")) {
    for (const catalog of catalogsFor(language, "train")) {
      if (!keep(catalog.domain)) continue;
      for (const message of catalog.messages) {
        add(language, message.target);
        if (targets.includes("en") && !msgids.has(message.source)) {
          msgids.add(message.source);
          add("en", message.source);
        }
      }
    }
  }
  return keys;
}

/**
 * The targets the committed n-grams cover: every language the machine's Apertium pairs translate
 * into. The weights are learned on QUALITY_TARGETS; the n-gram features carry over to the other
 * targets as they are (docs/analysis.md#quality_score measures gl, eo and oc).
 */
const writtenTargets = (engine: Engine): string[] => [...new Set(engine.pairs().map((p) => p.target))].sort();

/** Two halves of the training catalogs (by a second hash digit of the domain), for cross-fitting. */
const half = (domain: string) => (createHash("sha256").update(domain).digest("hex").charAt(1) < "8" ? 0 : 1);

/** Solves A x = b (A symmetric positive definite) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[p]?.[c] ?? 0)) p = r;
    [m[c], m[p]] = [m[p] ?? [], m[c] ?? []];
    const pivot = m[c]?.[c] ?? 1;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = (m[r]?.[c] ?? 0) / pivot;
      for (let k = c; k <= n; k++) (m[r] as number[])[k] = (m[r]?.[k] ?? 0) - f * (m[c]?.[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/** Ridge least squares on the columns in `active` (the intercept, column 0, is not penalised). */
function fit(x: number[][], y: number[], active: boolean[]): number[] {
  const cols = active.flatMap((on, j) => (on ? [j] : []));
  const a = cols.map(() => cols.map(() => 0));
  const b = cols.map(() => 0);
  x.forEach((row, i) => {
    cols.forEach((j, p) => {
      b[p] = (b[p] ?? 0) + (row[j] ?? 0) * (y[i] ?? 0);
      cols.forEach((k, q) => ((a[p] as number[])[q] = (a[p]?.[q] ?? 0) + (row[j] ?? 0) * (row[k] ?? 0)));
    });
  });
  cols.forEach((j, p) => {
    if (j !== 0) (a[p] as number[])[p] = (a[p]?.[p] ?? 0) + RIDGE;
  });
  const solved = solve(a, b);
  const w = active.map(() => 0);
  cols.forEach((j, p) => (w[j] = solved[p] ?? 0));
  return w;
}

/**
 * Learns the model from `rows`; the n-grams it returns come from every training catalog `keep`
 * accepts (the cross-validation keeps its held-out catalogs out), in `targets` (the languages
 * the rows translate into unless told).
 */
export function trainQuality(
  rows: readonly QualityRow[],
  keep: (domain: string) => boolean = () => true,
  targets: readonly string[] = QUALITY_TARGETS,
): { model: QualityModel; words: AcceptanceTable; written: Set<string> } {
  // The acceptance of a message's words and the n-grams come from the other half of the
  // catalogs, so that the regression weighs the features as they will be at run time, on text the
  // tables never saw.
  const halves = [0, 1].map((h) => acceptanceTable(rows.filter((r) => half(r.domain) !== h)));
  const writtenHalves = [0, 1].map((h) => writtenSet(writtenNgrams((d) => keep(d) && half(d) !== h)));
  const none: AcceptanceTable = { output: {}, source: {} };
  const x = rows.map((r) => [
    1,
    ...featureVector(
      qualityFeatures(r, lookupAcceptance(halves[half(r.domain)] ?? none), writtenHalves[half(r.domain)]),
    ),
  ]);
  const y = rows.map((r) => r.chrf);
  const active = x[0]?.map(() => true) ?? [];
  let w = fit(x, y, active);
  for (;;) {
    const wrong = QUALITY_FEATURES.findIndex((f, j) => f.risk && active[j + 1] && (w[j + 1] ?? 0) > 0);
    if (wrong < 0) break;
    active[wrong + 1] = false;
    w = fit(x, y, active);
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const predictions = x.map((row) => row.reduce((s, v, j) => s + v * (w[j] ?? 0), 0)).sort((a, b) => a - b);
  const quantile = (q: number) =>
    predictions[Math.min(predictions.length - 1, Math.floor(q * predictions.length))] ?? 0;
  const model: QualityModel = {
    target: "sentence chrF against a human translation",
    trainedOn: `Debian gettext catalogs, training split (sha256(domain) 0–b), English → ${QUALITY_TARGETS.join(", ")}, ${rows.length} messages`,
    intercept: round(w[0] ?? 0),
    weights: Object.fromEntries(QUALITY_FEATURES.map((f, j) => [f.name, round(w[j + 1] ?? 0)])),
    calibration: CALIBRATION.map(([q, score]) => [round(quantile(q)), score]),
    means: Object.fromEntries(
      QUALITY_FEATURES.map((f, j) => [f.name, round(x.reduce((sum, row) => sum + (row[j + 1] ?? 0), 0) / x.length)]),
    ),
  };
  return { model, words: acceptanceTable(rows), written: writtenNgrams(keep, targets) };
}

/** The score of a row under a model and tables, as quality-score.ts computes it at run time. */
export function predictRow(
  row: QualityRow,
  model: QualityModel,
  acceptance: WordAcceptance,
  written: WrittenLookup,
): number {
  return segmentQualityDetail(row, model, acceptance, written)?.score ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { size: { type: "string" } } });
  const QUALITY_SAMPLE = Number(values.size ?? 15000);
  const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS, poolSize: 1 });
  try {
    const rows: QualityRow[] = [];
    for (const target of QUALITY_TARGETS) rows.push(...(await qualityRows(engine, target, "train", QUALITY_SAMPLE)));
    const targets = writtenTargets(engine);
    const { model, words, written } = trainQuality(rows, () => true, targets);
    writeFileSync(domainPath("src/translation/quality-model.json"), `${JSON.stringify(model, null, 2)}\n`);
    writeFileSync(domainPath("src/translation/quality-words.json"), `${JSON.stringify(words)}\n`);
    const about = `words, word pairs and triples of the human texts in the training split of Debian's gettext catalogs (sha256(domain) 0–b; English: msgids), ${targets.join(", ")}: ${written.size} n-grams, false positives ${WRITTEN_ERROR}`;
    writeFileSync(
      domainPath("src/translation/quality-written.json"),
      `${JSON.stringify(serialiseWritten(written, WRITTEN_ERROR, about))}\n`,
    );
    const x = rows.map((r) => predictRow(r, model, lookupAcceptance(words), writtenSet(written)));
    console.log(
      `trained on ${rows.length} training-split messages; Spearman on the training split ${spearman(
        x,
        rows.map((r) => r.chrf),
      ).toFixed(3)}`,
    );
    console.log(model.weights);
  } finally {
    await engine.close();
  }
}
