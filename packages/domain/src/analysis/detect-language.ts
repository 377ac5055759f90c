import type { eld as ELD } from "eld/large";

import { malayOrIndonesian } from "./malay-or-indonesian";
import { countLetters, stripNonProse } from "./text-units";

/** What the detector reports; `language` is "auto" when the result is inconclusive. */
export interface LanguageDetection {
  language: string;
  /** 0–1: how clearly the best language beats the next one (relative margin of their scores). */
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
 * Below this confidence the result is "auto". Confidence is the relative margin between the
 * best and second-best n-gram score, (best − second) / best, scaled so that a 5% margin is
 * certainty. On the language-ID set the wrong answers have a median margin of 1.3% and the
 * right ones 20%, but close relatives (bg/ru, da/no) are often right by less than 2%: 0.1 (a
 * 0.5% margin) turns 21 of 2,951 sentences to "auto", a third of them wrong answers (the
 * thresholds compared are in docs/analysis.md). With MIN_FIT as well, 32 sentences answer "auto"
 * and 12 a wrong language.
 */
export const MIN_CONFIDENCE = 0.1;
/**
 * Below this best n-gram score no supported language fits the text: a jumble of greetings in
 * five languages, or a language ELD does not know. 5% of the right answers on the
 * language-ID set score below 0.74; "Bonjour hello hola ciao hallo" scores 0.63 (as Finnish).
 */
export const MIN_FIT = 0.65;
const FULL_MARGIN = 0.05;
/** Long texts are sampled: this many characters, taken in evenly spaced slices. */
const SAMPLE_CHARS = 3000;
const SAMPLE_SLICES = 6;

/**
 * Identifies the language of a text (ISO 639-1) with ELD, the library chosen by measurement
 * (eval/compare-langid.ts). ELD sums n-gram evidence over the whole text, so a mixed-language
 * text reports its dominant language, and a text split evenly between two languages has a
 * small margin and answers "auto". Texts longer than SAMPLE_CHARS are read from evenly spaced
 * slices, so the cost stays bounded (one library call on at most SAMPLE_CHARS characters).
 */
export async function detectLanguage(text: string): Promise<LanguageDetection> {
  const prose = stripNonProse(text);
  const letters = countLetters(prose);
  if (letters < MIN_LETTERS) return { language: AUTO, confidence: 0, reason: "too_short" };
  const result = (await languageModel()).detect(sample(prose));
  if (!result.language) return { language: AUTO, confidence: 0, reason: "unknown" };
  const scores = result.getScores();
  const confidence = round(marginConfidence(scores));
  if (confidence < MIN_CONFIDENCE) return { language: AUTO, confidence, reason: "ambiguous" };
  if (Math.max(...Object.values(scores)) < MIN_FIT) return { language: AUTO, confidence: 0, reason: "unknown" };
  return { language: result.language === "ms" ? malayOrIndonesian(prose) : result.language, confidence };
}

let model: Promise<typeof ELD> | undefined;

/**
 * ELD's large model, loaded on the first detection rather than at start: it is a large share of
 * the server's heap and takes a noticeable time to load (docs/benchmarks.md), and a deployment
 * that never detects a language or analyzes a text should not carry it. A failed load is
 * retried by the next call.
 */
function languageModel(): Promise<typeof ELD> {
  model ??= import("eld/large").then(
    (m) => m.eld,
    (err: unknown) => {
      model = undefined;
      throw err;
    },
  );
  return model;
}

function marginConfidence(scores: Record<string, number>): number {
  const [first = 0, second = 0] = Object.values(scores).sort((a, b) => b - a);
  if (first <= 0) return 0;
  return Math.min(1, (first - second) / first / FULL_MARGIN);
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
