/**
 * A second check of quality_score, on prose it was not learned from: the Python documentation's
 * Spanish and French translations (Sphinx catalogs of `python/python-docs-es` and
 * `python/python-docs-fr`, CC0; paragraphs of guides and reference, English → es and → fr). The
 * model is learned on Debian's interface strings (train-quality.ts); this says whether what it
 * predicts holds for documentation paragraphs too. Each paragraph goes through the pipeline as
 * `POST /v1/translate` sends a text: cut into sentences, translated, the localization tables
 * applied where the analysis reads it as Technical, and scored as the text's quality_score (the
 * length-weighted mean of its sentences). Prints, per pair and pooled, Spearman of that score
 * with the paragraph's chrF against the human translation, and the median chrF of each band.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/quality-prose-check.ts [--size 300]
 *
 * Needs both repositories brought with `fetch` (bare git directories under /work/.mirror, or
 * TOLK_MIRRORS) and the Apertium pairs; a missing repository is named and skipped.
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";

import { EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import {
  SegmentCache,
  loadLocalizationTerms,
  localizationApplies,
  qualityScore,
  resolveRoute,
  segmentText,
  translateSegments,
} from "@tolk/domain/evaluation";

import { isProse, sphinxCatalog } from "./build-domain-formality-set";
import { type CatalogPair } from "./catalog-messages";
import { listFiles, mirrorDir, showFile } from "./mirrors";
import { printBands, sentenceChrf } from "./quality-data";
import { median, spearman } from "./rank-stats";

const { values } = parseArgs({ options: { size: { type: "string" } } });
const SIZE = Number(values.size ?? 300);
const SETS = [
  { target: "es", repository: "python/python-docs-es", ref: "HEAD" },
  { target: "fr", repository: "python/python-docs-fr", ref: "3.13" },
] as const;
const hash = (s: string) => createHash("sha256").update(s).digest("hex");

/** Translated paragraphs of the catalogs, one per distinct English paragraph, in hash order. */
function documentationPairs(gitDir: string, ref: string): CatalogPair[] {
  const files = listFiles(gitDir, ref).filter((f) =>
    /^(?:library|tutorial|howto|faq|reference|using)\/.*\.po$/.test(f),
  );
  const pairs = new Map<string, CatalogPair>();
  for (const file of files)
    for (const { source, translation: reference, fuzzy } of sphinxCatalog(showFile(gitDir, file, ref))) {
      if (!reference || reference === source || !isProse(source) || fuzzy) continue;
      pairs.set(source, { source, reference, domain: file });
    }
  return [...pairs.values()].sort((a, b) => (hash(a.source) < hash(b.source) ? -1 : 1));
}

/** Each paragraph as a request translates it: its quality_score and its chrF against the reference. */
async function scoreParagraphs(
  target: string,
  pairs: readonly CatalogPair[],
): Promise<{ score: number; chrf: number }[]> {
  const services = { router: new EngineRouter([engine]), cache: new SegmentCache({ maxEntries: 0 }) };
  const route = resolveRoute(services, "en", target);
  const table = await loadLocalizationTerms("en", target);
  const out: { score: number; chrf: number }[] = [];
  for (const pair of pairs) {
    const segmented = segmentText(pair.source, "en");
    const tables = localizationApplies({ sourceLang: "en", texts: [pair.source] }).targets(target);
    const translated = await translateSegments(services, {
      route,
      segments: segmented.segments,
      resources: tables && table ? { localization: table } : {},
    });
    const score = qualityScore(translated.signals);
    if (score !== null)
      out.push({ score: Math.round(score), chrf: sentenceChrf(segmented.join(translated.texts), pair.reference) });
  }
  return out;
}

const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS, poolSize: 1 });
try {
  const scored: { score: number; chrf: number }[] = [];
  console.log(`\nquality_score against chrF, Python documentation paragraphs (up to ${SIZE} a pair)`);
  for (const { target, repository, ref } of SETS) {
    const gitDir = mirrorDir(repository);
    if (!gitDir) {
      console.log(`  en-${target}: ${repository} is not on this machine (fetch github:${repository})`);
      continue;
    }
    const pairScored = await scoreParagraphs(target, documentationPairs(gitDir, ref).slice(0, SIZE));
    scored.push(...pairScored);
    console.log(
      `  en-${target}  ${String(pairScored.length).padStart(5)} paragraphs  Spearman ${spearman(
        pairScored.map((s) => s.score),
        pairScored.map((s) => s.chrf),
      ).toFixed(3)}  median chrF ${median(pairScored.map((s) => s.chrf)).toFixed(1)}`,
    );
  }
  console.log(
    `  pooled  ${scored.length} paragraphs  Spearman ${spearman(
      scored.map((s) => s.score),
      scored.map((s) => s.chrf),
    ).toFixed(3)}`,
  );
  printBands(scored, "paragraphs");
} finally {
  await engine.close();
}
