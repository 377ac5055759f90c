/**
 * Multinomial logistic regression for the close-neighbour models (train-langid-clusters.ts):
 * the same inputs and the same stored form as the naive Bayes weights (one weight per feature
 * and member, summed over the text's features), learned discriminatively. Naive Bayes gives a
 * word found in both members' training text weight in both, so a catalog of one standard
 * written in another's words (common among the Bosnian catalogs) blurs the markers; a
 * discriminative model weighs a feature by how well it separates the members across all texts.
 * AdaGrad with L2 on the weights a text touches; deterministic (fixed order, no randomness).
 */
export interface LogisticSample {
  /** Feature indexes, one entry per occurrence (as the detector sums them). */
  features: Int32Array;
  label: number;
  weight: number;
}

export interface LogisticOptions {
  epochs: number;
  rate: number;
  l2: number;
}

/** Weights, feature-major: `weights[feature * classes + member]`. */
export function trainLogistic(
  samples: readonly LogisticSample[],
  features: number,
  classes: number,
  { epochs, rate, l2 }: LogisticOptions,
): Float64Array {
  const weights = new Float64Array(features * classes);
  const squared = new Float64Array(features * classes).fill(1e-8);
  const logits = new Float64Array(classes);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const { features: xs, label, weight } of samples) {
      logits.fill(0);
      for (const f of xs)
        for (let k = 0; k < classes; k++) logits[k] = (logits[k] ?? 0) + (weights[f * classes + k] ?? 0);
      let max = -Infinity;
      for (const l of logits) max = Math.max(max, l);
      let total = 0;
      for (let k = 0; k < classes; k++) {
        logits[k] = Math.exp((logits[k] ?? 0) - max);
        total += logits[k] ?? 0;
      }
      for (let k = 0; k < classes; k++) {
        const gradient = weight * ((logits[k] ?? 0) / total - (k === label ? 1 : 0));
        for (const f of xs) {
          const i = f * classes + k;
          const g = gradient + l2 * (weights[i] ?? 0);
          squared[i] = (squared[i] ?? 0) + g * g;
          weights[i] = (weights[i] ?? 0) - (rate * g) / Math.sqrt(squared[i] ?? 1);
        }
      }
    }
  }
  return weights;
}
