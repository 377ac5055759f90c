import { findLanguage } from "@tolk/contract";

import { aragoneseOrDecided } from "./aragonese";
import { type ClusterModel, clusterOf, clusterTokens, decideInCluster } from "./cluster-model";
import { resolveFamily } from "./language-families";
import { bokmalOrNynorsk } from "./bokmal-or-nynorsk";
import { MIN_ENGLISH_SHARE, englishLexicon, englishShare } from "./english-words";
import { malayOrIndonesian } from "./malay-or-indonesian";
import { type SerboCroatianForms, serboCroatian, serboCroatianForms } from "./serbo-croatian";
import { countLetters, isShouting, stripNonProse } from "./text-units";

/** What the detector reports; `language` is "auto" when the result is inconclusive. */
export interface LanguageDetection {
  language: string;
  /** 0–1: how clearly the best language beats the next one (relative margin of their probabilities). */
  confidence: number;
  /** Why the result is "auto", when it is. */
  reason?: "too_short" | "ambiguous" | "unknown";
}

export const AUTO = "auto";

/**
 * Below this many letters (after removing markup, placeholders, URLs and numbers) a text is
 * too short to identify reliably: "Hello world", "OK", "Hola" answer "auto".
 */
export const MIN_LETTERS = 12;
/**
 * Below this probability of the best language no language fits the text: "asdf qwer zxcv",
 * or a language the model does not know. Chosen on the tuning split (docs/analysis.md).
 */
export const MIN_PROBABILITY = 0.1;
/** Below this confidence (the best two languages nearly tied) the result is "auto". */
export const MIN_CONFIDENCE = 0.05;
/** Long texts are sampled: this many characters, taken in evenly spaced slices. */
const SAMPLE_CHARS = 1000;
const SAMPLE_SLICES = 4;
/** How many of the model's guesses are read: enough to find the best one the API can name. */
const TOP_K = 8;

/**
 * The models' labels that are not the API's ISO 639-1 code of the same language: "no" is
 * Norwegian as a whole (language-families.ts tells Bokmål from Nynorsk), "sh" Serbo-Croatian
 * (serbo-croatian.ts), CLD3's "iw" Hebrew, the rest regional varieties the API names by their
 * macrolanguage.
 */
const MODEL_LABELS: Readonly<Record<string, string>> = {
  no: "nb",
  sh: "hr",
  iw: "he",
  arz: "ar",
  azb: "az",
  pnb: "pa",
  ckb: "ku",
  yue: "zh",
  wuu: "zh",
  gom: "mr",
  hif: "hi",
  bh: "hi",
  mai: "hi",
  // Romance varieties the API does not name: their evidence is the family's, and the cluster
  // model then picks the named member the letters point to (a Sardinian string read as Lombard).
  ast: "es",
  cbk: "es",
  mwl: "pt",
  lmo: "it",
  eml: "it",
  vec: "it",
  nap: "it",
  pms: "it",
  scn: "it",
};
/**
 * Standards of one language that the models mix up: their evidence is pooled, and the text's
 * own letters and words pick the standard (cluster-model.ts, language-families.ts).
 */
const POOLED: Readonly<Record<string, string>> = {
  nb: "no",
  nn: "no",
  hr: "sh",
  bs: "sh",
  sr: "sh",
  ms: "ms",
  id: "ms",
};
/**
 * Languages written in Latin letters besides their primary script (GET /v1/languages' `script`):
 * a text in Latin letters alone may be one of them, never another language of another script.
 */
const WRITTEN_IN_LATIN_TOO: ReadonlySet<string> = new Set(["sr"]);
/**
 * How much CLD3's answer counts beside fastText's probabilities. The two models err on
 * different texts (fastText on short interface strings, CLD3 on the close neighbours); chosen
 * on the tuning split (docs/analysis.md).
 */
const CLD3_WEIGHT = 0.6;
/** fastText's probability above which CLD3 is not asked. */
const FASTTEXT_SURE = 0.95;

/** The parts of the two models this module uses. */
interface Models {
  fastText: {
    predict(text: string, k: number, threshold: number): { size(): number; get(i: number): [number, string] };
  };
  cld3: { findLanguage(text: string): { language: string; probability: number } };
  clusters: ClusterModel;
  english: ReadonlySet<string>;
  serboCroatianForms: SerboCroatianForms;
}

/**
 * Identifies the language of a text (an ISO 639-1 code of GET /v1/languages) with two language-
 * identification models shipped inside npm packages, fastText's lid.176 (fasttext.wasm.js) and
 * Google's CLD3 (cld3-asm), their evidence added up: the combination chosen by measurement
 * (packages/eval/eval/compare-langid.ts). The standards and close neighbours the models cannot separate
 * (nb/nn/da, hr/bs/sr, ms/id, gl/es/pt and others) are then settled by a model of the text's
 * letter sequences per cluster of neighbours (cluster-model.ts), the word rules of
 * language-families.ts answering where it has nothing to read. A mixed-language text reports
 * its dominant language. Texts longer than SAMPLE_CHARS are read from evenly spaced slices, so
 * the cost stays bounded.
 */
export async function detectLanguage(text: string): Promise<LanguageDetection> {
  const prose = stripNonProse(text);
  if (countLetters(prose) < MIN_LETTERS) return { language: AUTO, confidence: 0, reason: "too_short" };
  const spaced = sample(prose).replace(/\s+/g, " ");
  const line = isShouting(prose) ? spaced.toLowerCase() : spaced;
  const { fastText, cld3, clusters, english, serboCroatianForms: forms } = await languageModels();
  const scores = new Map<string, number>();
  /** fastText's alone: which standard of a pooled language the text leans to when its words do not say. */
  const fastTextScores = new Map<string, number>();
  // The models now and then name a language of another script for a string of Latin letters
  // they cannot place (Japanese for "Kryptert KSpread-rekneark").
  // Read on the sample the models read, so a long text costs no more than its slices.
  const latinOnly = !/[^\p{Script=Latin}\P{L}]/u.test(spaced);
  const add = (label: string, weight: number, fromFastText: boolean) => {
    const code = MODEL_LABELS[label] ?? label;
    const script = findLanguage(code)?.script;
    if (!script || (latinOnly && script !== "latin" && !WRITTEN_IN_LATIN_TOO.has(code))) return;
    scores.set(code, (scores.get(code) ?? 0) + weight);
    if (fromFastText) fastTextScores.set(code, (fastTextScores.get(code) ?? 0) + weight);
  };
  const guesses = fastText.predict(line, TOP_K, 0);
  for (let i = 0; i < guesses.size(); i++) {
    const [probability, label] = guesses.get(i);
    add(label.replace("__label__", ""), probability, true);
  }
  // When fastText is this sure, CLD3's vote (at most CLD3_WEIGHT) cannot change the answer:
  // skipping it halves the cost of long texts.
  const askCld3 = guesses.size() === 0 || guesses.get(0)[0] < FASTTEXT_SURE;
  if (askCld3) {
    const cld = cld3.findLanguage(line);
    const code = MODEL_LABELS[cld.language.replace(/-Latn$/, "")] ?? cld.language.replace(/-Latn$/, "");
    // CLD3 settles between fastText's candidates; alone it misreads short sentences with
    // confidence ("The cat sleeps on the sofa." as Irish, 0.95), so it cannot bring in a
    // language fastText did not consider at all, unless fastText considered a close neighbour
    // of it (Danish for Norwegian): the cluster model then decides between them.
    const neighbours = clusterOf(clusters, code);
    const considered =
      scores.has(code) ||
      (neighbours !== undefined && [...scores.keys()].some((k) => clusterOf(clusters, k) === neighbours));
    if (cld.language !== "und" && (guesses.size() === 0 || considered))
      add(cld.language.replace(/-Latn$/, ""), CLD3_WEIGHT * cld.probability, false);
  }

  const pooled = new Map<string, { score: number; best: string; bestScore: number }>();
  for (const [code, score] of scores) {
    const key = POOLED[code] ?? code;
    const entry = pooled.get(key) ?? { score: 0, best: code, bestScore: -1 };
    entry.score += score;
    const lean = fastTextScores.get(code) ?? 0;
    if (lean > entry.bestScore) Object.assign(entry, { best: code, bestScore: lean });
    pooled.set(key, entry);
  }
  const ranked = [...pooled].sort((a, b) => b[1].score - a[1].score);
  // The models' English on a text with hardly an English word is their guess for what they
  // cannot place (english-words.ts): the other languages they considered decide.
  if (ranked[0]?.[0] === "en" && englishShare(english, spaced) < MIN_ENGLISH_SHARE) ranked.shift();
  const [first, second] = ranked;
  const total = askCld3 ? 1 + CLD3_WEIGHT : 1;
  if (!first) return { language: AUTO, confidence: 0, reason: "unknown" };
  const confidence = round(Math.min(1, (first[1].score - (second?.[1].score ?? 0)) / first[1].score));
  // Evidence spread over close neighbours (es, ca, oc, an…) is neither unknown nor ambiguous:
  // the text is one of them, which the cluster model settles. So a cluster's members count
  // together against the best language outside it.
  const cluster = clusterOf(clusters, first[1].best);
  const inCluster = (code: string) => cluster !== undefined && clusterOf(clusters, code) === cluster;
  const [together, outside] = cluster
    ? ranked.reduce(
        ([own, other], [, e]) => (inCluster(e.best) ? [own + e.score, other] : [own, Math.max(other, e.score)]),
        [0, 0],
      )
    : [first[1].score, second?.[1].score ?? 0];
  if (together / total < MIN_PROBABILITY) return { language: AUTO, confidence: 0, reason: "unknown" };
  if ((together - outside) / together < MIN_CONFIDENCE) return { language: AUTO, confidence, reason: "ambiguous" };
  // A text the models put in a cluster of close neighbours is settled there; every other
  // language keeps the models' answer and the word rules.
  // Cyrillic is Serbian at once (serbo-croatian.ts); the cluster model reads Latin letters.
  if (cluster && !(cluster === "serbo-croatian" && /\p{Script=Cyrillic}/u.test(prose))) {
    // The standards of one language (nb/nn, hr/bs/sr, ms/id) get half of their pooled evidence
    // each and half of their own: the models tell them apart poorly, so the letters decide,
    // and the models' lean only tips a text whose letters say little.
    const evidence = (code: string) => {
      const key = POOLED[code];
      if (!key) return (scores.get(code) ?? 0) / total;
      return ((pooled.get(key)?.score ?? 0) + (scores.get(code) ?? 0)) / 2 / total;
    };
    // The sample the models read: a long text costs no more than its slices.
    const decided = decideInCluster(clusters, cluster, line, evidence);
    if (decided) return { language: byStandardsWords(cluster, prose, decided, forms), confidence };
  }
  return { language: resolveFamily(prose, first[0], first[1].best, first[1].score / total, forms), confidence };
}

/**
 * Between the standards of one language the letters hardly differ (Serbo-Croatian's ije/e aside):
 * the words only one standard uses (tko/ko, tjedan/sedmica; bahwa/bahawa, berkas/fail) are the
 * stronger evidence when present. So are the words only Aragonese writes among the Romance
 * languages, whose letters the model learned from little text (aragonese.ts).
 */
function byStandardsWords(cluster: string, prose: string, decided: string, forms: SerboCroatianForms): string {
  if (cluster === "serbo-croatian") return serboCroatian(prose, decided, forms);
  if (decided === "ms" || decided === "id") return malayOrIndonesian(prose, decided);
  if (decided === "nb" || decided === "nn") return bokmalOrNynorsk(prose, decided);
  if (cluster === "romance") return aragoneseOrDecided(clusterTokens(prose), decided);
  return decided;
}

let models: Promise<Models> | undefined;

/**
 * CLD3's loader gives up when its WebAssembly has not compiled within its default of 3 s, which
 * a busy 2-core machine exceeds while it loads fastText and the word lists beside it: the
 * detection then failed although nothing was wrong. A load that takes a minute is stuck.
 */
const CLD3_LOAD_TIMEOUT_MS = 60_000;

/**
 * The models, loaded on the first detection rather than at start, so a deployment that never
 * detects a language or analyzes a text does not carry them. A failed load is retried by the
 * next call.
 */
function languageModels(): Promise<Models> {
  models ??= Promise.all([
    import("fasttext.wasm.js").then(async (m) => (await m.getLIDModel()).load()),
    import("cld3-asm").then(async (m) => (await m.loadModule({ timeout: CLD3_LOAD_TIMEOUT_MS })).create(0, 1000)),
    import("./cluster-model.json").then((m) => m.default),
    englishLexicon(),
    import("./serbo-croatian-words.json").then((m) => serboCroatianForms(m.default)),
  ])
    .then(([fastText, cld3, clusters, english, serboCroatianForms]) => ({
      fastText,
      cld3,
      clusters,
      english,
      serboCroatianForms,
    }))
    .catch((err: unknown) => {
      models = undefined;
      throw err;
    });
  return models;
}

/** The whole text, or evenly spaced slices of it cut at spaces. */
function sample(prose: string): string {
  if (prose.length <= SAMPLE_CHARS) return prose;
  const size = SAMPLE_CHARS / SAMPLE_SLICES;
  const step = (prose.length - size) / (SAMPLE_SLICES - 1);
  const slices: string[] = [];
  for (let i = 0; i < SAMPLE_SLICES; i++) {
    const from = Math.floor(i * step);
    slices.push(
      prose
        .slice(from, from + size)
        .replace(/^\S*\s/, "")
        .replace(/\s\S*$/, ""),
    );
  }
  return slices.join(" ");
}

const round = (n: number) => Math.round(n * 1000) / 1000;
