import { matchTokens } from "./text-units";

/**
 * Counts occurrences of lexicon entries in a text's words. Entries and words are folded (lower
 * case, no accents); "term*" is a prefix, "two words" a phrase, anything else a whole word.
 */
export class TermMatcher {
  private readonly exact = new Set<string>();
  private readonly prefixes = new Map<string, string[]>();
  private readonly phrases: string[] = [];

  constructor(entries: Iterable<string>) {
    for (const raw of entries) {
      const prefix = raw.endsWith("*");
      const tokens = matchTokens(prefix ? raw.slice(0, -1) : raw);
      const entry = tokens.join(" ");
      if (!entry) continue;
      if (tokens.length > 1) this.phrases.push(` ${entry} `);
      else if (prefix) {
        const stem = entry;
        const key = stem.slice(0, 2);
        const list = this.prefixes.get(key) ?? [];
        list.push(stem);
        this.prefixes.set(key, list);
      } else this.exact.add(entry);
    }
  }

  /** Occurrences in `words` (from matchTokens) and `joined` (" " + words.join(" ") + " "), with the distinct entries hit. */
  count(words: readonly string[], joined: string): { hits: number; distinct: Set<string> } {
    let hits = 0;
    const distinct = new Set<string>();
    for (const w of words) {
      if (this.exact.has(w)) {
        hits++;
        distinct.add(w);
        continue;
      }
      const stem = this.prefixes.get(w.slice(0, 2))?.find((p) => w.startsWith(p));
      if (stem !== undefined) {
        hits++;
        distinct.add(`${stem}*`);
      }
    }
    for (const phrase of this.phrases) {
      let from = joined.indexOf(phrase);
      while (from >= 0) {
        hits++;
        distinct.add(phrase.trim());
        from = joined.indexOf(phrase, from + phrase.length - 1);
      }
    }
    return { hits, distinct };
  }

  /** Whether the words open with an entry ("click …", "klicken Sie …"). */
  matchesAtStart(words: readonly string[]): boolean {
    const first = words[0];
    if (first === undefined) return false;
    if (this.exact.has(first) || this.prefixes.get(first.slice(0, 2))?.some((p) => first.startsWith(p))) return true;
    const head = ` ${words.slice(0, 4).join(" ")} `;
    return this.phrases.some((phrase) => head.startsWith(phrase));
  }
}
