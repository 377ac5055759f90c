/**
 * Glossary-style terms in a text: whole words, longest match first, case-aware.
 *
 * - Whole words: a term that starts (ends) with a letter or digit matches only where the text
 *   has no letter or digit just before (after) it. "cat" is not found in "concatenate".
 * - Longest first: where several terms start at one place, the longest wins ("user account"
 *   before "user"); the text is then read on after the match, so matches never overlap.
 * - Case-aware: a term written without capitals ("dashboard") is a common word and matches in
 *   any case; its target then follows the case of the text ("Dashboard" → "Panel", "DASHBOARD" →
 *   "PANEL"). A term written with a capital ("Tolk", "API", "New York") is a name and matches
 *   only as written; its target is used as written.
 * - Priority: terms are given in priority order (do-not-translate terms, then each glossary in
 *   the order the request lists them, then the brand voice's preferred terms). A source term
 *   already given keeps its first target; among terms of equal length at one place, the first wins.
 */

export interface Term {
  source: string;
  target: string;
  /** Where the term comes from: a glossary id, "brand_voice" or "do_not_translate". */
  origin: string;
}

export interface TermMatch {
  start: number;
  end: number;
  term: Term;
  /** The target in the case the text calls for. */
  rendered: string;
}

interface Candidate {
  term: Term;
  lower: string;
  caseSensitive: boolean;
  priority: number;
}

const WORD = /[\p{L}\p{N}]/u;
const isWord = (c: string) => c !== "" && WORD.test(c);

export class TermSet {
  private readonly byFirst = new Map<string, Candidate[]>();
  readonly terms: Term[] = [];

  constructor(terms: readonly Term[]) {
    const seen = new Set<string>();
    for (const term of terms) {
      const source = term.source.trim();
      if (source.length === 0 || seen.has(source)) continue;
      seen.add(source);
      const entry = { ...term, source };
      this.terms.push(entry);
      const lower = source.toLowerCase();
      const first = Array.from(lower)[0] ?? "";
      const list = this.byFirst.get(first) ?? [];
      list.push({ term: entry, lower, caseSensitive: source !== lower, priority: this.terms.length });
      this.byFirst.set(first, list);
    }
    for (const list of this.byFirst.values())
      list.sort((a, b) => b.lower.length - a.lower.length || a.priority - b.priority);
  }

  get size(): number {
    return this.terms.length;
  }

  /** The target of a source term as listed (exact source), if any. */
  targetOf(source: string): string | undefined {
    return this.terms.find((t) => t.source === source)?.target;
  }

  /** Every match, left to right, not overlapping, none inside `skip` spans (placeholders). */
  find(text: string, skip: readonly { start: number; end: number }[] = []): TermMatch[] {
    if (this.terms.length === 0) return [];
    const out: TermMatch[] = [];
    const lowerText = text.toLowerCase();
    // toLowerCase can change lengths ("İ"); matching then falls back to exact terms only.
    const sameLength = lowerText.length === text.length;
    let s = 0;
    let i = 0;
    while (i < text.length) {
      while (s < skip.length && (skip[s]?.end ?? 0) <= i) s++;
      const inSkip = skip[s];
      if (inSkip && inSkip.start <= i) {
        i = inSkip.end;
        continue;
      }
      const before = i > 0 ? text.charAt(i - 1) : "";
      const here = text.charAt(i);
      const boundary = !isWord(before) || !isWord(here);
      const candidates = boundary ? this.byFirst.get(sameLength ? lowerText.charAt(i) : here.toLowerCase()) : undefined;
      const match = candidates ? this.matchAt(text, lowerText, sameLength, i, candidates, inSkip?.start) : null;
      if (match) {
        out.push(match);
        i = match.end;
      } else i++;
    }
    return out;
  }

  private matchAt(
    text: string,
    lowerText: string,
    sameLength: boolean,
    at: number,
    candidates: Candidate[],
    limit?: number,
  ): TermMatch | null {
    for (const c of candidates) {
      const end = at + c.term.source.length;
      if (end > text.length || (limit !== undefined && end > limit)) continue;
      const slice = text.slice(at, end);
      if (c.caseSensitive ? slice !== c.term.source : !sameLength || lowerText.slice(at, end) !== c.lower) continue;
      if (isWord(c.term.source.charAt(0)) && at > 0 && isWord(text.charAt(at - 1))) continue;
      if (isWord(c.term.source.charAt(c.term.source.length - 1)) && isWord(text.charAt(end))) continue;
      return {
        start: at,
        end,
        term: c.term,
        rendered: c.caseSensitive ? c.term.target : followCase(slice, c.term.target),
      };
    }
    return null;
  }
}

/** The target in the case of the matched text: ALL CAPS, Capitalised, or as listed. */
export function followCase(matched: string, target: string): string {
  const letters = matched.replace(/[^\p{L}]/gu, "");
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    return target.toUpperCase();
  const first = Array.from(matched)[0] ?? "";
  if (first !== first.toLowerCase()) return capitalize(target);
  return target;
}

export const capitalize = (text: string) => {
  const [first = "", ...rest] = Array.from(text);
  return first.toUpperCase() + rest.join("");
};
