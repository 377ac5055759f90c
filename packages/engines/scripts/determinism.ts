import { type Engine } from "../src";

export interface DeterminismReport {
  sentences: number;
  /** How many translations differ from the first pass, per later pass. */
  differ: { again: number; reversed: number; grouped: number };
}

/**
 * Translates `sentences` four times through one engine: in order, again in order, reversed, and
 * in concurrent calls of `group`. A pool whose pipelines start in the same tagger state (the
 * tagger warm-up) gives every sentence the same translation each time, whatever came before it
 * and whichever pipeline took it.
 */
export async function checkDeterminism(
  engine: Engine,
  pair: { source: string; target: string },
  sentences: readonly string[],
  group = 7,
): Promise<DeterminismReport> {
  const texts = async (segments: readonly string[]) =>
    (await engine.translate({ pair, segments: [...segments] })).map((r) => r.text);
  const first = await texts(sentences);
  const again = await texts(sentences);
  const reversed = (await texts(sentences.toReversed())).toReversed();
  const grouped = (
    await Promise.all(
      Array.from({ length: Math.ceil(sentences.length / group) }, (_, i) =>
        texts(sentences.slice(i * group, (i + 1) * group)),
      ),
    )
  ).flat();
  const differ = (other: readonly string[]) => other.reduce((n, text, i) => n + (text === first[i] ? 0 : 1), 0);
  return {
    sentences: sentences.length,
    differ: { again: differ(again), reversed: differ(reversed), grouped: differ(grouped) },
  };
}
