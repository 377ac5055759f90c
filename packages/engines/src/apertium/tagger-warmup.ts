import data from "../../data/tagger-warmup.json";

/** data/tagger-warmup.json, made by scripts/build-tagger-warmup.ts (see there for why). */
export interface TaggerWarmupData {
  generator: string;
  /** The Debian packages (apertium, each pair's) the sentences were chosen with, and their versions. */
  packages: Record<string, string>;
  /** Per Apertium mode: the sentences a new pipeline translates first, in order. */
  modes: Record<string, string[]>;
}

const warmup: TaggerWarmupData = data;

/**
 * The sentences a new pipeline of `mode` translates before it serves anyone, one per ambiguity
 * class its tagger does not know, so every pipeline starts in the state its tagger settles
 * into. A mode without a tagger to settle gets one short sentence, which only loads it.
 */
export function taggerWarmup(mode: string): readonly string[] {
  return warmup.modes[mode] ?? ["."];
}

/** The versions the warm-up was made with (a mismatch with the installed ones is worth a regeneration). */
export function taggerWarmupPackages(): Readonly<Record<string, string>> {
  return warmup.packages;
}
