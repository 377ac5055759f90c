import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Most strings in one POST /v1/translate/batch request (the API's limit). */
export const MAX_BATCH = 500;

const chars = (s: string) => Array.from(s).length;

/** Splits items, in order, into `n` runs of about the same number of characters. */
export function splitByChars(items: readonly string[], n: number): string[][] {
  const total = items.reduce((s, x) => s + chars(x) + 1, 0);
  const out: string[][] = Array.from({ length: n }, () => []);
  let acc = 0;
  for (const item of items) {
    const index = Math.min(n - 1, Math.floor((acc / total) * n));
    out[index]?.push(item);
    acc += chars(item) + 1;
  }
  return out;
}

/**
 * The `strings` of the batch requests that send `sentences` (keys "s0".."sN"): at most
 * MAX_BATCH each, their number a multiple of `inFlight` so the last wave is full.
 */
export function batchBodies(sentences: readonly string[], inFlight: number): Record<string, string>[] {
  const requests = Math.ceil(Math.ceil(sentences.length / MAX_BATCH) / inFlight) * inFlight;
  const perRequest = Math.ceil(sentences.length / requests);
  const bodies: Record<string, string>[] = [];
  for (let i = 0; i < sentences.length; i += perRequest) {
    bodies.push(Object.fromEntries(sentences.slice(i, i + perRequest).map((s, j) => [`s${i + j}`, s])));
  }
  return bodies;
}

/**
 * The raw engine's input: the corpus in `n` files of about the same number of characters (one
 * per pipeline), and as many empty files (for its start-up alone).
 */
export function writeRawInput(
  dir: string,
  corpus: readonly string[],
  n: number,
): { chunks: string[]; empty: string[] } {
  const chunks = splitByChars(corpus, n).map((chunk, i) => {
    const file = join(dir, `chunk${i}.txt`);
    writeFileSync(file, chunk.length ? chunk.join("\n") + "\n" : "");
    return file;
  });
  const empty = chunks.map((_, i) => {
    const file = join(dir, `empty${i}.txt`);
    writeFileSync(file, "");
    return file;
  });
  return { chunks, empty };
}
