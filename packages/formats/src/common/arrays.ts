/**
 * `target.push(...items)` without the spread: a spread passes every item as an argument, and
 * past about 100,000 of them (the paragraphs of a large document) V8 overflows the stack.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest value, 0 for none (`Math.max(...values)` overflows the stack on a long array). */
export function maxOf(values: Iterable<number>): number {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max;
}
