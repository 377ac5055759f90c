/**
 * Trains the close-neighbour models of packages/domain/src/analysis/cluster-model.json (cluster-model.ts): per
 * cluster, a naive Bayes model over character 1–4-grams and whole words, keeping the features
 * that separate the members best. Deterministic.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/train-langid-clusters.ts [--feature-weight 0.4] [--model-weight 1] [--out file]
 *
 * Needs the Debian catalogs and Apertium pairs of scripts/debian-packages.txt, and the MediaWiki
 * repositories of mediawiki-messages.ts brought onto the machine with the `fetch` tool (it says
 * which are missing). Training text, none of it from a test set:
 * - the translations (msgstr) of the Debian gettext catalogs of the tuning split (name's
 *   SHA-256 starting 0–b, as in build-langid-debian.ts), without the texts of
 *   debian-tune.jsonl itself, so the tuning figures are not read on memorised texts; Serbian
 *   catalogs in Cyrillic are transliterated to Latin (Serbian in Latin script is what the
 *   models confuse with Croatian and Bosnian), and read as written for the Cyrillic cluster's
 *   `sr-Cyrl`;
 * - the interface messages of 17 MediaWiki extensions and skins (mediawiki-messages.ts), human
 *   translations that give Bosnian, Serbian in Latin script, Malay and Occitan real text the
 *   catalogs lack;
 * - the catalogs' strings machine-translated by the Apertium pairs installed on the machine
 *   into the members with few catalogs (Aragonese, Galician, Occitan, Sardinian, Nynorsk,
 *   Afrikaans). Apertium's output follows each language's morphology and spelling, which is
 *   what the letters of a text say. Cached in .data/langid-apertium/. Malay and the
 *   Serbo-Croatian standards take none: machine-made Malay from Indonesian shares the
 *   Indonesian text's words, which taught the model to read Indonesian as Malay.
 */
import { writeFileSync } from "node:fs";

import { type ClusterModel, clusterFeatures, stripNonProse } from "@tolk/domain/evaluation";

import { domainPath } from "./domain-path";
import { LANGID_LANGUAGES } from "./langid-languages";
import { isTranslated, isUsable } from "./langid-sets";
import { PER_SYNTHETIC, SYNTHETIC, catalogTexts, sample, toLatin, translate, tuneTexts } from "./langid-training-text";
import { mediawikiReader, requiredMediawikiMirrors, wikitextLines } from "./mediawiki-messages";

const OUT = arg("--out") ?? domainPath("src/analysis/cluster-model.json");

/**
 * The clusters, how many features each keeps, and how much the models' evidence counts where
 * the tuning split found that it should count more than MODEL_WEIGHT (Hindi and Marathi share
 * most of their letters' statistics, and the models tell them apart well).
 */
const CLUSTERS: Record<string, { languages: string[]; features: number; modelWeight?: number }> = {
  romance: { languages: ["es", "pt", "gl", "ca", "oc", "an", "sc", "it", "fr"], features: 12000 },
  "serbo-croatian": { languages: ["hr", "bs", "sr", "sl"], features: 10000 },
  malay: { languages: ["ms", "id"], features: 6000 },
  scandinavian: { languages: ["nb", "nn", "da", "sv"], features: 8000 },
  "low-franconian": { languages: ["af", "nl"], features: 5000 },
  "czech-slovak": { languages: ["cs", "sk"], features: 5000 },
  devanagari: { languages: ["hi", "mr"], features: 5000, modelWeight: 8 },
  // sr-Cyrl: Serbian in its own script, which the models read as Macedonian or Bulgarian now and then.
  cyrillic: { languages: ["ru", "uk", "be", "bg", "mk", "sr-Cyrl"], features: 8000 },
};
const FEATURE_WEIGHT = Number(arg("--feature-weight") ?? 0.4);
const MODEL_WEIGHT = Number(arg("--model-weight") ?? 1);
/** Add-alpha smoothing of the feature counts. */
const ALPHA = 0.5;
/** Weights are stored as round(log P × SCALE). */
const SCALE = 20;
/** At most this many texts from one MediaWiki message file (as PER_CATALOG). */
const PER_MEDIAWIKI_FILE = 1500;
/** MediaWiki's codes of a language, where they are not its own code (Cyrillic ones transliterated). */
const MEDIAWIKI_CODES: Record<string, { code: string; cyrillic?: boolean }[]> = {
  sr: [{ code: "sr-el" }, { code: "sr-ec", cyrillic: true }],
  pt: [{ code: "pt" }, { code: "pt-br" }],
  "sr-Cyrl": [{ code: "sr-ec" }],
};

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const NON_LATIN_LANGUAGES = new Set(["ru", "uk", "be", "bg", "mk", "sr-Cyrl", "hi", "mr"]);

// Real text per language.
const texts = new Map<string, string[]>();
const english: string[] = [];
const add = (language: string, more: string[]) => texts.set(language, [...(texts.get(language) ?? []), ...more]);
const wanted = new Set(Object.values(CLUSTERS).flatMap((c) => c.languages));
for (const { code, debian } of LANGID_LANGUAGES) {
  if (!wanted.has(code)) continue;
  for (const { locale } of debian) {
    const found = catalogTexts(locale, code !== "sr" || locale !== "sr");
    add(
      code,
      found.map((f) => (code === "sr" ? toLatin(f.text) : f.text)),
    );
    if (code === "sr" && locale === "sr")
      add(
        "sr-Cyrl",
        found.map((f) => f.text),
      );
    english.push(...found.map((f) => f.english));
  }
}
// The Apertium directions translate catalog strings (the MediaWiki text below is not theirs).
const catalogOnly = new Map([...texts].map(([language, all]) => [language, [...all]]));
const mirrors = requiredMediawikiMirrors();
for (const { repository, dir, commit } of mirrors) {
  let n = 0;
  const messages = mediawikiReader(dir);
  for (const code of wanted) {
    for (const { code: mw, cyrillic } of MEDIAWIKI_CODES[code] ?? [{ code }]) {
      const perFile = new Map<string, number>();
      const found: string[] = [];
      for (const { text, english: source, file } of messages(mw)) {
        const englishText = wikitextLines(source).join(" ");
        for (const t of wikitextLines(text)) {
          if ((perFile.get(file) ?? 0) >= PER_MEDIAWIKI_FILE || tuneTexts.has(t) || !isUsable(t)) continue;
          if (!isTranslated(englishText, t, !cyrillic && !NON_LATIN_LANGUAGES.has(code))) continue;
          perFile.set(file, (perFile.get(file) ?? 0) + 1);
          found.push(cyrillic ? toLatin(t) : t);
        }
      }
      add(code, found);
      n += found.length;
    }
  }
  console.log(`${repository} ${commit.slice(0, 12)}: ${n} texts`);
}
const real = new Map([...texts].map(([k, v]) => [k, v.length]));
for (const { language, mode, from } of SYNTHETIC) {
  const source = from === "en" ? english.filter((e) => isUsable(e)) : (catalogOnly.get(from) ?? []);
  const lines = sample(source, PER_SYNTHETIC);
  add(language, translate(mode, lines));
}
for (const [language, all] of [...texts].sort())
  console.log(`${language}: ${real.get(language) ?? 0} real texts, ${all.length} in all`);

/** Naive Bayes: log P(feature | member), smoothed. */
function bayesWeights(counts: Map<string, number>[], vocabulary: string[]): number[] {
  const sums = counts.map((c) => vocabulary.reduce((s, f) => s + (c.get(f) ?? 0), 0));
  return vocabulary.flatMap((f) =>
    counts.map((c, i) =>
      Math.round(Math.log(((c.get(f) ?? 0) + ALPHA) / ((sums[i] ?? 0) + ALPHA * vocabulary.length)) * SCALE),
    ),
  );
}

const model: ClusterModel = { scale: SCALE, clusters: {} };
for (const [name, { languages, features: keep, modelWeight = MODEL_WEIGHT }] of Object.entries(CLUSTERS)) {
  const counts = languages.map(() => new Map<string, number>());
  const totals = new Map<string, number>();
  languages.forEach((language, i) => {
    const own = counts[i] ?? new Map<string, number>();
    for (const text of texts.get(language) ?? []) {
      for (const f of clusterFeatures(stripNonProse(text))) {
        own.set(f, (own.get(f) ?? 0) + 1);
        totals.set(f, (totals.get(f) ?? 0) + 1);
      }
    }
  });
  // The features that say most about the members: frequent, and far more frequent in some
  // members than in others (the count times the spread of its log-probabilities), rather than
  // the most frequent ones, which are shared by all.
  const candidates = [...totals].filter(([, n]) => n >= 3).map(([f]) => f);
  const candidateSums = counts.map((c) => candidates.reduce((s, f) => s + (c.get(f) ?? 0), 0));
  const spread = (f: string) => {
    const logs = counts.map((c, i) =>
      Math.log(((c.get(f) ?? 0) + ALPHA) / ((candidateSums[i] ?? 0) + ALPHA * candidates.length)),
    );
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    return counts.reduce((s, c, i) => s + (c.get(f) ?? 0) * Math.abs((logs[i] ?? 0) - mean), 0);
  };
  const vocabulary = candidates
    .map((f) => ({ f, score: spread(f) }))
    .sort((a, b) => b.score - a.score || (a.f < b.f ? -1 : 1))
    .slice(0, keep)
    .map(({ f }) => f);
  const weights = bayesWeights(counts, vocabulary);
  model.clusters[name] = { languages, features: vocabulary, weights, featureWeight: FEATURE_WEIGHT, modelWeight };
  console.log(`${name}: ${vocabulary.length} features`);
}
writeFileSync(OUT, JSON.stringify(model) + "\n");
console.log(`wrote ${OUT}`);
