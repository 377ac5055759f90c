import { type Domain, type Formality, domains, formalities } from "@tolk/contract";

import { type LexiconDomain } from "./lexicons";
import { type TextFeatures } from "./text-features";
import { stripNonProse } from "./text-units";

/**
 * A linear model (multinomial logistic regression) over the words of a text and the counts of
 * text-features.ts, trained on public texts by packages/eval/eval/train-text-model.ts; its weights are in
 * text-model.json, loaded on the first analysis. One set of inputs, two outputs: the domain
 * (six classes) and the formality (three).
 *
 * Inputs, all in [0, 1]-ish ranges so one regularisation fits all:
 * - "w:<word>": the word occurs (lower case, without accents), and "p:<prefix>" for the first
 *   five letters of longer words, so inflected forms and compounds share evidence;
 * - "d:<name>": rates per 100 words of the features the rules already count (contractions,
 *   familiar and polite address, exclamations, emoji, imperatives, domain terms of the
 *   lexicons…) and the shape of the prose (sentence and word length). The lexicons' evidence is
 *   thus an input of the model, weighted by what the training data showed.
 * - "s:<suffix>": the last four letters of longer words, and "c:<gram>": letter 4-grams inside
 *   words (with "_" at word edges), when the model was trained with them: Spanish, French and
 *   German carry register and subject in endings and compounds (-ción, -ment, -ung, -keit,
 *   Arzneimittel…) that whole words, seen rarely, miss;
 * - "l:<lang>:<name>": the address and register counts again, per lexicon language, when the
 *   model was trained with them: the same count means different things in different languages
 *   (German "Sie" is the default of written instructions, French "tu" is not), so each language
 *   learns its own weight instead of a hand-set one.
 * Each family of sparse inputs is scaled to unit length, so a long text does not weigh more than
 * a short one and the many letter grams do not drown the words.
 */
export interface TextModel {
  /** Input names, in the order of the weight rows. */
  inputs: string[];
  /** weights[i] = the input's weight for each domain, then for each formality. */
  weights: number[][];
  bias: number[];
  /** Input families beyond words and counts; absent in models trained without them. */
  options?: ModelOptions;
}

export interface ModelOptions {
  suffixes?: boolean;
  letterGrams?: boolean;
  perLanguage?: boolean;
}

export const DOMAIN_CLASSES: readonly Domain[] = domains;
export const FORMALITY_CLASSES: readonly Formality[] = formalities;

const PREFIX = 5;
const LEXICON_DOMAINS: readonly LexiconDomain[] = ["Legal", "Medical", "Marketing", "Technical", "Finance"];

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const SUFFIX = 4;
const GRAM = 4;
/** Counts that speak of address and register: the ones given a weight per language. */
const PER_LANGUAGE = [
  "tPronouns",
  "vPronouns",
  "personal",
  "imperatives",
  "contractions",
  "formalMarkers",
  "informalMarkers",
  "sentenceWords",
  "wordLength",
];

/** Adds a family of binary inputs scaled to unit length. */
function addFamily(into: Map<string, number>, names: ReadonlySet<string>): void {
  const norm = Math.sqrt(names.size) || 1;
  for (const name of names) into.set(name, 1 / norm);
}

/** The inputs of a text: name → value. */
export function modelInputs(text: string, f: TextFeatures, options: ModelOptions = {}): Map<string, number> {
  const sparse = new Map<string, number>();
  const lexical = new Set<string>();
  const suffixes = new Set<string>();
  const grams = new Set<string>();
  for (const word of fold(stripNonProse(text)).match(/\p{L}{2,24}/gu) ?? []) {
    lexical.add(`w:${word}`);
    if (word.length > PREFIX + 1) lexical.add(`p:${word.slice(0, PREFIX)}`);
    if (options.suffixes && word.length > SUFFIX + 1) suffixes.add(`s:${word.slice(-SUFFIX)}`);
    // Only longer words: short ones are mostly function words, which name the language.
    if (options.letterGrams && word.length > PREFIX) {
      const edged = `_${word}_`;
      for (let i = 0; i + GRAM <= edged.length; i++) grams.add(`c:${edged.slice(i, i + GRAM)}`);
    }
  }
  addFamily(sparse, lexical);
  addFamily(sparse, suffixes);
  addFamily(sparse, grams);

  const per100 = 100 / Math.max(f.words, 10);
  const rate = (n: number, cap = 10) => Math.min(n * per100, cap) / cap;
  const dense: Record<string, number> = {
    contractions: rate(f.contractions),
    exclamations: rate(f.exclamations),
    questions: rate(f.questions),
    emoji: rate(f.emoji),
    tPronouns: rate(f.tPronouns),
    vPronouns: rate(f.vPronouns),
    personal: rate(f.personal, 20),
    imperatives: rate(f.imperatives),
    formalMarkers: rate(f.formalMarkers),
    informalMarkers: rate(f.informalMarkers),
    currency: rate(f.currency),
    measures: rate(f.measures),
    numbers: rate(f.numbers, 20),
    code: rate(f.placeholders + f.markup + f.links),
    acronyms: rate(f.acronyms),
    sentenceWords: Math.min(f.meanSentenceWords, 60) / 60,
    wordLength: Math.min(f.meanWordLength, 10) / 10,
    short: f.words < 12 ? 1 : 0,
  };
  for (const d of LEXICON_DOMAINS) dense[`terms${d}`] = rate(f.domainHits[d], 20);
  for (const [k, v] of Object.entries(dense)) if (v !== 0) sparse.set(`d:${k}`, v);
  if (options.perLanguage)
    for (const k of PER_LANGUAGE) {
      const v = dense[k];
      if (v) sparse.set(`l:${f.lexiconLanguage}:${k}`, v);
    }
  return sparse;
}

export interface ModelOutput {
  domain: { label: Domain; probabilities: Record<Domain, number> };
  formality: { label: Formality; probabilities: Record<Formality, number> };
}

/** Row index of each input name, built once per model. */
const indexes = new WeakMap<TextModel, Map<string, number>>();

export function predict(model: TextModel, inputs: Map<string, number>): ModelOutput {
  let index = indexes.get(model);
  if (!index) {
    index = new Map(model.inputs.map((name, i) => [name, i]));
    indexes.set(model, index);
  }
  const scores = [...model.bias];
  for (const [name, value] of inputs) {
    const row = index.get(name);
    if (row === undefined) continue;
    const w = model.weights[row] as number[];
    for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] as number) + (w[c] as number) * value;
  }
  const d = softmax(scores.slice(0, DOMAIN_CLASSES.length));
  const r = softmax(scores.slice(DOMAIN_CLASSES.length));
  return {
    domain: {
      label: DOMAIN_CLASSES[argmax(d)] as Domain,
      probabilities: Object.fromEntries(DOMAIN_CLASSES.map((c, i) => [c, d[i] ?? 0])) as Record<Domain, number>,
    },
    formality: {
      label: FORMALITY_CLASSES[argmax(r)] as Formality,
      probabilities: Object.fromEntries(FORMALITY_CLASSES.map((c, i) => [c, r[i] ?? 0])) as Record<Formality, number>,
    },
  };
}

export function softmax(xs: number[]): number[] {
  const max = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

const argmax = (xs: number[]) => xs.reduce((best, x, i) => (x > (xs[best] ?? -Infinity) ? i : best), 0);

let loading: Promise<TextModel> | null = null;

/** The trained weights, read once on first use (a few hundred KB, so not at start-up). */
export function loadTextModel(): Promise<TextModel> {
  loading ??= import("./text-model.json").then((m) => m.default);
  return loading;
}
