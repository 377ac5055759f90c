/**
 * The language a translated run is marked with. Word keeps three per run (`w:lang`): `w:val`
 * for Latin and other simple scripts, `w:eastAsia` for Chinese, Japanese and Korean, `w:bidi`
 * for right-to-left and complex scripts; spell checking, hyphenation and font choice follow
 * them. DrawingML has one (`a:rPr@lang`).
 */

/** Which of Word's three language slots a target language belongs in. */
export type LanguageSlot = "val" | "eastAsia" | "bidi";

const EAST_ASIAN = new Set(["zh", "ja", "ko"]);
const RIGHT_TO_LEFT = new Set(["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"]);
/** Complex (non-RTL) scripts Word also reads through `w:bidi`/`w:cs`. */
const COMPLEX = new Set([
  "th",
  "hi",
  "bn",
  "ta",
  "te",
  "mr",
  "gu",
  "kn",
  "ml",
  "pa",
  "si",
  "km",
  "lo",
  "my",
  "ne",
  "bo",
]);

/** A BCP 47 tag as it may go into an attribute; anything else is not written. */
export function languageTag(lang: string): string | undefined {
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(lang) ? lang : undefined;
}

function primary(lang: string): string {
  return (lang.split("-")[0] ?? "").toLowerCase();
}

export function isRightToLeft(lang: string): boolean {
  return RIGHT_TO_LEFT.has(primary(lang));
}

export function languageSlot(lang: string): LanguageSlot {
  const p = primary(lang);
  if (EAST_ASIAN.has(p)) return "eastAsia";
  return RIGHT_TO_LEFT.has(p) || COMPLEX.has(p) ? "bidi" : "val";
}

/** Sets (or adds) an attribute in a start tag given as source. */
export function setAttribute(startTag: string, name: string, value: string): string {
  const re = new RegExp(`(\\s${name.replace(/[.]/g, "\\.")}\\s*=\\s*)(?:"[^"]*"|'[^']*')`);
  if (re.test(startTag)) return startTag.replace(re, (_, lead: string) => `${lead}"${value}"`);
  const end = startTag.endsWith("/>") ? startTag.length - 2 : startTag.length - 1;
  return `${startTag.slice(0, end)} ${name}="${value}"${startTag.slice(end)}`;
}

/** Children of `w:rPr` that come after `w:rtl` in the schema's order. */
const AFTER_RTL = ["cs", "em", "lang", "eastAsianLayout", "specVanish", "oMath"];

/**
 * Word run properties (`<w:rPr>…</w:rPr>` source) marked with the target language: the slot
 * of its script in an existing `w:lang` (runs without one inherit the document's language and
 * are left so), and `w:rtl` for right-to-left targets, in the schema's place.
 */
export function retagWordRunProps(rPr: string, lang: string): string {
  // A document repeats a few run-property strings thousands of times.
  const key = `${lang}\u0000${rPr}`;
  let out = retagged.get(key);
  if (out === undefined) {
    if (retagged.size >= 10_000) retagged.clear();
    retagged.set(key, (out = retagWord(rPr, lang)));
  }
  return out;
}

const retagged = new Map<string, string>();

function retagWord(rPr: string, lang: string): string {
  const tag = languageTag(lang);
  if (!tag) return rPr;
  const prefix = /^<([^\s>:]+:)?rPr\b/.exec(rPr)?.[1] ?? "";
  let out = rPr.replace(new RegExp(`<${prefix}lang\\b[^>]*>`), (start) =>
    setAttribute(start, `${prefix}${languageSlot(tag)}`, tag),
  );
  if (isRightToLeft(tag) && !new RegExp(`<${prefix}rtl\\b`).test(out) && !out.endsWith("/>")) {
    const rtl = `<${prefix}rtl/>`;
    const before = new RegExp(`<${prefix}(?:${AFTER_RTL.join("|")})\\b`).exec(out);
    const at = before ? before.index : out.lastIndexOf("</");
    out = out.slice(0, at) + rtl + out.slice(at);
  }
  return out;
}

/** DrawingML run properties (`<a:rPr …>`): `lang` set where the run has one. */
export function retagDrawingRunProps(rPr: string, lang: string): string {
  const tag = languageTag(lang);
  const end = rPr.indexOf(">") + 1;
  if (!tag || end === 0) return rPr;
  const start = rPr.slice(0, end);
  return /\slang\s*=/.test(start) ? setAttribute(start, "lang", tag) + rPr.slice(end) : rPr;
}
