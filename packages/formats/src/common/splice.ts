/** A replacement of `text[start, end)`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping replacements to the original text, from the end backwards so every
 * offset still points into untouched text; everything outside the ranges stays byte-identical.
 */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const ordered = [...splices].sort((a, b) => b.start - a.start);
  let out = text;
  let limit = Infinity;
  for (const s of ordered) {
    if (s.end > limit || s.start > s.end) throw new Error(`Overlapping splices at ${s.start}-${s.end}.`);
    out = out.slice(0, s.start) + s.text + out.slice(s.end);
    limit = s.start;
  }
  return out;
}
