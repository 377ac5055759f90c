/**
 * Scores a language identifier on a set: accuracy per reported group (a language, or sr-Latn),
 * their unweighted mean (macro accuracy), the share answered "auto", and the errors by pair.
 */
import type { LangidSample } from "./langid-sets";

export interface LangidScore {
  texts: number;
  /** group → [right, total] */
  groups: Map<string, [number, number]>;
  macro: number;
  micro: number;
  auto: number;
  /** "expected→answered" → count, most frequent first */
  errors: [string, number][];
}

export function score(samples: readonly LangidSample[], answers: readonly string[], auto = "auto"): LangidScore {
  const groups = new Map<string, [number, number]>();
  const errors = new Map<string, number>();
  let right = 0;
  let autos = 0;
  samples.forEach((s, i) => {
    const answer = answers[i] ?? auto;
    const group = s.group ?? s.lang;
    const g = groups.get(group) ?? [0, 0];
    g[1]++;
    if (answer === s.lang) {
      g[0]++;
      right++;
    } else {
      if (answer === auto) autos++;
      errors.set(`${group}→${answer}`, (errors.get(`${group}→${answer}`) ?? 0) + 1);
    }
    groups.set(group, g);
  });
  const rates = [...groups.values()].map(([r, n]) => r / n);
  return {
    texts: samples.length,
    groups,
    macro: rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length),
    micro: right / Math.max(1, samples.length),
    auto: autos / Math.max(1, samples.length),
    errors: [...errors].sort((a, b) => b[1] - a[1]),
  };
}

/**
 * Languages that one engine reads alike as a source: Apertium's Serbo-Croatian analyser (`hbs`)
 * reads Bosnian, Croatian and Serbian in Latin script the same, so telling them apart changes no
 * translation from them (it still names the text's standard in `detected_source_language`).
 */
export const SAME_SOURCE: readonly (readonly string[])[] = [["bs", "hr", "sr"]];

/** The answers with an answer in the expected language's SAME_SOURCE group replaced by the expected one. */
export function asSource(samples: readonly LangidSample[], answers: readonly string[]): string[] {
  return samples.map((s, i) => {
    const answer = answers[i] ?? "";
    return SAME_SOURCE.some((g) => g.includes(s.lang) && g.includes(answer)) ? s.lang : answer;
  });
}

/** Two digits where a figure sits next to its target (96.97 % is not 97). */
export const percent = (x: number, digits = 1) => `${(x * 100).toFixed(digits)} %`;

/** The groups below `floor`, worst first, as "bs 71.2 %". */
export function weakest(s: LangidScore, floor: number): string[] {
  return [...s.groups]
    .map(([g, [r, n]]) => [g, r / n] as const)
    .filter(([, rate]) => rate < floor)
    .sort((a, b) => a[1] - b[1])
    .map(([g, rate]) => `${g} ${percent(rate)}`);
}
