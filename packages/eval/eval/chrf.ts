/**
 * chrF (Popović 2015) as sacrebleu computes it by default (chrF2: character n-grams of orders
 * 1 to 6, beta = 2, whitespace removed, no word n-grams): n-gram counts are summed over the whole
 * corpus per order; precision and recall are averaged over the orders that have n-grams on both
 * sides; the score is their F-beta, times 100.
 */
const ORDER = 6;
const BETA = 2;

function ngrams(text: string, n: number): Map<string, number> {
  const chars = [...text.replace(/\s+/gu, "")];
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join("");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** Per order: [hypothesis n-grams, reference n-grams, matches]. */
export type ChrfStats = [number, number, number][];

export function chrfStats(hypothesis: string, reference: string): ChrfStats {
  const stats: ChrfStats = [];
  for (let n = 1; n <= ORDER; n++) {
    const hyp = ngrams(hypothesis, n);
    const ref = ngrams(reference, n);
    let hypTotal = 0;
    let refTotal = 0;
    let matches = 0;
    for (const count of hyp.values()) hypTotal += count;
    for (const [gram, count] of ref) {
      refTotal += count;
      matches += Math.min(count, hyp.get(gram) ?? 0);
    }
    stats.push([hypTotal, refTotal, matches]);
  }
  return stats;
}

/** Corpus chrF of hypotheses against one reference each. */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[]): number {
  const total: ChrfStats = Array.from({ length: ORDER }, () => [0, 0, 0]);
  hypotheses.forEach((hypothesis, i) => {
    chrfStats(hypothesis, references[i] ?? "").forEach(([h, r, m], n) => {
      const t = total[n];
      if (t) {
        t[0] += h;
        t[1] += r;
        t[2] += m;
      }
    });
  });
  let precision = 0;
  let recall = 0;
  let effective = 0;
  for (const [h, r, m] of total) {
    if (h === 0 || r === 0) continue;
    precision += m / h;
    recall += m / r;
    effective++;
  }
  if (effective === 0) return 0;
  precision /= effective;
  recall /= effective;
  const factor = BETA * BETA;
  const denominator = factor * precision + recall;
  return denominator === 0 ? 0 : (100 * (1 + factor) * precision * recall) / denominator;
}
