/**
 * Names in software text, for the localization pass: product, brand and proper names that a
 * dictionary engine would translate word by word (`Word 2003` → `Palabra 2003`, `Able Player` →
 * `Jugador Capaz`), and labels of the interface quoted in a sentence (`click Save`).
 *
 * In text written in sentence case, a capital inside a sentence marks a name or a label:
 * - a run of two or more capitalised words (`App Store`, `Able Player`) is a name;
 * - a capitalised word followed by a year or a dotted version (`Word 2003`, `Qt 5.15`) is a name,
 *   at the start of a sentence too;
 * - a single capitalised word is a label when the localization table knows it as a string of its
 *   own (`click Save`), and is then translated as that string; otherwise it is left to the engine
 *   (a word the engine does not know, as most single names are, it keeps anyway).
 * Text in Title Case (`Related Modules`, `Is Expanded`) has capitals everywhere; only the version
 * rule applies there.
 */
import { type LocalizationTerms } from "./localization-terms";
import { type TermMatch } from "./term-matcher";

export interface Span {
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’+-]*/gu;
const CAPITALISED = /^\p{Lu}[\p{Ll}\p{N}'’+-]*[\p{Ll}\p{N}+][\p{L}\p{N}'’+-]*$|^\p{Lu}\p{Ll}$/u;
const VERSIONED =
  /(?<![\p{L}\p{N}])((?:\p{Lu}[\p{L}\p{N}+-]*\s)+)(?:(?:19|20)\d\d|\d+\.\d+(?:\.\d+)*)(?![\p{L}\p{N}]|\.\d)/gu;
/**
 * A capitalised word the table does not know as a label, right after a preposition, names what
 * the text is used in, with or from (`open it in Word`, `export to Excel`, `sign in with GitHub`):
 * a product, not a word to translate.
 */
const AFTER_PREPOSITION = /(?:^|\s)(?:in|into|with|from|to|for|using|via|on|by)\s+$/u;
/** Days and months, capitalised in English but common words (`on Monday`, `in May`), from ICU. */
const CALENDAR_WORDS = new Set([
  ...Array.from({ length: 7 }, (_, d) =>
    new Intl.DateTimeFormat("en", { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1 + d)),
  ),
  ...Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" }).format(Date.UTC(2024, m, 1)),
  ),
]);
/** What may come between a sentence start and its first word. */
const SENTENCE_START = /(?:^|[.!?:;…]\s+)[\s"'“”‘’«»¿¡([{—–-]*$/u;

/** Most longer words capitalised: a title or a label in Title Case, where a capital says nothing. */
export function isTitleCase(text: string): boolean {
  const words = (text.match(WORD) ?? []).filter((w) => w.length >= 2 && /^\p{L}/u.test(w));
  if (words.length < 2) return false;
  return words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length >= 0.6;
}

export function findSoftwareNames(
  text: string,
  table: LocalizationTerms,
  skip: readonly Span[],
): { names: Span[]; labels: TermMatch[] } {
  const names: Span[] = [];
  const labels: TermMatch[] = [];
  const free = (s: Span) =>
    !skip.some((k) => k.start < s.end && s.start < k.end) && !names.some((k) => k.start < s.end && s.start < k.end);

  for (const m of text.matchAll(VERSIONED)) {
    const span = { start: m.index, end: m.index + (m[1] ?? "").trimEnd().length };
    if (free(span)) names.push(span);
  }
  if (!isTitleCase(text)) {
    const words = [...text.matchAll(WORD)];
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (!w || !CAPITALISED.test(w[0]) || SENTENCE_START.test(text.slice(0, w.index))) continue;
      const first = i;
      let j = i;
      // Words of a run are separated by one space only.
      while (j + 1 < words.length) {
        const next = words[j + 1];
        const cur = words[j];
        if (!next || !cur || !CAPITALISED.test(next[0]) || text.slice(cur.index + cur[0].length, next.index) !== " ")
          break;
        j++;
      }
      const last = words[j];
      if (!last) continue;
      const span = { start: w.index, end: last.index + last[0].length };
      i = j;
      if (!free(span)) continue;
      if (j === first) {
        // One word: a known label is translated as the label, anything else is a name.
        const label = table.phrase(w[0]);
        if (label) labels.push({ start: span.start, end: span.end, term: label, rendered: label.target });
        else if (AFTER_PREPOSITION.test(text.slice(0, w.index)) && !CALENDAR_WORDS.has(w[0])) names.push(span);
      } else names.push(span);
    }
  }
  names.sort((a, b) => a.start - b.start);
  return { names, labels };
}
