/**
 * What writing a resource's contents (a glossary's entries, a memory's units) does alike: one
 * target per source, written in chunks, and the added rows answered in the order given.
 */

const CHUNK = 1_000;

/**
 * One target per source: the last one given wins, and stands where its source was last given
 * (as a Map re-set after a delete orders it).
 */
export function lastTargetOfEach(
  pairs: readonly { source: string; target: string }[],
): [source: string, target: string][] {
  const bySource = new Map<string, string>();
  for (const p of pairs) {
    bySource.delete(p.source);
    bySource.set(p.source, p.target);
  }
  return [...bySource];
}

/** `write` called with the rows a chunk at a time, one after the other (a statement's parameters are bounded). */
export async function inChunks<Row>(rows: readonly Row[], write: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/** The distinct keys of what was given, in the order they first appear. */
export const distinctKeys = <T>(given: readonly T[], keyOf: (item: T) => string): string[] => [
  ...new Set(given.map(keyOf)),
];

/** Rows sorted in place as their keys stand in `keys` (an add answers in the order it was given). */
export function inOrderOf<Row>(rows: Row[], keys: readonly string[], keyOf: (row: Row) => string): Row[] {
  const order = new Map(keys.map((k, i) => [k, i]));
  return rows.sort((a, b) => (order.get(keyOf(a)) ?? 0) - (order.get(keyOf(b)) ?? 0));
}
