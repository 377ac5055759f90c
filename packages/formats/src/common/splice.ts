/** A replacement of `text[start, end)`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping replacements to the original text; everything outside the ranges
 * stays byte-identical. Built from pieces in one pass, so thousands of splices into a
 * multi-megabyte file stay linear.
 */
export function applySplices(text: string, splices: readonly Splice[]): string {
  if (splices.length === 0) return text;
  const ordered = [...splices].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const s of ordered) {
    if (s.start < at || s.start > s.end) throw new Error(`Overlapping splices at ${s.start}-${s.end}.`);
    parts.push(text.slice(at, s.start), s.text);
    at = s.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

/**
 * Splits splices into those inside one of `containers` (grouped by container) and those
 * outside every container. Containers must not overlap; one sorted sweep keeps it linear.
 */
export function partitionSplices<T extends { start: number; end: number }>(
  splices: readonly Splice[],
  containers: readonly T[],
): { inside: Map<T, Splice[]>; outside: Splice[] } {
  const sortedContainers = [...containers].sort((a, b) => a.start - b.start);
  const sortedSplices = [...splices].sort((a, b) => a.start - b.start);
  const inside = new Map<T, Splice[]>();
  const outside: Splice[] = [];
  let c = 0;
  for (const s of sortedSplices) {
    while (c < sortedContainers.length && (sortedContainers[c]?.end ?? 0) < s.end) c++;
    const container = sortedContainers[c];
    if (container && s.start >= container.start && s.end <= container.end) {
      const list = inside.get(container) ?? [];
      list.push(s);
      inside.set(container, list);
    } else outside.push(s);
  }
  return { inside, outside };
}

/** `text[range]` with the splices that fall inside the range applied (e.g. an alt inside an img code). */
export function renderRange(text: string, range: { start: number; end: number }, splices: readonly Splice[]): string {
  const inner = splices.filter((s) => s.start >= range.start && s.end <= range.end).map((s) => ({ ...s, start: s.start - range.start, end: s.end - range.start }));
  return applySplices(text.slice(range.start, range.end), inner);
}
