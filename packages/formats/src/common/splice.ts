/**
 * Splicing translations into the original text: every filter that edits a text file records
 * edits against offsets of the decoded text and applies them at once, from the end backwards,
 * so earlier offsets stay valid and everything between edits is left byte-identical.
 */

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The text with every edit applied. Edits must not overlap (an insertion has start === end). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit) throw new Error(`Overlapping edits at ${edit.start}–${edit.end}.`);
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}

/** 1-based line and column of an offset, for error messages people can act on. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
