import { tokenizeCodes } from "../common/inline-codes";
import { type Line } from "./txt-blocks";

/**
 * Tokens of plain text that are code, not words: they become isolated codes `<xN/>` in the
 * segment and are written back byte for byte. Plain text has no markup, so only what a reader
 * recognises without doubt is taken: in every file, a Vim or Emacs modeline, a quoted Ex
 * command (`":help tutor"`) and a command-line option (`--prefix=PREFIX`); in a Vim help file (its first line is the file's `*tag*`, or its
 * modeline says `ft=help`), Vim help's notation too.
 */
const EVERYWHERE = [
  // A modeline: `vim:tw=78:ts=8:noet:ft=help:norl:`, `-*- mode: text -*-`.
  String.raw`(?<=^|\s)(?:vi|vim|ex):[ \t]*(?:set? [^\n]*?:|(?:[a-z]+(?:=[\w,.-]*)?:)+)[ \t]*$`,
  String.raw`-\*-[^\n]*?-\*-`,
  // A quoted Ex command: `":help tutor"`, `":set nocp"`.
  String.raw`"\:[a-zA-Z][^"\n]{0,60}"`,
  // A command-line option, as man pages and INSTALL files write them: `--prefix=PREFIX`, `-v`.
  String.raw`(?<=^|[\s(\[])--?[A-Za-z][\w-]*(?:=[^\s,;)\]]+)?(?=[\s,;.)\]]|$)`,
];

const VIM_HELP = [
  // Tag definitions and links: `*usr_02.txt*`, `|02.1|`, `|usr_toc.txt|`.
  String.raw`\*[^*\s|"]+\*(?=\s|$)`,
  String.raw`\|[^|\s"*]+\|`,
  // Options, keys, CTRL- chords, arguments, backtick commands: `'compatible'`, `<Esc>`, `CTRL-R`, `{motion}`.
  String.raw`'[a-z]{2,}'`,
  String.raw`<[A-Za-z][\w-]*>`,
  String.raw`\bCTRL-(?:[A-Za-z@\[\]\\^_]|<[A-Za-z]+>)?`,
  String.raw`\{[a-z][\w-]*\}`,
  "`[^`\\n]+`",
  // Ex commands written bare: `:help`, `:q!`, `:set`.
  String.raw`(?<=^|[\s("'])\:[a-zA-Z]+!?(?=[\s.,;:)"']|$)`,
  // The `>` that starts an example block at a line's end, and the `<` that ends one.
  String.raw`(?<=\s|^)>$`,
  String.raw`^<(?=\s|$)`,
];

/** A token and the run of alignment whitespace after it (a tab, or several spaces), kept with it. */
const ALIGNED = String.raw`(?:\t[ \t]*| {2,})?`;

export function tokenPattern(vimHelp: boolean): RegExp {
  const rules = vimHelp ? [...EVERYWHERE, ...VIM_HELP] : EVERYWHERE;
  return new RegExp(`(?:${rules.join("|")})${ALIGNED}`, "g");
}

/** A Vim help file: the first line defines the file's tag, or a modeline sets `ft=help`. */
export function isVimHelp(text: string): boolean {
  if (/^\*[^*\s|]+\*[ \t]/.test(text)) return true;
  const tail = text.slice(-400);
  return /(?:^|\s)vim?:[^\n]*\b(?:ft|filetype)=help\b/.test(tail);
}

/**
 * A segment's text with its tokens as `<xN/>`, and the tokens in order. Tokens (and the
 * whitespace between them) at the start or end stay out of the segment, as `prefix` and
 * `suffix`: a tag that heads a line stays at its head whatever the engine does.
 */
export interface Protected {
  prefix: string;
  text: string;
  suffix: string;
  tokens: string[];
}

export function protect(content: string, pattern: RegExp): Protected {
  const found = [...content.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  let from = 0;
  let to = content.length;
  const blank = (a: number, b: number) => content.slice(a, b).trim() === "";
  let first = 0;
  while (first < found.length && blank(from, found[first]?.start ?? 0)) from = found[first++]?.end ?? from;
  let last = found.length - 1;
  while (last >= first && blank(found[last]?.end ?? to, to)) to = found[last--]?.start ?? to;
  if (first > last && blank(from, to)) return { prefix: content, text: "", suffix: "", tokens: [] };
  // Whitespace between the edge tokens and the text belongs to the edges.
  while (from < to && /\s/.test(content.charAt(from))) from++;
  while (to > from && /\s/.test(content.charAt(to - 1))) to--;
  const tokens: string[] = [];
  let text = "";
  let at = from;
  for (const m of found.slice(first, last + 1)) {
    tokens.push(content.slice(m.start, m.end));
    text += `${content.slice(at, m.start)}<x${tokens.length}/>`;
    at = m.end;
  }
  text += content.slice(at, to);
  return { prefix: content.slice(0, from), text, suffix: content.slice(to), tokens };
}

/** A translation with its codes written back as the tokens they stand for. */
export function expand(translation: string, tokens: readonly string[]): string {
  let out = "";
  for (const t of tokenizeCodes(translation)) {
    if (t.kind === "text") out += t.text;
    else if (t.kind === "isolated") out += tokens[t.id - 1] ?? "";
  }
  return out;
}

/**
 * The lines of a Vim help file's examples: after a line ending in ` >`, every indented or blank
 * line up to a line starting with `<` or any other unindented line. They are code.
 */
export function exampleLines(lines: readonly Line[]): Set<Line> {
  const code = new Set<Line>();
  let inExample = false;
  for (const line of lines) {
    if (inExample) {
      if (line.content === "" || /^[ \t]/.test(line.indent)) {
        code.add(line);
        continue;
      }
      inExample = false;
    }
    if (/(?:^|\s)>$/.test(line.content)) inExample = true;
  }
  return code;
}
