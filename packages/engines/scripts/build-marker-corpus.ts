/**
 * `pnpm --filter @tolk/engines marker-corpus`: writes test/fixtures/marker-corpus.json, real
 * sentences in every source language of the installed Apertium pairs, for the test that no
 * engine mark (`*`, `#`, `@`) reaches a user (test/apertium-markers.test.ts).
 *
 * English: evenly spaced lines of the benchmark corpus (e2e/bench/corpus/en.txt, the msgids of
 * the machine's gettext catalogs). Other languages: the translations (msgstr) of every catalog
 * under /usr/share/locale/<locale>/LC_MESSAGES, read with gettext-parser, where <locale> is the
 * language, its regional variants, or the one that matches what Apertium reads (Serbian in Latin
 * script: sr@latin; Norwegian: nb). Kept, in every language: one line of a message, 20-200
 * characters, at least 4 words, starting with a capital letter (or a letter of a script without
 * case), with no format directives, markup, mnemonics or `*#@` (so every mark in the output is
 * the engine's), and letters and spaces making up at least 80%.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

import { discoverModes } from "../src/apertium/modes";
import { evenly, localesOf, translatedLines } from "./catalogs";

const OUT = resolve(import.meta.dirname, "..", "test", "fixtures", "marker-corpus.json");
const ENGLISH = resolve(import.meta.dirname, "..", "..", "..", "e2e", "bench", "corpus", "en.txt");
const PER_LANGUAGE = Number(process.env.MARKER_CORPUS_PER_LANGUAGE ?? 40);
const ENGLISH_SENTENCES = Number(process.env.MARKER_CORPUS_ENGLISH ?? 400);
/** Locales whose catalogs are in the script or standard Apertium reads. */
const LOCALES: Readonly<Record<string, readonly string[]>> = { sr: ["sr@latin", "sr@Latn"], no: ["nb", "nb_NO"] };

const clean = (line: string) => line.replace(/\s+/g, " ").trim();

function usable(text: string): boolean {
  if (text.length < 20 || text.length > 200) return false;
  if (!/^[\p{Lu}\p{Lo}]/u.test(text)) return false; // a capital, or a letter of a script without case
  if (/[%{}<>&$_\\|=@#*~^[\]]|https?:|--/.test(text)) return false;
  if ((text.match(/\p{L}+/gu) ?? []).length < 4) return false;
  return (text.match(/[\p{L}\s]/gu) ?? []).length / text.length >= 0.8;
}

function sentencesIn(language: string): string[] {
  const found = new Set<string>();
  for (const line of translatedLines(LOCALES[language] ?? localesOf(language)))
    if (usable(clean(line))) found.add(clean(line));
  return evenly([...found].sort(), PER_LANGUAGE);
}

const { modes } = await discoverModes();
const languages = [...new Set(modes.map((m) => m.pair.source))].sort();
const corpus: Record<string, string[]> = {};
for (const language of languages) {
  corpus[language] =
    language === "en"
      ? evenly(readFileSync(ENGLISH, "utf8").split("\n").map(clean).filter(usable), ENGLISH_SENTENCES)
      : sentencesIn(language);
  console.log(`${language}: ${corpus[language].length} sentences`);
}
writeFileSync(OUT, `${JSON.stringify(corpus, null, 1)}\n`);
console.log(`wrote ${OUT}`);
