import { parse, type Select, type Token } from "@messageformat/parser";

import { type FormatFilter, type MergeOptions, type Segment } from "../filter";
import { InlineCodes, repairCodes, tokenizeCodes } from "./inline-codes";

/**
 * ICU MessageFormat inside a string value (`{count, plural, one {# file} other {# files}}`).
 * An engine must never see the syntax, and the whole message as one protected placeholder leaves
 * its words untranslated. So a message with `plural`, `select` or `selectordinal` is split:
 * the text outside the arguments is one segment (the argument an isolated code in it), and each
 * branch's text is a segment of its own, id `<id>{<arg>:<key>}` (nested: appended). `#` and nested
 * arguments with a branch are isolated codes; simple `{name}` arguments stay as written (the
 * translation pipeline protects them). Merging puts the message back together with every
 * argument name, keyword (`one`, `=0`, `offset:`), brace and `#` exactly as in the source, and
 * quotes `{`, `}` (and `#` in a plural branch) that a translation brings in.
 */

const ICU_HEAD = /\{\s*[\p{L}\p{N}_]+\s*,\s*(?:plural|selectordinal|select)\s*,/u;
const CODE_ID = /<\/?g(\d+)>|<x(\d+)\/>/g;

type Code = { kind: "pound" } | { kind: "select"; select: Select; suffix: string } | { kind: "literal"; text: string };

interface Piece {
  suffix: string;
  /** Segment text: the source's content, codes for `#` and branching arguments. */
  text: string;
  codes: InlineCodes<Code>;
  /** The raw source between the piece's delimiters, kept when the piece is not translated. */
  start: number;
  end: number;
  inPlural: boolean;
  tokens: Token[];
}

interface Message {
  source: string;
  pieces: Map<string, Piece>;
  root: Piece;
  /** Each branching argument's name in ids: its name, `name#2` for its second use at one level. */
  labels: Map<Select, string>;
}

function isBranching(t: Token): t is Select {
  return t.type === "plural" || t.type === "select" || t.type === "selectordinal";
}

const end = (t: Token) => t.ctx.offset + t.ctx.text.length;

/** The message's pieces, or undefined when `text` holds no branching ICU argument or does not parse. */
function split(text: string): Message | undefined {
  if (!ICU_HEAD.test(text)) return undefined;
  let tokens: Token[];
  try {
    tokens = parse(text, { strict: false });
  } catch {
    return undefined;
  }
  if (!tokens.some(isBranching)) return undefined;
  // Codes the filter already put in the text keep their numbers; ours come after them.
  let firstId = 1;
  for (const m of text.matchAll(CODE_ID)) firstId = Math.max(firstId, Number(m[1] ?? m[2]) + 1);
  const pieces = new Map<string, Piece>();
  const labels = new Map<Select, string>();
  const build = (suffix: string, body: Token[], start: number, stop: number, inPlural: boolean): Piece => {
    const codes = new InlineCodes<Code>();
    // Two arguments of one name at one level (`{n, plural, …} … {n, plural, …}`) need apart ids.
    const uses = new Map<string, number>();
    // Skip the ids the text already uses by allocating placeholders that are never emitted.
    for (let i = 1; i < firstId; i++) codes.single({ kind: "literal", text: "" });
    let out = "";
    for (const t of body) {
      if (t.type === "content") out += t.value;
      else if (t.type === "octothorpe") out += inPlural ? codes.single({ kind: "pound" }) : "#";
      else if (t.type === "argument" || t.type === "function")
        out += codes.single({ kind: "literal", text: text.slice(t.ctx.offset, tokenEnd(text, t)) });
      else if (isBranching(t)) {
        const use = (uses.get(t.arg) ?? 0) + 1;
        uses.set(t.arg, use);
        const label = use === 1 ? t.arg : `${t.arg}#${use}`;
        labels.set(t, label);
        const nested = `${suffix}{${label}}`;
        out += codes.single({ kind: "select", select: t, suffix: nested });
        for (const c of t.cases) {
          const bodyStart = c.ctx.offset + c.ctx.text.length;
          const last = c.tokens[c.tokens.length - 1];
          build(
            `${suffix}{${label}:${c.key}}`,
            c.tokens,
            bodyStart,
            last ? tokenEnd(text, last) : bodyStart,
            t.type !== "select",
          );
        }
      }
    }
    const piece: Piece = { suffix, text: out, codes, start, end: stop, inPlural, tokens: body };
    pieces.set(suffix, piece);
    return piece;
  };
  const root = build("", tokens, 0, text.length, false);
  // A paired code cut in two by the ICU syntax cannot be translated piecewise.
  for (const p of pieces.values()) if (repairCodes(p.text, p.text) !== p.text) return undefined;
  return { source: text, pieces, root, labels };
}

const hasText = (text: string) => /\p{L}/u.test(text.replace(CODE_ID, ""));

/** The segments of one source segment: itself, or its ICU pieces that hold words. */
export function icuSegments(segment: Segment): Segment[] {
  const message = split(segment.text);
  if (!message) return [segment];
  const out: Segment[] = [];
  for (const piece of message.pieces.values()) {
    if (!hasText(piece.text)) continue;
    out.push({ ...segment, id: `${segment.id}${piece.suffix}`, text: piece.text });
  }
  return out;
}

/** The first letter outside inline codes and `{argument}` spans: its offset, or -1. */
function firstLetter(text: string): number {
  const skip = /<\/?g\d+>|<x\d+\/>|\{[^{}]*\}/y;
  for (let i = 0; i < text.length;) {
    skip.lastIndex = i;
    const m = skip.exec(text);
    if (m) {
      i += m[0].length;
      continue;
    }
    if (/\p{L}/u.test(text.charAt(i))) return i;
    i++;
  }
  return -1;
}

/**
 * A branch is the middle of a sentence as often as its start (`{n, plural, one {# participant}
 * …}`), but engines capitalise every segment's first word: the translation's first letter takes
 * the case of the source branch's first letter.
 */
function withInitialCaseOf(source: string, translation: string): string {
  const s = firstLetter(source);
  const t = firstLetter(translation);
  if (s < 0 || t < 0) return translation;
  const letter = translation.charAt(t);
  const next = translation.charAt(t + 1);
  const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
  const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
  // A capitalised word ("Participante") follows the source; one in capitals ("PDF") stays.
  const cased =
    isLower(source.charAt(s)) && isLower(next)
      ? letter.toLowerCase()
      : isUpper(source.charAt(s))
        ? letter.toUpperCase()
        : letter;
  return translation.slice(0, t) + cased + translation.slice(t + 1);
}

/** ICU quoting for literal text a translation brings in. */
function quote(text: string, inPlural: boolean): string {
  return text.replace(/'(?=[{}#|'])/g, "''").replace(inPlural ? /[{}#]+/g : /[{}]+/g, (m) => `'${m}'`);
}

function render(message: Message, piece: Piece, get: (suffix: string) => string | undefined): string {
  const translation = get(piece.suffix);
  if (translation === undefined || translation === piece.text) {
    // Untranslated: the source as written, but with nested branches rendered.
    let out = "";
    let at = piece.start;
    for (const t of piece.tokens) {
      if (!isBranching(t)) continue;
      out += message.source.slice(at, t.ctx.offset) + renderSelect(message, t, piece.suffix, get);
      at = closeOf(message, t) + 1;
    }
    return out + message.source.slice(at, piece.end);
  }
  let out = "";
  const repaired = repairCodes(piece.text, translation);
  const text = piece === message.root ? repaired : withInitialCaseOf(piece.text, repaired);
  for (const t of tokenizeCodes(text)) {
    if (t.kind === "text") out += quote(t.text, piece.inPlural);
    else if (t.kind === "isolated") {
      const code = piece.codes.isolated.get(t.id);
      if (!code || (code.kind === "literal" && code.text === "")) out += `<x${t.id}/>`;
      else if (code.kind === "literal") out += code.text;
      else if (code.kind === "pound") out += "#";
      else out += renderSelect(message, code.select, piece.suffix, get);
    } else out += t.kind === "open" ? `<g${t.id}>` : `</g${t.id}>`;
  }
  return out;
}

/** `{arg, plural, …}` with its head and keys from the source and each branch rendered. */
function renderSelect(
  message: Message,
  select: Select,
  suffix: string,
  get: (suffix: string) => string | undefined,
): string {
  let out = "";
  let at = select.ctx.offset;
  for (const c of select.cases) {
    const piece = message.pieces.get(`${suffix}{${message.labels.get(select) ?? select.arg}:${c.key}}`);
    if (!piece) continue;
    out += message.source.slice(at, piece.start) + render(message, piece, get);
    at = piece.end;
  }
  return out + message.source.slice(at, closeOf(message, select) + 1);
}

/**
 * The offset of the `}` that closes the argument opening at `open`, with ICU's apostrophe
 * quoting: `'{…'` is literal text, `''` an apostrophe, a lone `'` before other text literal.
 */
function matchBrace(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const ch = source.charAt(i);
    if (ch === "'") {
      const next = source.charAt(i + 1);
      if (next === "'") i++;
      else if ("{}#|".includes(next) && next !== "") {
        for (i += 2; i < source.length; i++) {
          if (source.charAt(i) !== "'") continue;
          if (source.charAt(i + 1) === "'") i++;
          else break;
        }
      }
    } else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i;
  }
  return source.length - 1;
}

const closeOf = (message: Message, select: Select) => matchBrace(message.source, select.ctx.offset);

/** Where a token's source ends (an argument's ctx holds only its head). */
const tokenEnd = (source: string, t: Token) =>
  t.type === "content" || t.type === "octothorpe" ? end(t) : matchBrace(source, t.ctx.offset) + 1;

/** The translation of a whole source segment put together from its pieces' translations, if any. */
export function icuTranslation(segment: Segment, translations: ReadonlyMap<string, string>): string | undefined {
  const message = split(segment.text);
  if (!message) return translations.get(segment.id);
  let any = false;
  const get = (suffix: string) => {
    const t = translations.get(`${segment.id}${suffix}`);
    if (t !== undefined) any = true;
    return t;
  };
  const out = render(message, message.root, get);
  return any ? out : undefined;
}

/**
 * `filter` with ICU messages translated branch by branch (see above). Merge extracts the file
 * again to know each segment's source, which the localization formats afford.
 */
export function withIcuMessages(filter: FormatFilter): FormatFilter {
  return {
    extensions: filter.extensions,
    async extract(file, options) {
      const out: Segment[] = [];
      for (const segment of await filter.extract(file, options)) for (const s of icuSegments(segment)) out.push(s);
      return out;
    },
    async merge(file, translations, options: MergeOptions) {
      const sources = await filter.extract(file, options);
      const joined = new Map<string, string>();
      for (const s of sources) {
        const t = icuTranslation(s, translations);
        if (t !== undefined) joined.set(s.id, t);
      }
      return filter.merge(file, joined, options);
    },
  };
}
