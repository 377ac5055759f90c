/**
 * Engines for round-trip tests of the localization filters (json, yaml, po, strings, xliff):
 * an identity engine, and a pseudo-translation that accents every letter, grows the text by
 * about 30 % and brackets it in ⟦ ⟧ while leaving inline codes and placeholders exactly as the
 * translation pipeline would.
 */
import { type FilterOptions, type FormatFilter, type Segment } from "../src/filter";

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ó",
  u: "ú",
  c: "ç",
  n: "ñ",
  y: "ý",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ó",
  U: "Ú",
  C: "Ç",
  N: "Ñ",
  Y: "Ý",
};

/** What the pipeline protects (a subset of the domain's placeholder rules, enough for fixtures). */
export const PLACEHOLDER =
  /\{\{[^{}]*\}\}|[$%#]\{[^{}]*\}|\{\s*\w+\s*,\s*(?:plural|select)[^]*?\}\s*\}|\{[^{}\s]*\}|%(?:\d+\$)?[-+#0]?\d*(?:\.\d+)?(?:ll|l|h)?[sdifuxX@]|%\(\w+\)s|%%|https?:\/\/\S+|\\n/g;

function accent(text: string): string {
  const words = text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
  // About 30 % longer, as translations into Romance and Slavic languages tend to be.
  return words.replace(/(\p{L}{3,})/gu, (w) => w + "~".repeat(Math.ceil(w.length * 0.3)));
}

/** Accents the text between inline codes. */
const accentOutsideCodes = (text: string) =>
  text.replace(/<\/?g\d+>|<x\d+\/>|[^<]+|</g, (t) => (t.startsWith("<") && t.length > 1 ? t : accent(t)));

/** The pseudo-translation of a segment: codes, placeholders and edge whitespace untouched. */
export function pseudo(text: string): string {
  let body = "";
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    body += accentOutsideCodes(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  body += accentOutsideCodes(text.slice(last));
  const [, lead = "", core = "", trail = ""] = /^(\s*)([^]*?)(\s*)$/.exec(body) ?? [];
  return `${lead}⟦${core}⟧${trail}`;
}

export const EN_ES: FilterOptions = { sourceLang: "en", targetLang: "es" };

export async function translateWith(
  filter: FormatFilter,
  file: Uint8Array,
  engine: (text: string) => string,
  options: FilterOptions = EN_ES,
): Promise<{ segments: Segment[]; output: Uint8Array }> {
  const segments = await filter.extract(file, options);
  const translations = new Map(segments.map((s) => [s.id, engine(s.text)]));
  const output = await filter.merge(file, translations, options);
  return { segments, output };
}

/** The placeholders of a text, sorted: a translation must carry the same multiset. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[0]).sort();
}
