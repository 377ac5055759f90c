/**
 * Builds packages/domain/src/analysis/aragonese-words.json: words of Aragonese text that only
 * Aragonese writes among the Romance languages Tolk identifies. Deterministic.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-aragonese-words.ts
 *
 * Aragonese has few catalogs of its own, so the close-neighbour model (train-langid-clusters.ts)
 * learns little of it and reads Aragonese that shares its letters with Spanish as Spanish. Its
 * words say more: _ye_, _nomás_, _ubrir_, _pachina_, _mensache_ are no other language's. The
 * list is made from two sources of knowledge, neither a test set:
 * - the words of Aragonese text: the tuning split's Aragonese catalogs (without the texts of
 *   debian-tune.jsonl), the MediaWiki interface messages of mediawiki-messages.ts, and
 *   Apertium's Aragonese translations of Spanish and Catalan catalog strings (the ones the
 *   cluster model trains on, from the same cache);
 * - Apertium's morphological analysers (Debian's packages): a word is kept when the Aragonese
 *   analyser knows it and not one of the Spanish, Catalan, Occitan, Portuguese, Galician,
 *   Italian, French and Sardinian analysers does (proper nouns set aside), and when, without its
 *   accents, it is not a word written at least twice in those languages' tuning catalogs
 *   (_codigo_ is Aragonese spelling, and also Spanish typed without accents).
 * Needs `lt-proc` (Debian's lttoolbox, installed with apertium) and the pairs of
 * scripts/debian-packages.txt; with --no-mediawiki it skips the MediaWiki repositories.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

import { clusterTokens } from "@tolk/domain/evaluation";

import { domainPath } from "./domain-path";
import { isUsable } from "./langid-sets";
import { PER_SYNTHETIC, SYNTHETIC, catalogTexts, sample, translate } from "./langid-training-text";
import { mediawikiLines, requiredMediawikiMirrors } from "./mediawiki-messages";

const OUT = domainPath("src/analysis/aragonese-words.json");
const APERTIUM = "/usr/share/apertium";
/** Each language's analyser, in the Debian package that has it. */
const ANALYSERS: Record<string, string> = {
  an: "apertium-spa-arg/arg-spa.automorf.bin",
  es: "apertium-spa-arg/spa-arg.automorf.bin",
  ca: "apertium-arg-cat/cat-arg.automorf.bin",
  oc: "apertium-oc-es/oc-es.automorf.bin",
  pt: "apertium-es-pt/pt-es.automorf.bin",
  gl: "apertium-es-gl/gl-es.automorf.bin",
  it: "apertium-spa-ita/ita-spa.automorf.bin",
  fr: "apertium-fr-es/fr-es.automorf.bin",
  sc: "apertium-srd-ita/srd-ita.automorf.bin",
};
/** The catalogs whose words, without accents, are not Aragonese-only. */
const WRITTEN_ELSEWHERE = ["es", "ca", "gl", "pt", "oc", "it", "fr"];

const withoutAccents = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "");

/** The words the analyser knows: each word alone, ended by a full stop so no multiword joins two. */
function known(analyser: string, words: string[]): Set<string> {
  const input = words.map((w) => `${w} .`).join("\n") + "\n";
  const output = execFileSync("lt-proc", [`${APERTIUM}/${analyser}`], { input, maxBuffer: 1 << 28 }).toString("utf8");
  const out = new Set<string>();
  for (const [, unit] of output.matchAll(/\^([^$]*)\$/g)) {
    const [surface = "", ...analyses] = (unit ?? "").split("/");
    if (analyses.length === 0 || analyses[0]?.startsWith("*")) continue;
    if (analyses.every((a) => a.includes("<np>"))) continue;
    out.add(surface.toLowerCase());
  }
  return out;
}

const aragonese: string[] = [
  ...catalogTexts("an", true).map((t) => t.text),
  ...mediawikiLines(requiredMediawikiMirrors(), "an").filter(isUsable),
];
// The cluster model's Apertium translations into Aragonese, from the same cache.
for (const { mode, from } of SYNTHETIC.filter((s) => s.language === "an"))
  aragonese.push(
    ...translate(
      mode,
      sample(
        catalogTexts(from, true).map((t) => t.text),
        PER_SYNTHETIC,
      ),
    ),
  );

const vocabulary = [...new Set(aragonese.flatMap((t) => clusterTokens(t)))].filter((w) => /^\p{L}+$/u.test(w)).sort();
const knownBy = Object.fromEntries(Object.entries(ANALYSERS).map(([l, a]) => [l, known(a, vocabulary)]));
const elsewhere = new Map<string, number>();
for (const language of WRITTEN_ELSEWHERE)
  for (const { text } of catalogTexts(language, true))
    for (const w of clusterTokens(text)) elsewhere.set(withoutAccents(w), (elsewhere.get(withoutAccents(w)) ?? 0) + 1);

const words = vocabulary.filter(
  (w) =>
    knownBy.an?.has(w) &&
    Object.entries(knownBy).every(([l, k]) => l === "an" || !k.has(w)) &&
    (elsewhere.get(withoutAccents(w)) ?? 0) < 2,
);
writeFileSync(OUT, JSON.stringify(words) + "\n");
console.log(`${vocabulary.length} words of Aragonese text; ${words.length} only Aragonese writes; wrote ${OUT}`);
