/**
 * Splicing translations into the original text: every filter that edits a text file records
 * edits against offsets of the decoded text (all taken from the one parse of the original) and
 * applies them at once, so everything between edits is left byte-identical.
 */

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The text with every edit applied. Edits must not overlap (an insertion has start === end). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  // Pieces joined once: re-slicing the whole text per edit is quadratic on a 10 MB file.
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`Overlapping edits at ${edit.start}–${edit.end}.`);
    pieces.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  pieces.push(text.slice(at));
  return pieces.join("");
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
