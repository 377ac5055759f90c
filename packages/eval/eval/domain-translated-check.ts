/**
 * The domain model on languages the test split has no text in: the test split's English texts
 * in Apertium's Portuguese, Italian and Catalan (through Spanish), scored against their English
 * labels. Reported only, never tuned on; optimistic, since Apertium also made the training
 * split's translations into these languages (augment-domain-set.ts), so its wording is familiar.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/domain-translated-check.ts
 *
 * Needs apertium, apertium-eng-spa, apertium-es-pt, apertium-spa-ita and apertium-spa-cat
 * (translations cached in .data/apertium-cache/).
 */
import { join } from "node:path";

import { analyzeText } from "@tolk/domain/evaluation";

import { DIRECTIONS, translate } from "./augment-domain-set";
import { readUnits } from "./build-domain-formality-set";

const TEST = join(import.meta.dirname, "domain-formality-test.jsonl");
/** The routes the training translations into these languages took from English. */
const TARGETS = DIRECTIONS.filter((d) => d.from === "en" && ["pt", "it", "ca"].includes(d.lang));

const english = readUnits(TEST).filter((u) => u.lang === "en");
for (const target of TARGETS) {
  let texts = english.map((u) => u.text);
  for (const mode of target.pairs) texts = translate(mode, texts);
  let right = 0;
  for (const [i, u] of english.entries())
    if ((await analyzeText({ text: texts[i] ?? "" })).domain === u.domain) right++;
  console.log(
    `Domain, test split's English texts in Apertium's ${target.lang} (${target.pairs.join("+")}): ${((right / english.length) * 100).toFixed(1)} % (${right}/${english.length})`,
  );
}
