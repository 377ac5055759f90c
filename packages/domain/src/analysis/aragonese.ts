/**
 * Aragonese has few catalogs to learn its letters from, and much of it shares its letters with
 * Spanish, so the close-neighbour model reads it as Spanish (or Catalan, Occitan) when the
 * letters alone decide. Its words say more: the list holds the words of Aragonese text that
 * Apertium's Aragonese analyser knows and none of the other Romance languages' analysers does
 * (_ye_, _nomás_, _ubrir_, _pachina_, _mensache_), built by
 * packages/eval/eval/build-aragonese-words.ts. One such word in a short text, two in a longer
 * one, are Aragonese; a text without them keeps the letters' answer.
 */
import words from "./aragonese-words.json";

const ARAGONESE: ReadonlySet<string> = new Set(words);
/** A text of at least this many words needs two Aragonese words: one may be a quotation. */
const LONG_TEXT_WORDS = 30;

/** `words`: the text's words in lower case; `decided`: the Romance member the letters chose. */
export function aragoneseOrDecided(words: readonly string[], decided: string): string {
  if (decided === "an") return decided;
  const found = words.filter((w) => ARAGONESE.has(w)).length;
  return found >= (words.length >= LONG_TEXT_WORDS ? 2 : 1) ? "an" : decided;
}
