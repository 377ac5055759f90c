import { setFlagsFromString } from "node:v8";

import { z } from "zod";

/**
 * How far V8 lets the old generation grow past what survived its last full collection before
 * it collects again, in percent. V8's own factor is dynamic (up to 4×, often 1.5–2× here), which
 * on the server's ~300 MB of long-lived heap (route modules, the language-ID model, PGlite's
 * JS side) let a 5 MB document's promoted garbage pile up to 150–200 MB before a full collection.
 * With the language model loaded on demand the idle heap is ~100 MB; at 10 % the document bench
 * peaked 20–37 MB above the idle server, at 20 % 30–72 MB (docs/benchmarks.md). A full collection
 * of that heap costs a few milliseconds of mostly concurrent marking. 0 keeps V8's default.
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
