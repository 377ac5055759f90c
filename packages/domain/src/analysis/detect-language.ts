import { eld } from "eld/large";

import { malayOrIndonesian } from "./malay-or-indonesian";
import { splitSentences, stripNonProse } from "./text-units";

/** What the detector reports; `language` is "auto" when the result is inconclusive. */
export interface LanguageDetection {
  language: string;
  /** 0–1: how clearly the best language beats the next one, weighted by its share of the text. */
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
 * certainty, times the share of the text the winner holds. On the language-ID set the wrong
 * answers have a median margin of 1.3% and the right ones 20%, but close relatives (bg/ru,
 * da/no) are often right by less than 2%: 0.1 (a 0.5% margin) turns 21 of 2,951 sentences to
 * "auto", a third of them wrong answers (thresholds compared in `pnpm eval`).
 */
export const MIN_CONFIDENCE = 0.1;
const FULL_MARGIN = 0.05;
/** Text is read in chunks of at least this many characters, at most MAX_CHUNKS of them. */
const CHUNK_CHARS = 160;
const MAX_CHUNKS = 24;

const LETTER = /\p{L}/gu;

/**
 * Identifies the language of a text (ISO 639-1) with ELD, the library chosen by measurement
 * (eval/compare-langid.ts). Mixed-language texts report the dominant language: the text is
 * cut into sentence chunks, each is identified, and the language holding most letters wins.
 * Long texts are sampled evenly (at most MAX_CHUNKS chunks), so the cost stays bounded.
 */
export function detectLanguage(text: string): LanguageDetection {
  const prose = stripNonProse(text);
  const letters = prose.match(LETTER)?.length ?? 0;
  if (letters < MIN_LETTERS) return { language: AUTO, confidence: 0, reason: "too_short" };

  const weights = new Map<string, { letters: number; confidence: number }>();
  let total = 0;
  for (const chunk of sampleChunks(prose)) {
    const n = chunk.match(LETTER)?.length ?? 0;
    if (n === 0) continue;
    const result = eld.detect(chunk);
    if (!result.language) continue;
    const w = weights.get(result.language) ?? { letters: 0, confidence: 0 };
    w.letters += n;
    w.confidence += n * marginConfidence(result.getScores());
    weights.set(result.language, w);
    total += n;
  }
  const best = [...weights.entries()].sort((a, b) => b[1].letters - a[1].letters || (a[0] < b[0] ? -1 : 1))[0];
  if (!best || total === 0) return { language: AUTO, confidence: 0, reason: "unknown" };
  const [code, w] = best;
  const confidence = round((w.confidence / w.letters) * (w.letters / total));
  if (confidence < MIN_CONFIDENCE) return { language: AUTO, confidence, reason: "ambiguous" };
  return { language: code === "ms" ? malayOrIndonesian(prose) : code, confidence };
}

function marginConfidence(scores: Record<string, number>): number {
  const [first = 0, second = 0] = Object.values(scores).sort((a, b) => b - a);
  if (first <= 0) return 0;
  return Math.min(1, (first - second) / first / FULL_MARGIN);
}

/** Sentences grouped into chunks of ≥ CHUNK_CHARS; at most MAX_CHUNKS, spread over the text. */
function sampleChunks(prose: string): string[] {
  const chunks: string[] = [];
  let current = "";
  for (const sentence of splitSentences(prose)) {
    current = current ? `${current} ${sentence}` : sentence;
    if (current.length >= CHUNK_CHARS) {
      chunks.push(current);
      current = "";
    }
  }
  if (current) {
    // A short tail joins the previous chunk rather than being judged alone.
    if (chunks.length > 0 && current.length < CHUNK_CHARS / 2) chunks[chunks.length - 1] += ` ${current}`;
    else chunks.push(current);
  }
  if (chunks.length <= MAX_CHUNKS) return chunks;
  const step = chunks.length / MAX_CHUNKS;
  return Array.from({ length: MAX_CHUNKS }, (_, i) => chunks[Math.floor(i * step)] ?? "");
}

const round = (n: number) => Math.round(n * 1000) / 1000;
