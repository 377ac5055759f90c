/**
 * `pnpm --filter @tolk/engines determinism`: the first 3,000 sentences of the benchmark corpus
 * through the real en→es Apertium engine, with pools of two and one pipelines: once in order,
 * then again in order, reversed, and in concurrent calls of 7. Prints how many translations
 * differ from the first pass; with the tagger warm-up every count is 0. The test suite runs the
 * same check on fewer sentences (test/apertium-determinism.test.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { createApertiumEngine } from "../src";
import { checkDeterminism } from "./determinism";

const CORPUS = resolve(import.meta.dirname, "..", "..", "..", "e2e", "bench", "corpus", "en.txt");
const pair = { source: "en", target: "es" };
const sentences = readFileSync(CORPUS, "utf8").split("\n").filter(Boolean).slice(0, 3000);
const GROUP = 7;

for (const poolSize of [2, 1]) {
  const engine = await createApertiumEngine({ poolSize });
  const { differ } = await checkDeterminism(engine, pair, sentences, GROUP);
  console.log(
    `pool of ${poolSize}: ${sentences.length} sentences; differ from the first pass: again ${differ.again}, ` +
      `reversed ${differ.reversed}, in calls of ${GROUP} ${differ.grouped}`,
  );
  await engine.close();
}
