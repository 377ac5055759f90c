/**
 * Rebuilds eval/langid-set.jsonl: single sentences of at least 40 characters in the 30
 * languages of langid-languages.ts, taken from the translated gettext catalogs installed on
 * the machine (`msgunfmt` of /usr/share/locale/<locale>/LC_MESSAGES/*.mo, Debian's gettext).
 *
 *   pnpm --filter @tolk/domain exec tsx eval/build-langid-set.ts
 *
 * The selection is deterministic (sorted by a hash of the text), so the same catalogs give
 * the same file. Strings that are not plain prose in the target language are skipped: format
 * strings, markup, command lines, several sentences, and untranslated or half-translated
 * strings (too many words shared with the English msgid).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { po } from "gettext-parser";

import { LANGID_LANGUAGES } from "./langid-languages";

const LOCALE_DIR = "/usr/share/locale";
const PER_LANGUAGE = 100;
const MIN_CHARS = 40;
const MAX_CHARS = 220;
const OUT = join(import.meta.dirname, "langid-set.jsonl");

interface Pair {
  msgid: string;
  msgstr: string;
}

function catalogPairs(locale: string): Pair[] {
  const dir = join(LOCALE_DIR, locale, "LC_MESSAGES");
  if (!existsSync(dir)) return [];
  const pairs: Pair[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".mo"))
    .sort()) {
    let text: string;
    try {
      text = execFileSync("msgunfmt", [join(dir, file)], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] });
    } catch {
      continue; // a catalog msgunfmt cannot read is simply not used
    }
    const parsed = po.parse(text);
    for (const context of Object.values(parsed.translations)) {
      for (const entry of Object.values(context)) {
        const msgstr = entry.msgstr[0];
        if (entry.msgid && msgstr) pairs.push({ msgid: entry.msgid, msgstr });
      }
    }
  }
  return pairs;
}

const NOT_PROSE = /[%{}<>\\_|=@#$&*/[\]\t\n]|--|https?:|\.\.\.|…/;
const LETTER = /\p{L}/gu;
const LATIN = /\p{Script=Latin}/gu;
const NON_LATIN_LANGS = new Set(["ja", "ru", "fa", "zh", "ko", "uk", "ar", "el", "he", "th", "bg"]);

/** One plain sentence: long enough, mostly letters, no internal sentence boundary. */
function isPlainSentence(text: string): boolean {
  const length = [...text].length;
  if (length < MIN_CHARS || length > MAX_CHARS) return false;
  if (NOT_PROSE.test(text)) return false;
  if (/[.!?。！？]\s*\S/u.test(text.replace(/\b(e\.g|i\.e|etc|z\.B|p\.ex)\./gi, ""))) return false;
  const letters = text.match(LETTER)?.length ?? 0;
  return letters / length >= 0.6;
}

const words = (s: string) => s.toLowerCase().match(/\p{L}{4,}/gu) ?? [];

/** Untranslated or half-translated: the translation keeps many of the English words. */
function isTranslated(lang: string, pair: Pair): boolean {
  if (pair.msgstr.trim() === pair.msgid.trim()) return false;
  const english = new Set(words(pair.msgid));
  const own = words(pair.msgstr);
  const shared = own.filter((w) => english.has(w)).length;
  if (own.length > 0 && shared / own.length > 0.34) return false;
  if (NON_LATIN_LANGS.has(lang)) {
    const letters = pair.msgstr.match(LETTER)?.length ?? 0;
    const latin = pair.msgstr.match(LATIN)?.length ?? 0;
    if (letters === 0 || latin / letters > 0.2) return false;
  }
  return true;
}

const hash = (s: string) => createHash("sha256").update(s).digest("hex");

function sample(texts: Iterable<string>): string[] {
  const unique = [...new Set([...texts].map((t) => t.trim().replace(/\s+/g, " ")))];
  return unique
    .map((t) => ({ t, h: hash(t) }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
    .slice(0, PER_LANGUAGE)
    .map((x) => x.t);
}

const lines: string[] = [];
const englishSource: string[] = [];
for (const { code, locales } of LANGID_LANGUAGES) {
  if (code === "en") continue;
  const chosen: string[] = [];
  for (const locale of locales) {
    for (const pair of catalogPairs(locale)) {
      englishSource.push(pair.msgid);
      if (isPlainSentence(pair.msgstr) && isTranslated(code, pair)) chosen.push(pair.msgstr);
    }
  }
  const picked = sample(chosen);
  console.log(`${code}: ${picked.length} sentences (from ${chosen.length} candidates)`);
  for (const text of picked) lines.push(JSON.stringify({ lang: code, text }));
}
const english = sample(englishSource.filter(isPlainSentence));
console.log(`en: ${english.length} sentences`);
for (const text of english) lines.unshift(JSON.stringify({ lang: "en", text }));

writeFileSync(OUT, lines.join("\n") + "\n");
console.log(`wrote ${lines.length} sentences to ${OUT}`);
