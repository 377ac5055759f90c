/**
 * The translation-memory match score: a character-level similarity, 0–100.
 *
 *   score(a, b) = floor(100 × (1 − lev(a, b) / max(|a|, |b|)))
 *
 * lev is the Levenshtein distance over Unicode code points (insert, delete and substitute each
 * cost 1), |x| the length in code points. Case, spacing and punctuation all count: a TM match is
 * reused as it is, so any difference is a difference. 100 means identical; Weblate uses the same
 * normalisation (with Damerau transpositions), and, like Weblate's and DeepL's defaults, a match
 * counts from 75 on (peers.md §3). Rounded down, so 74.9 is not a 75% match.
 */
export function similarityScore(a: string, b: string): number {
  const x = Array.from(a, codePoint);
  const y = Array.from(b, codePoint);
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  return scoreOf(levenshtein(x, y, longest), longest);
}

export const scoreOf = (distance: number, longest: number) => Math.floor((100 * (longest - distance)) / longest + 1e-9);

/** The largest distance that still scores `minScore` for strings whose longer one has `longest` code points. */
export const maxDistanceFor = (minScore: number, longest: number) =>
  Math.floor(((100 - minScore) * longest) / 100 + 1e-9);

const codePoint = (c: string) => c.codePointAt(0) ?? 0;

/**
 * Levenshtein distance of two code-point arrays, or `limit + 1` as soon as it must exceed
 * `limit` (only the diagonal band of width 2·limit+1 is computed: O(limit · n)).
 */
export function levenshtein(a: readonly number[], b: readonly number[], limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  const n = b.length;
  const big = limit + 1;
  let prev = new Int32Array(n + 1);
  let curr = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j <= limit ? j : big;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(n, i + limit);
    curr[0] = i <= limit ? i : big;
    if (from > 1) curr[from - 1] = big;
    let rowMin = curr[0] ?? big;
    const ai = a[i - 1];
    for (let j = from; j <= to; j++) {
      const cost = ai === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? big) + 1, (curr[j - 1] ?? big) + 1, (prev[j - 1] ?? big) + cost);
      curr[j] = v > big ? big : v;
      if (v < rowMin) rowMin = v;
    }
    if (to < n) curr[to + 1] = big;
    if (rowMin > limit) return big;
    [prev, curr] = [curr, prev];
  }
  const d = prev[n] ?? big;
  return d > limit ? big : d;
}
