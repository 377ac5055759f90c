import { setFlagsFromString } from "node:v8";

import { z } from "zod";

/**
 * How far V8 lets the old generation grow past what survived its last full collection before
 * it collects again, in percent. V8's own factor is dynamic (up to 4×), which on the server's
 * large long-lived heap (route modules, the language-ID model, PGlite's JS side) let a large
 * document's promoted garbage pile up to a multiple of the document before a full collection.
 * A small factor keeps the document bench's peak close to the idle server's (figures in
 * docs/benchmarks.md), and a full collection of that heap is mostly concurrent marking.
 * 0 keeps V8's default.
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 10;

/** The variable both apps' env.ts spread into their schema. */
export const heapEnvSchema = {
  TOLK_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(DEFAULT_HEAP_GROWTH_PERCENT),
};

/**
 * Sets V8's heap growing factor for this process. The flag is read at each full collection,
 * so setting it at start-up, after V8 has started, takes effect from the next one.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
