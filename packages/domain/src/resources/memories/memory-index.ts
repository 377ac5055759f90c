import { levenshtein, maxDistanceFor, scoreOf } from "./similarity";

export interface IndexedUnit {
  id: string;
  source: string;
  target: string;
}

export interface UnitMatch {
  unit: IndexedUnit;
  score: number;
}

const Q = 3;

/**
 * An in-memory index of one translation memory for exact and fuzzy lookups (similarity.ts).
 *
 * Fuzzy search compares only units that can reach the minimum score, and proves the others out
 * without computing their distance:
 * 1. Length: a distance d ≥ |len(a) − len(b)|, so only sources whose length lies in
 *    [len(q)·s, len(q)/s] (s = min score / 100) are candidates. Units are sorted by length, so
 *    this is a range.
 * 2. Shared trigrams (the q-gram lemma): two strings within distance k share at least
 *    max(|a|, |b|) − 2 − 3k trigrams (counted with multiplicity). Counts come from an inverted
 *    index over the query's trigrams, so each candidate's bound costs nothing extra.
 * 3. The rest get a Levenshtein distance banded at k, which stops as soon as it exceeds k.
 * All three steps are exact: no unit scoring at least the minimum is ever missed.
 */
export class MemoryIndex {
  private readonly units: IndexedUnit[];
  private readonly codes: number[][];
  private readonly bySource = new Map<string, number>();
  /** Unit indexes ordered by source length, and those lengths. */
  private readonly byLength: Int32Array;
  private readonly lengths: Int32Array;
  /** trigram → [unit index, count, unit index, count, …] */
  private readonly postings = new Map<string, number[]>();

  constructor(units: readonly IndexedUnit[]) {
    this.units = [...units];
    this.codes = this.units.map((u) => Array.from(u.source, (c) => c.codePointAt(0) ?? 0));
    this.units.forEach((u, i) => this.bySource.set(u.source, i));
    const order = this.units
      .map((_, i) => i)
      .sort((a, b) => (this.codes[a]?.length ?? 0) - (this.codes[b]?.length ?? 0));
    this.byLength = Int32Array.from(order);
    this.lengths = Int32Array.from(order, (i) => this.codes[i]?.length ?? 0);
    this.units.forEach((u, i) => {
      for (const [gram, count] of trigrams(u.source)) {
        let list = this.postings.get(gram);
        if (!list) this.postings.set(gram, (list = []));
        list.push(i, count);
      }
    });
  }

  get size(): number {
    return this.units.length;
  }

  exact(source: string): IndexedUnit | undefined {
    const i = this.bySource.get(source);
    return i === undefined ? undefined : this.units[i];
  }

  /** Units scoring at least `minScore` against `query`, best first (ties: shorter distance in length, then id). */
  search(query: string, options: { minScore: number; limit: number }): UnitMatch[] {
    const minScore = Math.min(100, Math.max(1, options.minScore));
    const q = Array.from(query, (c) => c.codePointAt(0) ?? 0);
    const len = q.length;
    if (len === 0 || this.units.length === 0) return [];
    const ratio = minScore / 100;
    const lo = lowerBound(this.lengths, Math.ceil(len * ratio - 1e-9));
    const hi = lowerBound(this.lengths, Math.floor(len / ratio + 1e-9) + 1);
    if (lo >= hi) return [];

    const shared = new Int32Array(this.units.length);
    for (const [gram, count] of trigrams(query)) {
      const list = this.postings.get(gram);
      if (!list) continue;
      for (let p = 0; p < list.length; p += 2) {
        const unit = list[p] ?? 0;
        shared[unit] = (shared[unit] ?? 0) + Math.min(count, list[p + 1] ?? 0);
      }
    }

    const found: UnitMatch[] = [];
    for (let r = lo; r < hi; r++) {
      const i = this.byLength[r] ?? 0;
      const codes = this.codes[i] ?? [];
      const longest = Math.max(len, codes.length);
      const k = maxDistanceFor(minScore, longest);
      const needed = longest - (Q - 1) - Q * k;
      if (needed > 0 && (shared[i] ?? 0) < needed) continue;
      const d = levenshtein(q, codes, k);
      if (d > k) continue;
      const unit = this.units[i];
      if (unit) found.push({ unit, score: scoreOf(d, longest) });
    }
    found.sort((a, b) => b.score - a.score || a.unit.id.localeCompare(b.unit.id));
    return found.slice(0, options.limit);
  }
}

/** Trigrams of a string (code points), with their counts. */
function trigrams(text: string): Map<string, number> {
  const chars = Array.from(text);
  const out = new Map<string, number>();
  for (let i = 0; i + Q <= chars.length; i++) {
    const gram = chars.slice(i, i + Q).join("");
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

/** First position whose value is ≥ `value` in an ascending array. */
function lowerBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
