/**
 * Compares language-identification libraries on eval/langid-set.jsonl: accuracy (exact ISO
 * 639-1 match) and mean time per sentence, each library with its full language model (no
 * restriction to the 30 languages of the set, as in production).
 *
 *   pnpm --filter @tolk/domain exec tsx eval/compare-langid.ts
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { loadModule } from "cld3-asm";
import { eld } from "eld/large";
import { franc } from "franc";
import { detect as tinyld } from "tinyld";

interface Sample {
  lang: string;
  text: string;
}

// franc answers ISO 639-3, individual languages where a macrolanguage has them.
const FRANC_TO_ISO1: Record<string, string> = {
  eng: "en",
  spa: "es",
  deu: "de",
  jpn: "ja",
  fra: "fr",
  rus: "ru",
  por: "pt",
  ita: "it",
  nld: "nl",
  pol: "pl",
  tur: "tr",
  pes: "fa",
  prs: "fa",
  cmn: "zh",
  vie: "vi",
  ind: "id",
  ces: "cs",
  kor: "ko",
  ukr: "uk",
  hun: "hu",
  arb: "ar",
  swe: "sv",
  ron: "ro",
  ell: "el",
  dan: "da",
  fin: "fi",
  heb: "he",
  slk: "sk",
  tha: "th",
  bul: "bg",
  hrv: "hr",
  srp: "sr",
  bos: "bs",
  zlm: "ms",
  nob: "nb",
  nno: "nn",
  cat: "ca",
  glg: "gl",
};
// CLD3 answers BCP-47 with a few legacy codes.
const CLD3_TO_ISO1: Record<string, string> = { iw: "he", "zh-Latn": "zh", "ja-Latn": "ja" };

export const samples: Sample[] = readFileSync(join(import.meta.dirname, "langid-set.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Sample);

async function candidates(): Promise<Record<string, (text: string) => string>> {
  const cld = (await loadModule()).create(0, 1000);
  return {
    "eld (large)": (t) => eld.detect(t).language,
    "franc (187 languages)": (t) => FRANC_TO_ISO1[franc(t, { minLength: 1 })] ?? "und",
    tinyld: (t) => tinyld(t),
    "cld3-asm": (t) => {
      const l = cld.findLanguage(t).language as string;
      return CLD3_TO_ISO1[l] ?? l;
    },
  };
}

const results: { name: string; accuracy: number; microsPerText: number; errors: Map<string, number> }[] = [];
for (const [name, detect] of Object.entries(await candidates())) {
  for (const s of samples.slice(0, 100)) detect(s.text); // warm-up
  let correct = 0;
  const errors = new Map<string, number>();
  const started = performance.now();
  for (const s of samples) {
    const got = detect(s.text);
    if (got === s.lang) correct++;
    else errors.set(`${s.lang}→${got}`, (errors.get(`${s.lang}→${got}`) ?? 0) + 1);
  }
  const elapsed = performance.now() - started;
  results.push({ name, accuracy: correct / samples.length, microsPerText: (elapsed * 1000) / samples.length, errors });
}

console.log(`${samples.length} sentences, ${new Set(samples.map((s) => s.lang)).size} languages\n`);
console.log("| library | accuracy | µs per sentence | most frequent confusions |");
console.log("|---|---|---|---|");
for (const r of results) {
  const top = [...r.errors.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, v]) => `${k} ×${v}`)
    .join(", ");
  console.log(`| ${r.name} | ${(r.accuracy * 100).toFixed(1)}% | ${r.microsPerText.toFixed(0)} | ${top} |`);
}
