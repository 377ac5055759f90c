/**
 * Trains the domain and formality model (packages/domain/src/analysis/text-model.json) on the training split:
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-domain-formality-set.ts   # the data
 *   pnpm --filter @tolk/eval exec tsx eval/train-text-model.ts
 *
 * Multinomial logistic regression, two heads (domain, formality) on the same inputs
 * (text-model.ts), trained with AdaGrad and L2. Deterministic: fixed order, no randomness.
 * Guards against learning a source instead of a class:
 * - a word is an input only if it occurs in texts of at least MIN_SOURCES sources, and function
 *   words (the stopword lists of en, de, es, fr) are not inputs: they tell the language, and
 *   where a domain's training texts are in fewer languages, the language would stand in for
 *   the domain;
 * - each source weighs at most as much as SOURCE_CAP texts, and within each language every
 *   class weighs the same, for the same reason.
 * The test split is never read here.
 */
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { deu, eng, fra, spa } from "stopword";

import {
  CLOSE_CALL,
  DOMAIN_CLASSES,
  FORMALITY_CLASSES,
  FORMALITY_THRESHOLD,
  type ModelOptions,
  STRONG_FORMAL,
  type TextModel,
  classifyDomainByLexicon,
  extractFeatures,
  modelInputs,
  rateFormalityByMarkers,
} from "@tolk/domain/evaluation";

import { domainPath } from "./domain-path";
import { TRAIN_FILE, type Unit, readUnits } from "./build-domain-formality-set";

/** Apertium's Spanish and French of English training texts (augment-domain-set.ts). */
const AUGMENTED = join(import.meta.dirname, "../../../.data/domain-formality-augmented.jsonl");
const OUT = domainPath("src/analysis/text-model.json");
/** Hyperparameters; TRAIN_<NAME> overrides one for a --cv run. */
const param = (name: string, value: number) => Number(process.env[`TRAIN_${name}`] ?? value);
const MIN_SOURCES = param("MIN_SOURCES", 3);
const MIN_TEXTS = param("MIN_TEXTS", 4);
const MAX_INPUTS = param("MAX_INPUTS", 12000);
/** Letter grams and suffixes have a budget of their own, so they do not push words out. */
const MAX_GRAMS = param("MAX_GRAMS", 20000);
/**
 * 1: every formality class weighs the same within a language (recall per class); 0: texts keep
 * their source weight only, so the model keeps the prior of the training texts, where
 * Neutral is most texts as in what is sent for translation.
 */
const BALANCE_FORMALITY = param("BALANCE_FORMALITY", 0);
const SOURCE_CAP = param("SOURCE_CAP", 40);
/**
 * 1: the machine-translated texts train the domain head (never the formality head: Apertium's
 * address is not the original's register), each weighing AUG_WEIGHT of a real text.
 */
const AUGMENT = param("AUGMENT", 1);
const AUG_WEIGHT = param("AUG_WEIGHT", 1);
const EPOCHS = param("EPOCHS", 15);
const RATE = param("RATE", 0.5);
const L2 = param("L2", 1e-4);
/** Input families (text-model.ts), on unless TRAIN_<NAME>=0. */
const OPTIONS: ModelOptions = {
  suffixes: param("SUFFIXES", 1) === 1,
  letterGrams: param("LETTER_GRAMS", 1) === 1,
  perLanguage: param("PER_LANGUAGE", 1) === 1,
};
/** Weights below this are dropped, the rest rounded: the file stays small. */
const PRUNE = 0.02;

type TrainingUnit = Unit & { augmented?: string };
if (AUGMENT && !existsSync(AUGMENTED))
  throw new Error(`${AUGMENTED} is missing: run eval/augment-domain-set.ts (or set TRAIN_AUGMENT=0)`);
const units = [...readUnits<TrainingUnit>(TRAIN_FILE), ...(AUGMENT ? readUnits<TrainingUnit>(AUGMENTED) : [])];

const examples = units.map((u) => ({ u, x: modelInputs(u.text, extractFeatures(u.text, u.lang), OPTIONS) }));

// Inputs: dense ones always; words seen in enough texts of enough sources.
const sourcesOf = new Map<string, Set<string>>();
const textsOf = new Map<string, number>();
for (const { u, x } of examples) {
  for (const k of x.keys()) {
    if (!sourcesOf.has(k)) sourcesOf.set(k, new Set());
    sourcesOf.get(k)?.add(u.source.split("#")[0] as string);
    textsOf.set(k, (textsOf.get(k) ?? 0) + 1);
  }
}
/** Counts (d:) and per-language counts (l:) are always inputs; the sparse ones must earn it. */
const isDense = (k: string) => k.startsWith("d:") || k.startsWith("l:");
const fold = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const FUNCTION_WORDS = new Set([...eng, ...deu, ...fra, ...spa].map((w) => `w:${fold(w)}`));
const ranked = [...textsOf.keys()]
  .filter((k) => !FUNCTION_WORDS.has(k))
  .filter((k) => isDense(k) || ((sourcesOf.get(k)?.size ?? 0) >= MIN_SOURCES && (textsOf.get(k) ?? 0) >= MIN_TEXTS))
  .sort((a, b) => (textsOf.get(b) ?? 0) - (textsOf.get(a) ?? 0) || (a < b ? -1 : 1));
const isGram = (k: string) => /^(s|c):/.test(k);
const inputs = [...ranked.filter((k) => !isGram(k)).slice(0, MAX_INPUTS), ...ranked.filter(isGram).slice(0, MAX_GRAMS)];
const index = new Map(inputs.map((k, i) => [k, i]));
/**
 * Letter grams, suffixes and per-language counts feed the formality head only: in
 * cross-validation they helped register but let the domain head learn each source's spelling
 * and language instead of its subject (their domain weights stay zero).
 */
const formalityOnly = inputs.map((k) => /^(s|c|l):/.test(k));

// Example weights: sources capped, then classes balanced, per head. A source's translations are
// capped on their own (per language), so they do not lower the weight of its real texts.
const capKey = (u: TrainingUnit) => (u.augmented ? `${u.source}\t${u.lang}\t${u.augmented}` : u.source);
const perSource = new Map<string, number>();
for (const { u } of examples) perSource.set(capKey(u), (perSource.get(capKey(u)) ?? 0) + 1);
const sourceWeight = (u: TrainingUnit) =>
  Math.min(1, SOURCE_CAP / (perSource.get(capKey(u)) ?? 1)) * (u.augmented ? AUG_WEIGHT : 1);
/**
 * The texts the cross-validation scores: the real ones. TRAIN_CV_UNSCORED=owner/name,… leaves
 * repositories out of the score (they still train), so that a figure with added sources can be
 * set beside one without them, on the same held-out texts with the same weights.
 */
const UNSCORED = new Set((process.env.TRAIN_CV_UNSCORED ?? "").split(",").filter(Boolean));
const isScored = (u: TrainingUnit) => !u.augmented && !UNSCORED.has(u.source.split("#")[0] as string);
/**
 * TRAIN_CV_BY_SOURCE=owner/name,…: also print each of these repositories' own held-out figure
 * (plain, per language), scored or not, so that what an added source does for texts like its own
 * can be read beside what it does to the rest.
 */
const BY_SOURCE = new Set((process.env.TRAIN_CV_BY_SOURCE ?? "").split(",").filter(Boolean));
/** Weight of a (language, class) cell: every cell present weighs the same in total. */
function cellWeights(label: (u: Unit) => string, scoredOnly = false): (u: Unit) => number {
  const mass = new Map<string, number>();
  const cell = (u: Unit) => `${u.lang}\t${label(u)}`;
  for (const { u } of examples)
    if (!scoredOnly || isScored(u)) mass.set(cell(u), (mass.get(cell(u)) ?? 0) + sourceWeight(u));
  const total = [...mass.values()].reduce((a, b) => a + b, 0);
  return (u) => total / (mass.size * (mass.get(cell(u)) ?? total));
}
const domainWeight = cellWeights((u) => u.domain);
const formalityWeight = BALANCE_FORMALITY ? cellWeights((u) => u.formality) : () => 1;
/** The weights the cross-validation scores by: those of the scored texts alone, whatever is added. */
const realDomainWeight = cellWeights((u) => u.domain, true);
const realFormalityWeight = BALANCE_FORMALITY ? cellWeights((u) => u.formality, true) : () => 1;

const K = DOMAIN_CLASSES.length + FORMALITY_CLASSES.length;

const softmax = (xs: number[]) => {
  const m = Math.max(...xs);
  const e = xs.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
};

const allRows = examples.map(({ u, x }) => ({
  u,
  x: [...x].filter(([k]) => index.has(k)).map(([k, v]) => [index.get(k) as number, v] as const),
  d: DOMAIN_CLASSES.indexOf(u.domain),
  r: FORMALITY_CLASSES.indexOf(u.formality),
  wd: sourceWeight(u) * domainWeight(u),
  wr: u.augmented ? 0 : sourceWeight(u) * formalityWeight(u),
  /** Scoring weights (cross-validation): scored texts only. */
  sd: isScored(u) ? sourceWeight(u) * realDomainWeight(u) : 0,
  sr: isScored(u) ? sourceWeight(u) * realFormalityWeight(u) : 0,
}));
// A fixed interleaving of the sources, so an epoch does not see one source at a time.
allRows.sort((a, b) => (a.u.id < b.u.id ? -1 : 1));
type Row = (typeof allRows)[number];

function train(rows: Row[]): { W: number[][]; B: number[] } {
  const W = inputs.map(() => new Array<number>(K).fill(0));
  const B = new Array<number>(K).fill(0);
  const G = inputs.map(() => new Array<number>(K).fill(1e-8));
  const GB = new Array<number>(K).fill(1e-8);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const row of rows) {
      const scores = [...B];
      for (const [i, v] of row.x)
        for (let c = 0; c < K; c++) scores[c] = (scores[c] as number) + (W[i]?.[c] as number) * v;
      const pd = softmax(scores.slice(0, DOMAIN_CLASSES.length));
      const pr = softmax(scores.slice(DOMAIN_CLASSES.length));
      const grad = [
        ...pd.map((p, c) => row.wd * (p - (c === row.d ? 1 : 0))),
        ...pr.map((p, c) => row.wr * (p - (c === row.r ? 1 : 0))),
      ];
      for (let c = 0; c < K; c++) {
        const g = grad[c] as number;
        GB[c] = (GB[c] as number) + g * g;
        B[c] = (B[c] as number) - (RATE * g) / Math.sqrt(GB[c] as number);
      }
      for (const [i, v] of row.x) {
        const w = W[i] as number[];
        const gi = G[i] as number[];
        for (let c = formalityOnly[i] ? DOMAIN_CLASSES.length : 0; c < K; c++) {
          const g = (grad[c] as number) * v + L2 * (w[c] as number);
          gi[c] = (gi[c] as number) + g * g;
          w[c] = (w[c] as number) - (RATE * g) / Math.sqrt(gi[c] as number);
        }
      }
    }
  }
  return { W, B };
}

const argmax = (xs: number[]) => xs.reduce((best, v, i) => (v > (xs[best] ?? -Infinity) ? i : best), 0);

// --cv: grouped cross-validation on the training split (4 folds by repository), the only
// figure hyperparameters are chosen by; the test split stays unseen.
if (process.argv.includes("--cv")) {
  const repo = (r: Row) => r.u.source.split("#")[0] as string;
  const scored = (r: Row) => isScored(r.u);
  // Per language: weighted hits and weights, plain hits and counts, for domain and formality.
  const tally = new Map<string, { d: number; wd: number; f: number; wr: number; dn: number; fn: number; n: number }>();
  const add = (lang: string, r: Row, dOk: boolean, fOk: boolean) => {
    for (const key of [lang, "all"]) {
      const t = tally.get(key) ?? { d: 0, wd: 0, f: 0, wr: 0, dn: 0, fn: 0, n: 0 };
      t.wd += r.sd;
      t.wr += r.sr;
      t.n += 1;
      if (dOk) {
        t.d += r.sd;
        t.dn += 1;
      }
      if (fOk) {
        t.f += r.sr;
        t.fn += 1;
      }
      tally.set(key, t);
    }
  };
  // Variants of the rules' say over the model, plain hits: the lexicon's domain when the model
  // ranks it within a margin of its first; Formal when the marker rule's score reaches a
  // multiple of its threshold.
  const MARGINS = [0, 0.05, CLOSE_CALL, 0.2];
  const MULTIPLES = [Infinity, 2, STRONG_FORMAL, 6];
  const marginHits = MARGINS.map(() => 0);
  const multipleHits = MULTIPLES.map(() => 0);
  let variantTexts = 0;
  // Plain confusion counts per language: "lang\thead\texpected\tpredicted" → texts.
  const confusion = new Map<string, number>();
  const count = (key: string) => confusion.set(key, (confusion.get(key) ?? 0) + 1);
  const bySource = new Map<string, { d: number; f: number; n: number }>();
  for (let fold = 0; fold < 4; fold++) {
    const inFold = (r: Row) =>
      parseInt(createHash("sha256").update(repo(r)).digest("hex").slice(0, 2), 16) % 4 === fold;
    const { W, B } = train(allRows.filter((r) => !inFold(r)));
    const reported = (r: Row) => !r.u.augmented && BY_SOURCE.has(repo(r));
    for (const r of allRows.filter((row) => inFold(row) && (scored(row) || reported(row)))) {
      const scores = [...B];
      for (const [i, v] of r.x)
        for (let c = 0; c < K; c++) scores[c] = (scores[c] as number) + (W[i]?.[c] as number) * v;
      const d = argmax(scores.slice(0, DOMAIN_CLASSES.length));
      const f = argmax(scores.slice(DOMAIN_CLASSES.length));
      if (reported(r)) {
        const t = bySource.get(`${repo(r)} ${r.u.lang}`) ?? { d: 0, f: 0, n: 0 };
        bySource.set(`${repo(r)} ${r.u.lang}`, {
          d: t.d + (d === r.d ? 1 : 0),
          f: t.f + (f === r.r ? 1 : 0),
          n: t.n + 1,
        });
      }
      if (!scored(r)) continue;
      add(r.u.lang, r, d === r.d, f === r.r);
      const features = extractFeatures(r.u.text, r.u.lang);
      const lexicon = DOMAIN_CLASSES.indexOf(classifyDomainByLexicon(features).domain);
      const markers = rateFormalityByMarkers(features).score;
      const pd = softmax(scores.slice(0, DOMAIN_CLASSES.length));
      variantTexts += 1;
      MARGINS.forEach((m, i) => {
        const pick = (pd[d] as number) - (pd[lexicon] as number) < m ? lexicon : d;
        if (pick === r.d) marginHits[i] = (marginHits[i] as number) + 1;
      });
      MULTIPLES.forEach((k, i) => {
        const pick = markers >= k * FORMALITY_THRESHOLD ? FORMALITY_CLASSES.indexOf("Formal") : f;
        if (pick === r.r) multipleHits[i] = (multipleHits[i] as number) + 1;
      });
      for (const lang of [r.u.lang, "all"]) {
        count(`${lang}\tdomain\t${r.u.domain}\t${DOMAIN_CLASSES[d] as string}`);
        count(`${lang}\tformality\t${r.u.formality}\t${FORMALITY_CLASSES[f] as string}`);
      }
    }
  }
  const pct = (a: number, b: number) => ((a / b) * 100).toFixed(1);
  // The rules need no training: their figure on the same texts, weighted alike, is the baseline.
  let rd = 0;
  let rf = 0;
  for (const r of allRows.filter(scored)) {
    const f = extractFeatures(r.u.text, r.u.lang);
    if (classifyDomainByLexicon(f).domain === r.u.domain) rd += r.sd;
    if (rateFormalityByMarkers(f).formality === r.u.formality) rf += r.sr;
  }
  const all = tally.get("all") as { wd: number; wr: number };
  console.log(`rules alone (weighted): domain ${pct(rd, all.wd)} %, formality ${pct(rf, all.wr)} %`);
  // Weighted: every held-out text weighs as its source's and class's weight (a macro view);
  // plain: every text counts once.
  for (const [lang, t] of [...tally].sort()) {
    console.log(
      `grouped 4-fold CV ${lang}: domain ${pct(t.d, t.wd)} % weighted, ${pct(t.dn, t.n)} % plain; formality ${pct(t.f, t.wr)} % weighted, ${pct(t.fn, t.n)} % plain; ${t.n} texts`,
    );
  }
  for (const [key, t] of [...bySource].sort())
    console.log(`held out, ${key}: domain ${pct(t.d, t.n)} %, formality ${pct(t.f, t.n)} % plain; ${t.n} texts`);
  console.log(
    `lexicon on close calls (margin ${MARGINS.join(", ")}): domain ${marginHits.map((h) => pct(h, variantTexts)).join(", ")} % plain`,
  );
  console.log(
    `Formal from strong markers (× threshold ${MULTIPLES.join(", ")}): formality ${multipleHits.map((h) => pct(h, variantTexts)).join(", ")} % plain`,
  );
  for (const lang of [...tally.keys()].sort())
    for (const [head, classes] of [
      ["domain", DOMAIN_CLASSES],
      ["formality", FORMALITY_CLASSES],
    ] as const) {
      console.log(`${lang} ${head} (rows: expected, columns: predicted): ${classes.join(", ")}`);
      for (const e of classes)
        console.log(
          `  ${e.padEnd(10)} ${classes.map((p) => String(confusion.get(`${lang}\t${head}\t${e}\t${p}`) ?? ".").padStart(6)).join("")}`,
        );
    }
  process.exit(0);
}

const { W, B } = train(allRows);

// Keep inputs that matter, rounded to 2 decimals.
const round = (v: number) => Math.round(v * 100) / 100;
const kept = inputs
  .map((name, i) => ({ name, w: (W[i] as number[]).map(round) }))
  .filter(({ name, w }) => isDense(name) || w.some((v) => Math.abs(v) >= PRUNE));
const model: TextModel = {
  inputs: kept.map((k) => k.name),
  weights: kept.map((k) => k.w),
  bias: B.map(round),
  options: OPTIONS,
};
writeFileSync(OUT, JSON.stringify(model) + "\n");
console.log(
  `${units.length} training texts from ${perSource.size} sources; ${kept.length} inputs kept of ${inputs.length}; wrote ${OUT}`,
);
