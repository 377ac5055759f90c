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

/**
 * Splits edits into those inside one of `containers` (grouped by container) and those outside
 * every container. Containers must not overlap; one sorted sweep keeps it linear.
 */
export function partitionEdits<T extends { start: number; end: number }>(
  edits: readonly TextEdit[],
  containers: readonly T[],
): { inside: Map<T, TextEdit[]>; outside: TextEdit[] } {
  const sortedContainers = [...containers].sort((a, b) => a.start - b.start);
  const sortedEdits = [...edits].sort((a, b) => a.start - b.start);
  const inside = new Map<T, TextEdit[]>();
  const outside: TextEdit[] = [];
  let c = 0;
  for (const edit of sortedEdits) {
    while (c < sortedContainers.length && (sortedContainers[c]?.end ?? 0) < edit.end) c++;
    const container = sortedContainers[c];
    if (container && edit.start >= container.start && edit.end <= container.end) {
      const list = inside.get(container) ?? [];
      list.push(edit);
      inside.set(container, list);
    } else outside.push(edit);
  }
  return { inside, outside };
}

/** `text[range]` with the edits that fall inside the range applied (e.g. an alt inside an img code). */
export function renderRange(text: string, range: { start: number; end: number }, edits: readonly TextEdit[]): string {
  const inner = edits
    .filter((e) => e.start >= range.start && e.end <= range.end)
    .map((e) => ({ ...e, start: e.start - range.start, end: e.end - range.start }));
  return applyEdits(text.slice(range.start, range.end), inner);
}
