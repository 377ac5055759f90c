/**
 * Builds packages/domain/src/analysis/malay-indonesian-words.json: the word forms only one of
 * Indonesian and Malay writes, by Apertium's dictionaries of the two standards. Deterministic.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-malay-indonesian-words.ts
 *
 * The hand lists of malay-or-indonesian.ts hold the systematic differences (bahwa/bahawa,
 * kantor/pejabat); the words of everyday prose differ as often (_delapan/lapan, taksi/teksi,
 * kanker/kanser, mengobati/mengubati_), and Apertium's `apertium-ind-zlm` pair, made to translate
 * between the two, has an analyser for each. A form is kept for one standard when its analyser
 * knows it, the other's does not, and the other standard's own text never writes it: a word
 * both write that only one dictionary happens to hold (_lautan_) is left out when the other's
 * text has it. That text, none of it from a test set: the tuning split's catalogs (without the
 * texts of debian-tune.jsonl) and the MediaWiki messages of mediawiki-messages.ts.
 * Needs `lt-print` (Debian's lttoolbox-dev) and `apertium-ind-zlm`; with --no-mediawiki it
 * skips the MediaWiki repositories.
 */
import { writeFileSync } from "node:fs";

import { clusterTokens } from "@tolk/domain/evaluation";

import { transducerForms } from "./apertium-forms";
import { domainPath } from "./domain-path";
import { catalogTexts } from "./langid-training-text";
import { mediawikiLines, requiredMediawikiMirrors } from "./mediawiki-messages";

const OUT = domainPath("src/analysis/malay-indonesian-words.json");
const PAIR = "/usr/share/apertium/apertium-ind-zlm";
const STANDARDS = [
  { code: "id", analyser: `${PAIR}/ind-zlm.automorf.bin` },
  { code: "ms", analyser: `${PAIR}/zlm-ind.automorf.bin` },
] as const;

const mirrors = requiredMediawikiMirrors();

/** Every word the standard's own text writes. */
function writtenWords(code: string): Set<string> {
  const texts = [...catalogTexts(code, true, true).map((t) => t.text), ...mediawikiLines(mirrors, code)];
  return new Set(texts.flatMap((t) => clusterTokens(t)));
}

const [id, ms] = STANDARDS.map(({ code, analyser }) => ({
  code,
  forms: transducerForms(analyser),
  written: writtenWords(code),
}));
if (!id || !ms) throw new Error("two standards");
const onlyIn = (own: typeof id, other: typeof id) =>
  [...own.forms].filter((w) => !other.forms.has(w) && !other.written.has(w)).sort();
const words = { id: onlyIn(id, ms), ms: onlyIn(ms, id) };
writeFileSync(OUT, JSON.stringify(words) + "\n");
console.log(
  `forms: id ${id.forms.size}, ms ${ms.forms.size}; only Indonesian ${words.id.length}, only Malay ${words.ms.length}; wrote ${OUT}`,
);
