import { readFileSync } from "node:fs";
import { join } from "node:path";

import { stripCodes, tokenizeCodes } from "../../src/common/inline-codes";
import { type FilterOptions, type FormatFilter, type Segment } from "../../src/filter";

export const EN_DE: FilterOptions = { sourceLang: "en", targetLang: "de" };
export const EN_EN: FilterOptions = { sourceLang: "en", targetLang: "en" };

export function fixture(...path: string[]): Uint8Array {
  return new Uint8Array(readFileSync(join(import.meta.dirname, "..", "fixtures", ...path)));
}

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ö",
  u: "ü",
  c: "ç",
  n: "ñ",
  y: "ý",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ö",
  U: "Ü",
  C: "Ç",
  N: "Ñ",
  Y: "Ý",
  s: "š",
  S: "Š",
  z: "ž",
  Z: "Ž",
};

/**
 * Pseudo-translation: accented letters, ⟦ ⟧ around the text and +30% length, codes untouched,
 * so a test sees both that every segment came back and that no source text survived.
 */
export function pseudo(text: string): string {
  let out = "";
  for (const t of tokenizeCodes(text)) {
    if (t.kind === "text") out += [...t.text].map((c) => ACCENTS[c] ?? c).join("");
    else if (t.kind === "isolated") out += `<x${t.id}/>`;
    else out += t.kind === "open" ? `<g${t.id}>` : `</g${t.id}>`;
  }
  const pad = "·".repeat(Math.ceil(stripCodes(text).length * 0.3));
  return `⟦${out}${pad}⟧`;
}

/** Translations for every segment from a function of its text (identity, pseudo, …). */
export function translate(segments: readonly Segment[], engine: (text: string) => string): Map<string, string> {
  return new Map(segments.map((s) => [s.id, engine(s.text)]));
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Source words (4+ letters, with a vowel the pseudo engine accents) found anywhere in `output`. */
export function leftoverSourceWords(segments: readonly Segment[], output: string): string[] {
  const words = new Set(
    segments.flatMap((s) => stripCodes(s.text).match(/\p{L}{4,}/gu) ?? []).filter((w) => /[aeiouAEIOU]/.test(w)),
  );
  return [...words].filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, "u").test(output));
}

export interface RoundTrip {
  source: Segment[];
  output: Uint8Array;
  again: Segment[];
}

/** Extract, translate with `engine`, merge, re-extract. */
export async function roundTrip(
  filter: FormatFilter,
  file: Uint8Array,
  engine: (text: string) => string,
  options: FilterOptions = EN_DE,
): Promise<RoundTrip> {
  const source = await filter.extract(file, options);
  const output = await filter.merge(file, translate(source, engine), options);
  const again = await filter.extract(output, options);
  return { source, output, again };
}
