/**
 * The units every analysis feature counts: prose without markup, sentences and words.
 * Kept in one place so language detection and the features agree on what a sentence is.
 */

/** Markup, placeholders, URLs, e-mail addresses, code spans: not language, only constraints. */
export const PATTERNS = {
  tag: /<\/?[a-zA-Z][^<>]{0,200}>/g,
  placeholder:
    /\{\{?\s*[\w.$-]*\s*\}?\}|%(?:\d+\$)?[-+#0]*\d*(?:\.\d+)?[sdifuxXeEgGcp@]|\$\{[^}]{0,80}\}|\[\[[^\]]{0,80}\]\]/g,
  url: /\b(?:https?:\/\/|www\.)\S+/gi,
  email: /\b[\w.+-]+@[\w-]+\.[\w.-]+\b/g,
  codeSpan: /`[^`\n]{1,200}`/g,
  markdown: /^(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s)|\*\*|__|\[[^\]\n]{1,200}\]\([^)\n]{1,300}\)/gm,
  entity: /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi,
} as const;

/** A Markdown link or image: its text is prose, the address is not (twice: a badge is an image inside a link). */
const MARKDOWN_LINK = /!?\[([^\]\n]{0,200})\]\([^)\n]{1,300}\)/g;
/**
 * What is left of "(https://…)" or "[www…]" once the address is gone, or of "«%s»" and "“{name}”"
 * once the placeholder is: empty quotes are no prose, and guillemets alone read as French.
 */
const EMPTY_BRACKETS = /\(\s*\)|\[\s*\]|«\s*»|»\s*«|‹\s*›|“\s*”|„\s*[“”]|‘\s*’|‚\s*‘|"\s*"|'\s*'|「\s*」|『\s*』/g;

export function stripNonProse(text: string): string {
  return text
    .replace(MARKDOWN_LINK, "$1")
    .replace(MARKDOWN_LINK, "$1")
    .replace(PATTERNS.codeSpan, " ")
    .replace(PATTERNS.url, " ")
    .replace(PATTERNS.email, " ")
    .replace(PATTERNS.tag, " ")
    .replace(PATTERNS.entity, " ")
    .replace(PATTERNS.placeholder, " ")
    .replace(EMPTY_BRACKETS, " ")
    .replace(/[#*_<>`|~]+/g, " ")
    .replace(/\p{N}+(?:[.,]\p{N}+)*/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentence boundaries: terminal punctuation (Latin, CJK, Arabic, Devanagari) or a line break. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？؟।])\s+|(?<=[。！？])|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
}

/** Words: runs of letters, with inner apostrophes and hyphens ("don't", "e-mail", "l'été" splits at the elision). */
export function words(text: string): string[] {
  return text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
}

/** The runs of letters in lower case: what the word lists of one language or standard are matched against. */
export function lowerCaseLetterRuns(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Lower case without accents, so lexicon entries match "Médical" and "medical" alike. */
export function fold(s: string): string {
  return s.toLowerCase().replace(/ß/g, "ss").normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * Folded words for lexicon matching. Romance elisions are split off ("l'été" → "l", "ete";
 * "n'hésitez" → "n", "hesitez") so that the word behind them is matched; English contractions
 * ("don't", "it's") stay whole.
 */
export function matchTokens(text: string): string[] {
  const tokens =
    fold(text)
      .replace(/[’‘`´]/g, "'")
      .match(/[\p{L}\p{N}][\p{L}\p{N}'.-]*/gu) ?? [];
  const out: string[] = [];
  for (const raw of tokens) {
    const token = raw.replace(/[.'-]+$/, "");
    const elision = /^([a-z]{1,4})'([\p{L}].+)$/u.exec(token);
    if (elision?.[1] && elision[2] && elision[2].length >= 2 && !/^(?:s|t|ll|re|ve|d|m)$/.test(elision[2])) {
      out.push(elision[1], elision[2]);
    } else out.push(token);
  }
  return out;
}

/** The number of letters (any script); cheaper than matching each one. */
export function countLetters(text: string): number {
  let n = 0;
  for (const run of text.match(/\p{L}+/gu) ?? []) n += run.length;
  return n;
}

/**
 * A text in capitals throughout ("PLEASE READ THIS LICENSE") is shouting, not a string of
 * acronyms: the features count no acronyms in it, and language identification reads it in
 * lower case, as the models were trained on.
 */
export function isShouting(prose: string): boolean {
  const letters = countLetters(prose);
  let upper = 0;
  for (const run of prose.match(/\p{Lu}+/gu) ?? []) upper += run.length;
  return letters > 20 && upper / letters > 0.7;
}
