import { PATTERNS, splitSentences, stripNonProse } from "./text-units";

export const MAX_TITLE_CHARS = 60;

/**
 * A short title: the text's own heading when it has one (Markdown "#", HTML <title>/<h1>),
 * otherwise its first sentence, without markup, cut at a word boundary to 60 characters.
 */
export function makeTitle(text: string): string {
  const heading =
    /^\s{0,3}#{1,6}\s+(.+)$/m.exec(text)?.[1] ?? /<(?:title|h1)[^>]*>([\s\S]{1,300}?)<\/(?:title|h1)>/i.exec(text)?.[1];
  const hasWords = (s: string) => /\p{L}/u.test(stripNonProse(s));
  const source = heading ?? splitSentences(text).map(plain).find(hasWords) ?? "";
  const clean = plain(source)
    .replace(/[.:;,!?。]+$/u, "")
    .trim();
  if (!hasWords(clean)) return "Untitled text";
  const chars = [...clean];
  if (chars.length <= MAX_TITLE_CHARS) return clean;
  const cut = chars.slice(0, MAX_TITLE_CHARS).join("");
  const atWord = cut.replace(/\s+\S*$/u, "");
  return `${atWord.length >= MAX_TITLE_CHARS / 2 ? atWord : cut}…`;
}

function plain(text: string): string {
  return text
    .replace(PATTERNS.tag, " ")
    .replace(PATTERNS.entity, " ")
    .replace(PATTERNS.url, " ")
    .replace(/[#*_`>|~]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
