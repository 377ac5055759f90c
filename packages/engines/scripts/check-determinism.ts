/**
 * `pnpm --filter @tolk/engines determinism`: the first 3,000 sentences of the benchmark corpus
 * through the real en→es Apertium engine, with pools of two and one pipelines: once in order,
 * then again in order, reversed, and in concurrent calls of 7. Prints how many translations
 * differ from the first pass; with the tagger warm-up every count is 0.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createApertiumEngine } from "../src";

const CORPUS = resolve(import.meta.dirname, "..", "..", "..", "e2e", "bench", "corpus", "en.txt");
const pair = { source: "en", target: "es" };
const sentences = readFileSync(CORPUS, "utf8").split("\n").filter(Boolean).slice(0, 3000);
const GROUP = 7;

for (const poolSize of [2, 1]) {
  const engine = await createApertiumEngine({ poolSize });
  const texts = async (segments: string[]) => (await engine.translate({ pair, segments })).map((r) => r.text);
  const first = await texts(sentences);
  const again = await texts(sentences);
  const reversed = (await texts(sentences.toReversed())).toReversed();
  const groups = (
    await Promise.all(Array.from({ length: Math.ceil(sentences.length / GROUP) }, (_, i) => texts(sentences.slice(i * GROUP, (i + 1) * GROUP))))
  ).flat();
  const differ = (other: string[]) => other.reduce((n, text, i) => n + (text === first[i] ? 0 : 1), 0);
  console.log(
    `pool of ${poolSize}: ${sentences.length} sentences; differ from the first pass: again ${differ(again)}, ` +
      `reversed ${differ(reversed)}, in calls of ${GROUP} ${differ(groups)}`,
  );
  await engine.close();
}
