/** One line of a text file with its offsets, so a filter can splice without touching line endings. */
export interface Line {
  /** 1-based, for error messages. */
  number: number;
  text: string;
  /** Offset of the first character. */
  start: number;
  /** Offset just after the last character, before the line ending. */
  end: number;
  /** "\r\n", "\n", "\r" or "" on a last line without one. */
  eol: string;
}

/** Splits text into lines, keeping each line's ending (CRLF, LF, lone CR) as it was. */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const eol = /\r\n|\n|\r/g;
  let start = 0;
  let number = 1;
  for (const m of text.matchAll(eol)) {
    lines.push({ number: number++, text: text.slice(start, m.index), start, end: m.index, eol: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length) lines.push({ number, text: text.slice(start), start, end: text.length, eol: "" });
  return lines;
}

export function isBlank(line: Line): boolean {
  return line.text.trim() === "";
}

/** Groups lines into blocks separated by one or more blank lines. */
export function blocks(lines: readonly Line[]): Line[][] {
  const out: Line[][] = [];
  let current: Line[] = [];
  for (const line of lines) {
    if (isBlank(line)) {
      if (current.length > 0) out.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) out.push(current);
  return out;
}
