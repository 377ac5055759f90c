/**
 * The data quality_score is learned and judged on: English messages of the machine's gettext
 * catalogs translated by Tolk's pipeline (Apertium, the built-in localization tables as a
 * localization format gets them), each with its engine signals and its sentence chrF against the
 * catalog's human translation. Training rows come only from catalogs whose sha256(domain) starts
 * 0–b, test rows only from c–f (scripts/gettext-catalogs.ts).
 *
 * Translating thousands of messages takes minutes, so a pair's rows are cached in eval/.cache/
 * (git-ignored), keyed by the split, the sample size and the pipeline's output format; delete the
 * folder after changing the pipeline.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { type Engine, EngineRouter } from "@tolk/engines";
import {
  SegmentCache,
  loadLocalizationTerms,
  localizationApplies,
  resolveRoute,
  translateSegments,
} from "@tolk/domain/evaluation";

import { type Split } from "../scripts/gettext-catalogs";
import { catalogPairs, unmnemonic } from "./catalog-messages";
import { corpusChrf } from "./chrf";
import { median } from "./rank-stats";

/** English → the five targets of issue 32. */
export const QUALITY_TARGETS = ["es", "ca", "fr", "pt", "it"] as const;

export interface QualityRow {
  target: string;
  domain: string;
  source: string;
  reference: string;
  output: string;
  engine: string;
  words: number;
  unknownWords: number;
  pivots: number;
  repairedPlaceholders: number;
  /** Sentence chrF of the output against the reference, mnemonics removed from both. */
  chrf: number;
}

const CACHE = join(import.meta.dirname, ".cache");

/** Sentence chrF: the corpus formula on one sentence. */
export const sentenceChrf = (hypothesis: string, reference: string) =>
  corpusChrf([unmnemonic(hypothesis)], [unmnemonic(reference)]);

/**
 * A pair's rows: English → `target`, or with `from` the other way, `from` → English (the
 * catalogs' translations as sources, their msgids as the references: `target` is then "en").
 */
export async function qualityRows(
  engine: Engine,
  target: string,
  split: Split,
  size: number,
  from = "en",
): Promise<QualityRow[]> {
  const file = join(CACHE, `quality-${from}-${target}-${split}-${size}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as QualityRow[];
  const services = { router: new EngineRouter([engine]), cache: new SegmentCache({ maxEntries: 0 }) };
  const pairs =
    from === "en"
      ? catalogPairs(target, split).slice(0, size)
      : catalogPairs(from, split)
          .slice(0, size)
          .map((p) => ({ ...p, source: p.reference, reference: p.source }));
  const route = resolveRoute(services, from, target);
  const table = localizationApplies({ sourceLang: from, format: "po" }).targets(target)
    ? await loadLocalizationTerms(from, target)
    : null;
  const rows: QualityRow[] = [];
  const CHUNK = 200;
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const chunk = pairs.slice(start, start + CHUNK);
    const translated = await translateSegments(services, {
      route,
      segments: chunk.map((p) => p.source),
      resources: table ? { localization: table } : {},
    });
    chunk.forEach((p, i) => {
      const s = translated.signals[i];
      const output = translated.texts[i] ?? "";
      if (!s) return;
      rows.push({
        target,
        domain: p.domain,
        source: p.source,
        reference: p.reference,
        output,
        engine: s.engine,
        words: s.words,
        unknownWords: s.unknownWords ?? 0,
        pivots: s.pivots,
        repairedPlaceholders: s.repairedPlaceholders,
        chrf: sentenceChrf(output, p.reference),
      });
    });
  }
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, JSON.stringify(rows));
  return rows;
}

/** quality_score's bands (docs/analysis.md): what a score's median chrF is read against. */
const SCORE_BANDS: readonly [number, number][] = [
  [0, 50],
  [51, 70],
  [71, 85],
  [86, 100],
];

/** Prints each band's number of scored items (`unit`: messages, paragraphs) and their median chrF. */
export function printBands(scored: readonly { score: number; chrf: number }[], unit: string): void {
  console.log(`  band     ${unit}  median chrF`);
  for (const [low, high] of SCORE_BANDS) {
    const inBand = scored.filter((s) => s.score >= low && s.score <= high).map((s) => s.chrf);
    console.log(
      `  ${`${low}–${high}`.padEnd(8)} ${String(inBand.length).padStart(unit.length)}  ${inBand.length ? median(inBand).toFixed(1) : "—"}`,
    );
  }
}
