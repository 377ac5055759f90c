/**
 * Tells close neighbours apart with a small naive Bayes model per cluster (Ibero-Romance with
 * French, Italian, Occitan, Aragonese and Sardinian; Serbo-Croatian and Slovenian; Malay and
 * Indonesian; the Scandinavian languages; Afrikaans and Dutch; Czech and Slovak; Hindi and
 * Marathi; Russian, Ukrainian, Belarusian, Bulgarian, Macedonian and Serbian in Cyrillic; the
 * clusters are the model's), trained on character 1–4-grams and whole words
 * (packages/eval/eval/train-langid-clusters.ts; weights in cluster-model.json). fastText and
 * CLD3 know the family well but confuse its members, and hand-picked marker words only cover
 * texts that happen to contain them; letter sequences (-ción/-ção/-zione, ije/e, -leg/-lig) are
 * in almost every text. The models' evidence still counts (`modelWeight`), so a
 * member the models are sure is absent needs much stronger letter evidence to win.
 */

/** One cluster's weights, as written by packages/eval/eval/train-langid-clusters.ts. */
export interface ClusterWeights {
  /** The members, in the order of every weight array (a language, or a language-script: `sr-Cyrl`). */
  languages: string[];
  /** The features read (clusterFeatures), those that separate the members best first. */
  features: string[];
  /**
   * log P(feature | language) × the model's scale, rounded (integers keep the JSON small): one
   * row per feature, one column per language. Flat arrays parse far lighter than an object per
   * feature.
   */
  weights: number[];
  /** How much a feature's log-likelihood counts (naive Bayes overcounts overlapping n-grams). */
  featureWeight: number;
  /** How much the log of the models' evidence counts. */
  modelWeight: number;
}

export interface ClusterModel {
  /** Each weight is log P × scale, rounded. */
  scale: number;
  clusters: Record<string, ClusterWeights>;
}

/** The character n-gram lengths read, and the mark of a whole-word feature. */
const MIN_N = 1;
const MAX_N = 4;
const WORD = "_";
/** Evidence the models give a member they did not name at all (avoids log 0). */
const MODEL_FLOOR = 0.01;

/** The lower-cased words of a text: letters with their combining marks, apostrophes inside. */
export function clusterTokens(text: string): string[] {
  return (
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu) ?? []
  );
}

/** The features of a text: each word whole, and the 1–4-grams of the word padded with spaces. */
export function clusterFeatures(text: string): string[] {
  const out: string[] = [];
  for (const token of clusterTokens(text)) {
    out.push(WORD + token);
    const padded = [...(" " + token + " ")];
    for (let n = MIN_N; n <= MAX_N; n++) {
      for (let i = 0; i + n <= padded.length; i++) {
        const gram = padded.slice(i, i + n).join("");
        if (gram !== " ") out.push(gram);
      }
    }
  }
  return out;
}

/**
 * The member of `cluster` the text's letters and the models' evidence point to together.
 * `modelEvidence` is the models' share for each member (absent: not among their guesses).
 */
export function decideInCluster(
  model: ClusterModel,
  cluster: string,
  text: string,
  modelEvidence: (language: string) => number,
): string | undefined {
  const weights = model.clusters[cluster];
  if (!weights) return undefined;
  const rows = rowsOf(weights);
  const width = weights.languages.length;
  const sums = new Float64Array(width);
  let seen = 0;
  for (const feature of clusterFeatures(text)) {
    const row = rows.get(feature);
    if (row === undefined) continue;
    seen++;
    for (let i = 0; i < width; i++) sums[i] = (sums[i] ?? 0) + (weights.weights[row * width + i] ?? 0);
  }
  if (seen === 0) return undefined;
  let best: string | undefined;
  let bestScore = -Infinity;
  weights.languages.forEach((member, i) => {
    const language = languageOfMember(member);
    const score =
      (weights.featureWeight * (sums[i] ?? 0)) / model.scale +
      weights.modelWeight * Math.log(Math.max(MODEL_FLOOR, modelEvidence(language)));
    if (score > bestScore) [best, bestScore] = [language, score];
  });
  return best;
}

/**
 * The language a member stands for: a member may be one script of a language that another
 * cluster holds in its other script (`sr-Cyrl` among the Cyrillic languages; Serbian in Latin
 * script is a Serbo-Croatian member).
 */
const languageOfMember = (member: string) => member.replace(/-Cyrl$/, "");

const clusterIndexes = new WeakMap<ClusterModel, Map<string, string>>();

/** The cluster a language belongs to in the model, if any. */
export function clusterOf(model: ClusterModel, language: string): string | undefined {
  let index = clusterIndexes.get(model);
  if (!index) {
    index = new Map(Object.entries(model.clusters).flatMap(([name, c]) => c.languages.map((l) => [l, name] as const)));
    clusterIndexes.set(model, index);
  }
  return index.get(language);
}

const rowIndexes = new WeakMap<ClusterWeights, Map<string, number>>();

/** Each feature's row in `weights`, built once per loaded model. */
function rowsOf(weights: ClusterWeights): Map<string, number> {
  let rows = rowIndexes.get(weights);
  if (!rows) {
    rows = new Map(weights.features.map((f, i) => [f, i]));
    rowIndexes.set(weights, rows);
  }
  return rows;
}
