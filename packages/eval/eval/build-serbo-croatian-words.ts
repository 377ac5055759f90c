/**
 * Builds packages/domain/src/analysis/serbo-croatian-words.json: the word forms Apertium's
 * generators of the three Serbo-Croatian standards write for one or two of them only.
 * Deterministic.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-serbo-croatian-words.ts
 *
 * serbo-croatian.ts decides by hand lists of ekavian and ijekavian stems and of the words one
 * standard uses; those cover the frequent words, and news prose holds many more (_umetničkih,
 * savetodavac, doslednost_). `apertium-hbs-eng` has one generator per standard (`hbs_SR`,
 * `hbs_HR`, `hbs_BS`) over one dictionary, so the forms they do not share are the standards'
 * differences as the dictionary records them:
 * - ekavian: written by the Serbian generator only (_vreme, umetnički_);
 * - ijekavian: by the Croatian and Bosnian generators, not the Serbian one (_vrijeme, umjetnički_);
 * - Bosnian or Serbian: by those two, not the Croatian one (the joined future _biće, objasniće_,
 *   where Croatian writes _bit će_);
 * - Croatian: by the Croatian generator only.
 * A form is left out when the text of a standard it is evidence against writes it: the
 * tuning split's catalogs (every translated string, without the texts of debian-tune.jsonl;
 * Serbian in Cyrillic read in Latin letters). Bosnian catalogs are not used against Serbian
 * forms: many are written in Serbian words (docs/analysis.md). Needs `lt-print` (Debian's
 * lttoolbox-dev) and `apertium-hbs-eng`.
 */
import { writeFileSync } from "node:fs";

import { clusterTokens } from "@tolk/domain/evaluation";

import { transducerForms } from "./apertium-forms";
import { domainPath } from "./domain-path";
import { LANGID_LANGUAGES } from "./langid-languages";
import { catalogTexts, toLatin } from "./langid-training-text";

const OUT = domainPath("src/analysis/serbo-croatian-words.json");
const PAIR = "/usr/share/apertium/apertium-hbs-eng";
const generator = (standard: string) => transducerForms(`${PAIR}/eng-hbs_${standard}.autogen.bin`, "output");

/** Every word a standard's catalogs write. */
function written(code: string): Set<string> {
  const locales = LANGID_LANGUAGES.find((l) => l.code === code)?.debian ?? [];
  return new Set(
    locales.flatMap(({ locale }) => catalogTexts(locale, true, true).flatMap((t) => clusterTokens(toLatin(t.text)))),
  );
}

const [sr, hr, bs] = ["SR", "HR", "BS"].map(generator);
if (!sr || !hr || !bs) throw new Error("three generators");
const [writtenHr, writtenBs, writtenSr] = ["hr", "bs", "sr"].map(written);
if (!writtenHr || !writtenBs || !writtenSr) throw new Error("three standards");

const select = (forms: Set<string>, keep: (w: string) => boolean) => [...forms].filter(keep).sort();
const words = {
  ekavian: select(sr, (w) => !hr.has(w) && !bs.has(w) && !writtenHr.has(w)),
  ijekavian: select(hr, (w) => bs.has(w) && !sr.has(w) && !writtenSr.has(w)),
  bosnianOrSerbian: select(bs, (w) => sr.has(w) && !hr.has(w) && !writtenHr.has(w)),
  croatian: select(hr, (w) => !bs.has(w) && !sr.has(w) && !writtenSr.has(w) && !writtenBs.has(w)),
};
writeFileSync(OUT, JSON.stringify(words) + "\n");
console.log(
  Object.entries(words)
    .map(([k, v]) => `${k} ${v.length}`)
    .join(", ") + `; wrote ${OUT}`,
);
