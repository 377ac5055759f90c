import { type ReferenceStyle } from "../html/entities";

/** Characters that could open inline syntax (emphasis, links, code, HTML, strikethrough). */
const INLINE_SYNTAX = new Set(["\\", "`", "*", "_", "[", "]", "<", "~"]);
/** What would start a heading, list, quote or setext underline at the start of a line. */
const BLOCK_START = /^(?:#{1,6}(?=[ \t]|$)|[-+*](?=[ \t]|$)|>|\d{1,9}(?=[.)](?:[ \t]|$))|=+[ \t]*$|-+[ \t]*$)/;

export interface MarkdownEscapeOptions {
  style: ReferenceStyle;
  /** Inside a table cell: `|` ends the cell. */
  cell: boolean;
  /** The text starts a line: block syntax at its start is escaped. */
  lineStart: boolean;
  /** Punctuation the source block escaped (`$`, `>`, `#`…): escaped in the translation too. */
  escaped?: string;
  /** Of `[ ] _ ~`, those the source block wrote unescaped as text: written unescaped. */
  literal?: string;
}

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * Plain translated text as Markdown text on one line: newlines become spaces (a newline would
 * lose a blockquote's `> ` or a list's indentation), inline syntax is backslash-escaped, and
 * characters the source wrote as entities (`&nbsp;`) are written the same way.
 */
export function escapeMarkdown(text: string, options: MarkdownEscapeOptions): string {
  const line = text.replace(/\s*[\r\n]+\s*/g, " ");
  let out = "";
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    const ref = options.style.get(char);
    if (ref !== undefined) out += ref;
    else if (options.literal?.includes(char) && !options.escaped?.includes(char)) out += char;
    // An underscore between letters or digits never delimits emphasis: written as it is.
    else if (
      char === "_" &&
      !options.escaped?.includes("_") &&
      ALNUM.test(line.charAt(i - 1)) &&
      ALNUM.test(line.charAt(i + 1))
    )
      out += char;
    else if (INLINE_SYNTAX.has(char) || (char === "|" && options.cell) || options.escaped?.includes(char))
      out += `\\${char}`;
    else if (char === "&" && /^&#?[A-Za-z0-9]+;/.test(line.slice(i))) out += "\\&";
    else out += char;
  }
  if (options.lineStart) {
    const m = BLOCK_START.exec(out);
    if (m) {
      // Escape the marker itself: `\#`, `\-`, `\>`, `1\.`.
      const at = /^\d/.test(m[0]) ? m[0].length : 0;
      out = `${out.slice(0, at)}\\${out.slice(at)}`;
    }
  }
  return out;
}

/** Image alt text: brackets and backslashes are escaped. */
export function escapeAlt(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").replace(/[\\[\]]/g, "\\$&");
}

/** A link title inside its original delimiter. */
export function escapeTitle(text: string, delimiter: string): string {
  const special = delimiter === "(" ? /[\\()]/g : delimiter === "'" ? /[\\']/g : /[\\"]/g;
  return text.replace(/\s*[\r\n]+\s*/g, " ").replace(special, "\\$&");
}
