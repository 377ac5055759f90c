/**
 * The language-identification sets: what a text must be to enter one, how each set samples its
 * texts, and where the sets live. Sets are split by source: the Debian catalogs whose name
 * hashes to 0–b are the only tuning data; the other Debian catalogs, the UDHR and mozilla.org's
 * site copy are test sets, read only to report figures.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { stripNonProse } from "@tolk/domain/evaluation";

export interface LangidSample {
  /** The code the detector must answer. */
  lang: string;
  /** The row it is reported under, when it differs from `lang` (sr-Latn). */
  group?: string;
  /** Where it comes from inside its set: a catalog, a file. */
  source: string;
  text: string;
}

export interface LangidSet {
  name: string;
  file: string;
  split: "tune" | "test";
  /** How to rebuild it. */
  build: string;
}

export const LANGID_DIR = join(import.meta.dirname, "langid");

export const LANGID_SETS: readonly LangidSet[] = [
  {
    name: "debian-catalogs-tune",
    file: "debian-tune.jsonl",
    split: "tune",
    build: "pnpm --filter @tolk/eval exec tsx eval/build-langid-debian.ts",
  },
  {
    name: "debian-catalogs-test",
    file: "debian-test.jsonl",
    split: "test",
    build: "pnpm --filter @tolk/eval exec tsx eval/build-langid-debian.ts",
  },
  {
    name: "mozilla-www-test",
    file: "mozilla-www-test.jsonl",
    split: "test",
    build: "pnpm --filter @tolk/eval exec tsx eval/build-langid-mozilla.ts <www-l10n git dir>",
  },
  {
    name: "udhr-test",
    file: "udhr-test.jsonl",
    split: "test",
    build: "pnpm --filter @tolk/eval exec tsx eval/build-langid-udhr.ts <udhr git dir>",
  },
];

/** The shortest text that counts: a UI string of this many characters must be identified. */
export const MIN_CHARS = 25;
const MAX_CHARS = 400;

/** A text worth identifying: enough prose once markup and placeholders are gone, mostly letters. */
export function isUsable(text: string): boolean {
  const prose = stripNonProse(text);
  const length = [...prose].length;
  if (length < MIN_CHARS || [...text].length > MAX_CHARS) return false;
  // Letters with their combining marks: Devanagari or Thai vowel signs are marks, not letters.
  return (prose.match(/[\p{L}\p{M}]/gu)?.length ?? 0) / length >= 0.6;
}

const longWords = (s: string) => s.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
const LATIN = /\p{Script=Latin}/gu;
const LETTER = /\p{L}/gu;

/**
 * Untranslated or half-translated: the same as the English, or a third of its long words are
 * English ones; in a language not written in Latin script, a fifth of its letters are Latin.
 */
export function isTranslated(english: string, text: string, latinScript: boolean): boolean {
  if (english.trim() === text.trim()) return false;
  const englishWords = new Set(longWords(stripNonProse(english)));
  const own = longWords(stripNonProse(text));
  const shared = own.filter((w) => englishWords.has(w)).length;
  if (own.length > 0 && shared / own.length > 0.34) return false;
  if (!latinScript) {
    const prose = stripNonProse(text);
    const letters = prose.match(LETTER)?.length ?? 0;
    const latin = prose.match(LATIN)?.length ?? 0;
    if (letters === 0 || latin / letters > 0.2) return false;
  }
  return true;
}

const hash = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * A deterministic sample of `perGroup` texts per reported group, at most `perSource` of them from
 * one source (one catalog, one file), so a big catalog cannot fill a language on its own.
 */
export function pick(samples: readonly LangidSample[], perGroup: number, perSource: number): LangidSample[] {
  const seen = new Set<string>();
  const unique = samples
    .map((s) => ({ ...s, text: s.text.trim().replace(/\s+/g, " ") }))
    .filter((s) => {
      const key = `${s.lang}\u0000${s.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((s) => ({ s, h: hash(s.text) }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0));
  const perGroupCount = new Map<string, number>();
  const perSourceCount = new Map<string, number>();
  const out: LangidSample[] = [];
  for (const { s } of unique) {
    const group = s.group ?? s.lang;
    const sourceKey = `${group}\u0000${s.source}`;
    if ((perGroupCount.get(group) ?? 0) >= perGroup || (perSourceCount.get(sourceKey) ?? 0) >= perSource) continue;
    perGroupCount.set(group, (perGroupCount.get(group) ?? 0) + 1);
    perSourceCount.set(sourceKey, (perSourceCount.get(sourceKey) ?? 0) + 1);
    out.push(s);
  }
  return out.sort((a, b) => (a.group ?? a.lang).localeCompare(b.group ?? b.lang));
}

export function writeSet(file: string, samples: readonly LangidSample[]): void {
  writeFileSync(join(LANGID_DIR, file), samples.map((s) => JSON.stringify(s)).join("\n") + "\n");
  const groups = new Map<string, number>();
  for (const s of samples) groups.set(s.group ?? s.lang, (groups.get(s.group ?? s.lang) ?? 0) + 1);
  console.log(`${file}: ${samples.length} texts, ${groups.size} groups`);
  console.log([...groups].map(([g, n]) => `${g} ${n}`).join(", "));
}

/** A set's texts, or null when it has not been built on this machine (the UDHR set is not committed). */
export function readSet(set: LangidSet): LangidSample[] | null {
  const path = join(LANGID_DIR, set.file);
  if (!existsSync(path)) return null;
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LangidSample);
}

/** Languages written in Latin script (the untranslated-text check differs for the others). */
export const LATIN_SCRIPT = new Set([
  "en",
  "es",
  "ca",
  "gl",
  "fr",
  "pt",
  "it",
  "oc",
  "ro",
  "eo",
  "eu",
  "is",
  "sv",
  "nb",
  "nn",
  "da",
  "br",
  "af",
  "nl",
  "an",
  "sc",
  "sr-Latn",
  "hr",
  "bs",
  "sl",
  "id",
  "ms",
  "de",
  "pl",
  "cs",
  "tr",
  "vi",
  "hu",
  "fi",
  "sk",
  "lt",
  "lv",
  "et",
  "sq",
  "ga",
  "cy",
]);
