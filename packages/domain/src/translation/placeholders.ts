import { hasWords } from "@tolk/engines";

/**
 * Placeholders, markup and addresses that no engine may translate, split or reorder inside.
 *
 * `protectPlaceholders` replaces each of them by a token `[[i]]` (i = index in `tokens`) before
 * a segment goes to an engine; `restorePlaceholders` puts the originals back.
 *
 * Why `[[i]]`: measured with the Apertium installed here (eng-spa, eng-cat, fr-es, es-pt; 2,000
 * gettext messages per pair, printf specs and random insertions replaced by the candidate; engine
 * marks stripped). Share of tokens that came back exactly once:
 *   [[i]] 100.0%  ·  [i] 100.0%  ·  <xi/> 100.0%  ·  9990i 100.0%  ·  ⟦Pi⟧ 99.9%  ·  XPHiX 99.8%
 *   ⟦i⟧ 99.7%  ·  ＿i＿ 99.7%  ·  {i} 99.7%  ·  __i__ 99.7%
 * Apertium analyses `[`/`]` as punctuation, which closes a transfer chunk, so the number between
 * them is never reordered away from its brackets; with ⟦ ⟧, ＿ or { } the brackets are blanks and
 * the number moves with word reordering ("⟦1 compilado⟧"). `[[i]]` also contains no unknown word
 * (no `*` mark, no effect on the unknown-word count), is plain ASCII, and LLMs keep it verbatim
 * when told to. Single brackets `[i]` collide with citation markers, `<xi/>` counts as an unknown
 * word, numbers collide with real numbers.
 *
 * Protected, as one unit each (leftmost, then longest, wins when two overlap):
 * - ICU arguments with a format: `{count, plural, one {# file} other {# files}}`, `{d, date}`.
 * - `{{x}}`, `{{{x}}}`, `${x}`, `#{x}`, `%{x}`, `{name}`, `{0}`, `{}`, `{0:N2}`.
 * - printf: `%s`, `%d`, `%1$s`, `%@`, `%lld`, `%.2f`, `%5d`, `%-10s`, `%(n)s`, `%<n>s`, Qt `%1`.
 *   `%%` is protected too, so a format string stays valid whatever the engine does with "%".
 *   Flags need a width after them and a space is never a flag, so "50% done" is prose; a bare
 *   `%o`, `%f`, `%e`… directly followed by a letter ("50%off") is prose as well.
 * - HTML/XML tags (`<b>`, `</b>`, `<br/>`, `<a href="…">`, comments) and character references
 *   (`&amp;`, `&#160;`).
 * - URLs (`https://…`, `www.…`, `mailto:…`) without trailing sentence punctuation, e-mail
 *   addresses.
 * - Text that already looks like a token (`[[3]]`) or a bracketed number (`[3]`), so the only
 *   `[[i]]` in the engine input are ours and near-misses in the output are unambiguous.
 *
 * And what a reader expects to find as it was written, because it names something rather than
 * saying something (the rules, with their reasons, are in docs/translation.md):
 * - code spans in backticks (`` `git push` ``): code is typed, not read;
 * - identifiers: snake_case and SCREAMING_SNAKE, camelCase and PascalCase with an inner capital,
 *   dotted names and file names (`os.path`, `config.yaml`), paths (`/etc/hosts`, `~/.ssh`,
 *   `./configure`, `C:\Temp`), command-line flags (`--force`, `-v`), variables (`$HOME`,
 *   `%APPDATA%`, `%command%`): a dictionary engine splits them into words and translates those;
 * - runs of ALL-CAPS words (`DROP FOREIGN TABLE`, `NASA`, `HTTP`, `MAX_SIZE`): SQL keywords,
 *   acronyms and constants, which an engine lowercases, translates or inflects; not in a segment
 *   written mostly in capitals (a shouted sentence is still a sentence to translate);
 * - version numbers with two dots or a `v` (`2.4.1`, `v3`, `1.0.0-rc1`): a two-part number is
 *   left out, since `3.5` may be a decimal the target writes `3,5`;
 * - a single capital letter used as a label (`column A`, `Plan B`, a cell that says `A`): engines
 *   read it as the article "a" or the pronoun "I"; not at the start of a sentence, nor `I`;
 * - the name after a personal title (`Mr. Smith`, `Dr. Jekyll`): a name is not a word to
 *   translate ("Smith" → "Herrero"); the title itself is translated.
 */

export type PlaceholderKind =
  | "icu"
  | "template"
  | "printf"
  | "tag"
  | "entity"
  | "url"
  | "email"
  | "token"
  | "code"
  | "identifier"
  | "path"
  | "flag"
  | "variable"
  | "caps"
  | "version"
  | "label"
  | "name";

const NAMING_KINDS: ReadonlySet<PlaceholderKind> = new Set([
  "code",
  "identifier",
  "path",
  "flag",
  "variable",
  "caps",
  "version",
  "label",
  "name",
]);

/** Kinds kept because they name something; a glossary term may take their place. */
export const isNamingKind = (kind: PlaceholderKind) => NAMING_KINDS.has(kind);

export interface PlaceholderSpan {
  start: number;
  end: number;
  kind: PlaceholderKind;
}

/**
 * Each pattern with a character it cannot match without. Most segments contain none of them, and
 * testing for one is far cheaper than a scan: running every pattern over every segment was the
 * largest cost of a batch on the server's thread.
 */
const PATTERNS: readonly (readonly [PlaceholderKind, RegExp, string | RegExp])[] = [
  ["template", /\{\{\{?[^{}\n]{0,200}\}?\}\}/g, "{"],
  ["template", /[$#%]\{[^{}\n]{0,200}\}/g, "{"],
  ["template", /\{\s?[^{}\s]{0,64}\s?\}/g, "{"],
  [
    "printf",
    /%(?:\d+\$)?(?:[-+#0']{0,3}(?:\d+|\*)|[+#])?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I64|I32)?[diouxXeEfFgGaAcCsSpn@]/g,
    "%",
  ],
  ["printf", /%\([\w.-]{1,64}\)[-+#0]{0,3}\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]/g, "%"],
  ["printf", /%<\w{1,64}>[-+#0]{0,3}\d*(?:\.\d+)?[diouxXeEfFgGsp]/g, "%"],
  ["printf", /%%|%[1-9]\d?(?![\d$])/g, "%"],
  // A command-line usage placeholder (`<host[:port]>`, Deluge's catalog) is protected like a tag.
  ["tag", /<!--[\s\S]*?-->|<\/?[A-Za-z][\w:.-]*(?:\[[^<>[\]]*\])?(?:\s(?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)?\/?>/g, "<"],
  ["entity", /&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});/g, "&"],
  ["url", /\b(?:(?:https?|ftp|wss?):\/\/|www\.|mailto:)[^\s<>"'`]+/gi, /:|www\./i],
  ["email", /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, "@"],
  ["token", /\[\[\d+\]\]|\[\d+\]/g, "["],
  ["code", /`[^`\n]{1,200}`/g, "`"],
  [
    "path",
    /(?<![\p{L}\p{N}_./~-])(?:~|\.{1,2})?\/[\p{L}\p{N}_.@+-]+(?:\/[\p{L}\p{N}_.@+-]+)+\/?|(?<![\p{L}\p{N}])~\/[\p{L}\p{N}_.@+-]*/gu,
    "/",
  ],
  ["path", /(?<![\p{L}\p{N}])[A-Z]:\\[\p{L}\p{N}_.\\-]*[\p{L}\p{N}_]/gu, "\\"],
  ["flag", /(?<![\p{L}\p{N}_-])--[A-Za-z][\w-]*(?:=[^\s"'`]+)?|(?<=^|[\s("'`])-[A-Za-z](?=$|[\s,;:)"'`])/gu, "-"],
  ["variable", /(?<![\p{L}\p{N}_$])\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_][A-Za-z0-9_]{1,63}%/gu, /[$%]/],
  [
    "identifier",
    /(?<![\p{L}\p{N}_.])(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\p{L}\p{N}_])/gu,
    "_",
  ],
  [
    "identifier",
    /(?<![\p{L}\p{N}_.])(?:[a-z]+[0-9]*(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*[A-Z][a-z0-9]*)(?![\p{L}\p{N}_])/gu,
    /[a-z][A-Z]/,
  ],
  [
    "identifier",
    /(?<![\p{L}\p{N}_.@-])[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)+(?![\p{L}\p{N}_@-]|\.[A-Za-z0-9])/gu,
    /\.[A-Za-z]/,
  ],
  [
    "version",
    /(?<![\p{L}\p{N}_.])(?:[vV]\d+(?:\.\d+)*|\d+\.\d+\.\d+(?:\.\d+)?)(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?![\p{L}\p{N}_]|\.\d)/gu,
    /\d/,
  ],
  [
    "name",
    /(?<=(?<![\p{L}\p{N}])(?:Mr|Mrs|Ms|Mx|Dr|Prof|Mme|Mlle|Sra|Srta|Herr|Frau)\.?\s)\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*){0,2}/gu,
    /(?:Mr|Mrs|Ms|Mx|Dr|Prof|Mme|Mlle|Sra|Srta|Herr|Frau)\.?\s\p{Lu}/u,
  ],
];

const mayMatch = (text: string, trigger: string | RegExp) =>
  typeof trigger === "string" ? text.includes(trigger) : trigger.test(text);

/** Conversions that read as prose when a letter follows and nothing else marks them as printf. */
const BARE_PRINTF = /^%[ouxXeEfFgGaAcCSpn]$/;
const LETTER = /\p{L}/u;

/** Abbreviations written with dots (`e.g`, `U.S`): one letter between dots, not a dotted name. */
const ABBREVIATION = /^(?:\p{L}\.)+\p{L}$/u;

/** Everything protected in `text`, sorted, without overlaps. */
export function findPlaceholders(text: string): PlaceholderSpan[] {
  const found: PlaceholderSpan[] = [];
  if (text.includes("{")) findIcu(text, found);
  for (const [kind, pattern, trigger] of PATTERNS) {
    if (!mayMatch(text, trigger)) continue;
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      let value = match[0];
      if (kind === "printf" && BARE_PRINTF.test(value) && LETTER.test(text.charAt(start + value.length))) continue;
      if (kind === "url") value = trimUrl(value);
      if (kind === "email") value = value.replace(/[.\-_]+$/, "");
      if (kind === "identifier" && ABBREVIATION.test(value)) continue;
      if (value.length > 0) found.push({ start, end: start + value.length, kind });
    }
  }
  if (UPPER_PAIR.test(text)) findCaps(text, found);
  if (LONE_CAPITAL.test(text)) findLabels(text, found);
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: PlaceholderSpan[] = [];
  let reached = 0;
  for (const span of found) {
    if (span.start < reached) continue;
    spans.push(span);
    reached = span.end;
  }
  return spans;
}

const UPPER_PAIR = /\p{Lu}\p{Lu}/u;
/** A word of capitals (digits and `_` allowed, a plural `s` at the end), at least two capitals. */
const CAPS_RUN =
  /(?<![\p{L}\p{N}_])\p{Lu}[\p{Lu}\p{N}_]*\p{Lu}[\p{Lu}\p{N}_]*s?(?:[ -]\p{Lu}[\p{Lu}\p{N}_]*\p{Lu}[\p{Lu}\p{N}_]*s?)*(?![\p{L}\p{N}_])/gu;
const CASED = /[\p{Lu}\p{Ll}]/gu;
const UPPER = /\p{Lu}/gu;

/** Runs of ALL-CAPS words, unless the segment is written mostly in capitals. */
function findCaps(text: string, out: PlaceholderSpan[]): void {
  const cased = text.match(CASED)?.length ?? 0;
  const upper = text.match(UPPER)?.length ?? 0;
  if (cased === 0 || upper / cased > 0.5) return;
  for (const match of text.matchAll(CAPS_RUN))
    out.push({ start: match.index, end: match.index + match[0].length, kind: "caps" });
}

const LONE_CAPITAL = /(?<![\p{L}\p{N}_'’.-])\p{Lu}(?![\p{L}\p{N}_'’.-])/u;
const LONE_CAPITALS = new RegExp(LONE_CAPITAL.source, "gu");
/** What may come between a sentence start and its first word: spaces, quotes, brackets, dashes. */
const SENTENCE_LEAD = /[\s"'“”‘’«»¿¡([{—–-]*$/u;

/** A single capital letter used as a label: not `I`, not the first word of a sentence. */
function findLabels(text: string, out: PlaceholderSpan[]): void {
  for (const match of text.matchAll(LONE_CAPITALS)) {
    if (match[0] === "I") continue;
    const before = text.slice(0, match.index).replace(SENTENCE_LEAD, "");
    const sentenceStart = before === "" || /[.!?:;…。]$/u.test(before);
    if (sentenceStart && text.trim() !== match[0]) continue;
    out.push({ start: match.index, end: match.index + 1, kind: "label" });
  }
}

const ICU_HEAD =
  /\{\s*[\p{L}\p{N}_]+\s*,\s*(?:plural|selectordinal|select|number|date|time|spellout|ordinal|duration)\s*[,}]/gu;

/** ICU arguments with a format, braces balanced (quoted ICU literals are not interpreted). One pass. */
function findIcu(text: string, out: PlaceholderSpan[]): void {
  const heads = new Set<number>();
  for (const match of text.matchAll(ICU_HEAD)) heads.add(match.index);
  if (heads.size === 0) return;
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) open.push(i);
    else if (c === 0x7d) {
      const start = open.pop();
      if (start !== undefined && heads.has(start)) out.push({ start, end: i + 1, kind: "icu" });
    }
  }
}

/** A URL does not end with sentence punctuation, nor with a bracket it did not open. */
function trimUrl(url: string): string {
  const count = (char: string) => url.split(char).length - 1;
  const balance: Record<string, number> = {
    ")": count("(") - count(")"),
    "]": count("[") - count("]"),
    "}": count("{") - count("}"),
  };
  let end = url.length;
  while (end > 0) {
    const last = url.charAt(end - 1);
    const open = balance[last];
    if (/[.,;:!?'"*]/.test(last)) end--;
    else if (open !== undefined && open < 0) {
      balance[last] = open + 1;
      end--;
    } else break;
  }
  return url.slice(0, end);
}

export interface ProtectedSegment {
  /** The segment with every placeholder replaced by `[[i]]`. */
  text: string;
  /** `tokens[i]` is the original text of `[[i]]`. */
  tokens: string[];
}

export const placeholderToken = (index: number) => `[[${index}]]`;

export function protectPlaceholders(segment: string): ProtectedSegment {
  const tokens: string[] = [];
  let text = "";
  let last = 0;
  for (const span of findPlaceholders(segment)) {
    text += segment.slice(last, span.start) + placeholderToken(tokens.length);
    tokens.push(segment.slice(span.start, span.end));
    last = span.end;
  }
  return { text: text + segment.slice(last), tokens };
}

/** True when the segment has placeholders and no word outside them: nothing for an engine. */
export function containsOnlyPlaceholders(segment: string): boolean {
  const spans = findPlaceholders(segment);
  if (spans.length === 0) return false;
  let rest = "";
  let last = 0;
  for (const span of spans) {
    rest += segment.slice(last, span.start) + " ";
    last = span.end;
  }
  return !hasWords(rest + segment.slice(last));
}

export interface RestoredSegment {
  text: string;
  /** Tokens that did not come back verbatim exactly once: mangled, missing, duplicated or invented. */
  repaired: number;
}

const OPEN = "\\[［【〚⟦〔";
const CLOSE = "\\]］】〛⟧〕";
const EXACT = /\[\[(\d+)\]\]/g;
/** Where a missing token goes: before the text's closing whitespace, sentence marks and quotes. */
const TAIL = /[\s.!?…。！？:;,"'”’»)\]]/u;
/** `[ [ 0 ] ]`, `[0]`, `[[0]`, `［［０］］`, `【0】`…: square-ish brackets, one or two a side, any digits. */
const NEAR = new RegExp(`[${OPEN}](?:\\s*[${OPEN}])?\\s*(\\p{Nd}+)\\s*(?:[${CLOSE}]\\s*)?[${CLOSE}]`, "gu");

/**
 * Put every original back exactly once. Order of repair: exact tokens (the first occurrence of
 * each index wins; later copies and indexes the source never had are dropped), then near-miss
 * forms for indexes still missing, then indexes still missing are inserted at the end of the
 * text, before its closing sentence punctuation, in index order. Each fix counts in `repaired`.
 */
export function restorePlaceholders(translated: string, tokens: readonly string[]): RestoredSegment {
  if (tokens.length === 0 && !/[[［【〚⟦〔]/u.test(translated)) return { text: translated, repaired: 0 };
  const edits: { start: number; end: number; index: number | null }[] = [];
  const placed = new Set<number>();
  let repaired = 0;

  for (const match of translated.matchAll(EXACT)) {
    const index = Number(match[1]);
    const keep = index < tokens.length && !placed.has(index);
    if (keep) placed.add(index);
    else repaired++;
    edits.push({ start: match.index, end: match.index + match[0].length, index: keep ? index : null });
  }
  const exact = edits.length;
  let next = 0;
  for (const match of translated.matchAll(NEAR)) {
    const start = match.index;
    const end = start + match[0].length;
    while (next < exact && (edits[next]?.end ?? 0) <= start) next++;
    if (next < exact && (edits[next]?.start ?? Infinity) < end) continue;
    const index = Number(asciiDigits(match[1] ?? ""));
    if (index >= tokens.length || placed.has(index)) continue;
    placed.add(index);
    repaired++;
    edits.push({ start, end, index });
  }
  edits.sort((a, b) => a.start - b.start);

  // Missing tokens go before the closing whitespace, marks and quotes, never inside a placeholder.
  let cut = translated.length;
  const lastEnd = edits.at(-1)?.end ?? 0;
  while (cut > lastEnd && TAIL.test(translated.charAt(cut - 1))) cut--;

  let text = "";
  let from = 0;
  for (const edit of edits) {
    text += translated.slice(from, edit.start) + (edit.index === null ? "" : (tokens[edit.index] ?? ""));
    from = edit.end;
  }
  text += translated.slice(from, cut);

  let before = text.length === 0 ? "" : text.charAt(text.length - 1);
  for (const [index, token] of tokens.entries()) {
    if (placed.has(index)) continue;
    repaired++;
    const glued = before === "" || /\s/u.test(before) || token.startsWith("</");
    text += (glued ? "" : " ") + token;
    before = token.charAt(token.length - 1) || before;
  }
  text += translated.slice(cut);
  return { text, repaired };
}

/** Decimal digits of other scripts (fullwidth, Arabic-Indic, Devanagari…) as ASCII. */
const DIGIT_ZEROS = [
  0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0x1040,
];
function asciiDigits(digits: string): string {
  let out = "";
  for (const char of digits) {
    const code = char.codePointAt(0) ?? 0x30;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    out += zero === undefined ? "0" : String(code - zero);
  }
  return out;
}
