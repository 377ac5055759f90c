/**
 * The training text of the language-identification models that is not a test set: the
 * translated strings of Debian's gettext catalogs of the tuning split (name's SHA-256 starting
 * 0–b), without the texts of debian-tune.jsonl itself, and Apertium's translations of such
 * strings, cached in .data/langid-apertium/. Read by train-langid-clusters.ts and
 * build-aragonese-words.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { mo } from "gettext-parser";

import { stripNonProse } from "@tolk/domain/evaluation";

import { LOCALE_DIR, serbianLatin, splitOf } from "../scripts/gettext-catalogs";

import { apertiumFile } from "./apertium-file";
import { LANGID_SETS, isTranslated, isUsable, readSet } from "./langid-sets";

const CACHE = join(import.meta.dirname, "..", ".data", "langid-apertium");
/** How many strings each Apertium translation direction gets. */
export const PER_SYNTHETIC = 3000;

/** Apertium directions: the language they write, the mode, and the language their input is in. */
export const SYNTHETIC: readonly { language: string; mode: string; from: string }[] = [
  { language: "an", mode: "spa-arg", from: "es" },
  { language: "gl", mode: "es-gl", from: "es" },
  { language: "oc", mode: "es-oc", from: "es" },
  { language: "oc", mode: "fra-oci", from: "fr" },
  { language: "sc", mode: "ita-srd", from: "it" },
  { language: "an", mode: "cat-arg", from: "ca" },
  { language: "sc", mode: "cat-srd", from: "ca" },
  { language: "oc", mode: "ca-oc", from: "ca" },
  { language: "nn", mode: "nob-nno", from: "nb" },
  { language: "af", mode: "nld-afr", from: "nl" },
];

/** At most this many texts from one catalog, so a big catalog cannot fill a language alone. */
const PER_CATALOG = 1500;

/** Serbian Cyrillic in the Latin letters of Serbian's Latin script, in lower case. */
export const toLatin = (s: string) => serbianLatin(s.toLowerCase());

export const hash = (s: string) => createHash("sha256").update(s).digest("hex");

const tuneSet = LANGID_SETS.find((s) => s.split === "tune");
export const tuneTexts = new Set(
  (tuneSet ? (readSet(tuneSet) ?? []) : []).map((s) => s.text.trim().replace(/\s+/g, " ")),
);

/**
 * The usable translated strings of the tuning split's catalogs of a locale, and their English;
 * with `every`, each translated string however short and however many a catalog has (what a
 * standard writes at all, to rule a word out of the other's list).
 */
export function catalogTexts(locale: string, latin: boolean, every = false): { text: string; english: string }[] {
  const dir = join(LOCALE_DIR, locale, "LC_MESSAGES");
  if (!existsSync(dir)) return [];
  const out: { text: string; english: string }[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".mo"))
    .sort()) {
    const domain = file.slice(0, -".mo".length);
    if (splitOf(domain) !== "train") continue;
    let parsed;
    try {
      parsed = mo.parse(readFileSync(join(dir, file)));
    } catch {
      continue;
    }
    let n = 0;
    for (const context of Object.values(parsed.translations)) {
      for (const entry of Object.values(context)) {
        const msgstr = entry.msgstr[0];
        if (!entry.msgid || !msgstr || (n >= PER_CATALOG && !every)) continue;
        const text = msgstr.trim().replace(/\s+/g, " ");
        if (tuneTexts.has(text)) continue;
        if (!every && (!isUsable(text) || !isTranslated(entry.msgid, text, latin))) continue;
        out.push({ text, english: entry.msgid });
        n++;
      }
    }
  }
  return out;
}

/** A deterministic sample of `n` strings. */
export const sample = (texts: string[], n: number) =>
  [...new Set(texts)]
    .map((t) => ({ t, h: hash(t) }))
    .sort((a, b) => (a.h < b.h ? -1 : 1))
    .slice(0, n)
    .map((x) => x.t);

/**
 * Apertium's translation of each line (unknown-word marks removed), cached by mode and input: a
 * changed sample is translated again, never answered with an earlier sample's translation.
 */
export function translate(mode: string, lines: string[]): string[] {
  mkdirSync(CACHE, { recursive: true });
  const input = lines.map((l) => stripNonProse(l).replace(/[\n\r]+/g, " ")).join("\n") + "\n";
  const cached = join(CACHE, `${mode}-${hash(input).slice(0, 16)}.txt`);
  if (existsSync(cached)) return readFileSync(cached, "utf8").split("\n").filter(Boolean);
  const result = apertiumFile(mode, input)
    .split("\n")
    .map((l) => l.replace(/[#@*]/g, "").trim())
    .filter(Boolean);
  writeFileSync(cached, result.join("\n") + "\n");
  return result;
}
