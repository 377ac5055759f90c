/**
 * Rebuilds eval/langid/udhr-test.jsonl from the Universal Declaration of Human Rights in the
 * translations of unicode-org/udhr (data/udhr/udhr_<key>.xml), read from a bare clone:
 *
 *   git clone --bare https://github.com/unicode-org/udhr /tmp/udhr.git
 *   pnpm --filter @tolk/eval exec tsx eval/build-langid-udhr.ts /tmp/udhr.git
 *
 * A test set only, never tuned on. The translations are © the Office of the High Commissioner
 * for Human Rights, so the built file is not committed (.gitignore): `pnpm eval` reports this
 * set where it has been built. Every paragraph (<para>) of at least 25 characters, up to 60
 * per language.
 */
import { LANGID_LANGUAGES } from "./langid-languages";
import { type LangidSample, isUsable, pick, writeSet } from "./langid-sets";
import { commitOf, showFile } from "./mirrors";

const gitDir = process.argv[2];
if (!gitDir) throw new Error("usage: build-langid-udhr.ts <udhr git dir>");

const decode = (s: string) =>
  s
    .replace(/<[^<>]*>/g, " ")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

const samples: LangidSample[] = [];
for (const { code, udhr } of LANGID_LANGUAGES) {
  for (const { key, group } of udhr) {
    const file = `data/udhr/udhr_${key}.xml`;
    let xml: string;
    try {
      xml = showFile(gitDir, file);
    } catch {
      console.warn(`missing ${file}`);
      continue;
    }
    for (const match of xml.matchAll(/<para>([\s\S]*?)<\/para>/g)) {
      const text = decode(match[1] ?? "").trim();
      if (isUsable(text)) samples.push({ lang: code, ...(group ? { group } : {}), source: file, text });
    }
  }
}

console.log(`unicode-org/udhr at ${commitOf(gitDir)}`);
writeSet("udhr-test.jsonl", pick(samples, 60, 60));
