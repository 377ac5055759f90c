import { matchTokens } from "./text-units";

export interface TermCount {
  hits: number;
  /** The entries found, as written in the index ("contract*", "governing law"). */
  distinct: Set<string>;
}

interface Entry<K> {
  key: K;
  label: string;
}

/**
 * Word lists of several categories, matched in one pass over a text's words. Entries and
 * words are folded (lower case, no accents); "term*" is a prefix, "two words" a phrase,
 * anything else a whole word. A word (or phrase) counts once per category it belongs to.
 */
export class TermIndex<K extends string> {
  private readonly exact = new Map<string, Entry<K>[]>();
  /** Prefix entries bucketed by their first two letters. */
  private readonly prefixes = new Map<string, { stem: string; entry: Entry<K> }[]>();
  /** Phrases bucketed by their first word. */
  private readonly phrases = new Map<string, { rest: string[]; entry: Entry<K> }[]>();

  /**
   * @param compounds also find prefix entries at the end of long words, for languages that
   *   write compounds as one word ("Tagesgeldkonto" holds "konto*").
   */
  constructor(
    private readonly lists: Record<K, readonly string[]>,
    private readonly compounds = false,
  ) {
    for (const key of Object.keys(lists) as K[]) {
      for (const raw of lists[key]) this.add(key, raw);
    }
  }

  private add(key: K, raw: string): void {
    const isPrefix = raw.endsWith("*");
    const tokens = matchTokens(isPrefix ? raw.slice(0, -1) : raw);
    const [first, ...rest] = tokens;
    if (first === undefined) return;
    const entry = { key, label: tokens.join(" ") + (isPrefix ? "*" : "") };
    if (rest.length > 0) push(this.phrases, first, { rest, entry });
    else if (isPrefix) push(this.prefixes, first.slice(0, 2), { stem: first, entry });
    else push(this.exact, first, entry);
  }

  /** Occurrences per category in `tokens` (from matchTokens). */
  count(tokens: readonly string[]): Record<K, TermCount> {
    const out = Object.fromEntries(
      Object.keys(this.lists).map((k) => [k, { hits: 0, distinct: new Set<string>() }]),
    ) as Record<K, TermCount>;
    // A word counts once per category: the index of the word each category was last hit at.
    const lastHitAt = new Map<K, number>();
    const hit = (e: Entry<K>, at: number, once: boolean) => {
      if (once && lastHitAt.get(e.key) === at) return;
      lastHitAt.set(e.key, at);
      out[e.key].hits++;
      out[e.key].distinct.add(e.label);
    };
    for (let i = 0; i < tokens.length; i++) {
      const w = tokens[i] ?? "";
      for (const e of this.exact.get(w) ?? []) hit(e, i, true);
      for (const { stem, entry } of this.prefixes.get(w.slice(0, 2)) ?? []) if (w.startsWith(stem)) hit(entry, i, true);
      if (this.compounds && w.length >= 8) {
        for (let at = 3; at <= w.length - 4; at++) {
          for (const { stem, entry } of this.prefixes.get(w.slice(at, at + 2)) ?? []) {
            if (stem.length >= 4 && w.startsWith(stem, at)) hit(entry, i, true);
          }
        }
      }
      for (const { rest, entry } of this.phrases.get(w) ?? []) {
        if (rest.every((r, k) => tokens[i + 1 + k] === r)) hit(entry, i, false);
      }
    }
    return out;
  }

  /** Whether the words open with an entry of `key` ("click …", "klicken Sie …"). */
  matchesAtStart(key: K, tokens: readonly string[]): boolean {
    const w = tokens[0];
    if (w === undefined) return false;
    if (this.exact.get(w)?.some((e) => e.key === key)) return true;
    if (this.prefixes.get(w.slice(0, 2))?.some((p) => p.entry.key === key && w.startsWith(p.stem))) return true;
    return (this.phrases.get(w) ?? []).some((p) => p.entry.key === key && p.rest.every((r, k) => tokens[1 + k] === r));
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
