import { countWords } from "@tolk/engines";
import { describe, expect, it } from "vitest";

import { type SegmentQualitySignals, qualityScore, segmentQuality } from "../src/translation/quality-score";
import { pick, random } from "./translation-helpers";

const apertium = (sentence: string, unknownWords: number, extra: Partial<SegmentQualitySignals> = {}): SegmentQualitySignals => ({
  words: countWords(sentence),
  unknownWords,
  pivots: 0,
  repairedPlaceholders: 0,
  engine: "apertium",
  ...extra,
});

describe("qualityScore", () => {
  it("gives Apertium's baseline, 70, to text whose every word it knew", () => {
    expect(qualityScore([apertium("The cat sleeps on the red sofa.", 0)])).toBe(70);
  });

  it("lowers the score with the share of unknown words, down to 0 when nothing was known", () => {
    const sentence = "Tolk translates these eight words very quickly today."; // 8 words
    expect(countWords(sentence)).toBe(8);
    expect(qualityScore([apertium(sentence, 2)])).toBe(53); // 70 × 6/8 = 52.5
    expect(qualityScore([apertium(sentence, 4)])).toBe(35);
    expect(qualityScore([apertium(sentence, 8)])).toBe(0);
    expect(qualityScore([apertium(sentence, 12)])).toBe(0);
  });

  it("takes 10 off per pivot language and 5 per repaired placeholder, at most 20", () => {
    const sentence = "Your order has shipped today.";
    expect(qualityScore([apertium(sentence, 0, { pivots: 1 })])).toBe(60);
    expect(qualityScore([apertium(sentence, 0, { pivots: 2 })])).toBe(50);
    expect(qualityScore([apertium(sentence, 0, { repairedPlaceholders: 1 })])).toBe(65);
    expect(qualityScore([apertium(sentence, 0, { repairedPlaceholders: 9, pivots: 1 })])).toBe(40);
  });

  it("weights segments by their words", () => {
    const long = apertium("one two three four five six seven eight nine", 0); // 9 words, 70
    const short = apertium("unknown", 1); // 1 word, 0
    expect(qualityScore([long, short])).toBe(63);
  });

  it("uses each engine's baseline, suffixes after ':' included", () => {
    const signals = (engine: string, unknownWords: number | null) => ({ ...apertium("Four words right here.", 0), engine, unknownWords });
    expect(qualityScore([signals("libretranslate", 0)])).toBe(75);
    expect(qualityScore([signals("llm:premium", 0)])).toBe(85);
    expect(qualityScore([signals("tm", 0)])).toBe(100);
    expect(qualityScore([signals("something-new", 0)])).toBe(70);
  });

  it("ignores segments without words, and ignores caching", () => {
    expect(qualityScore([apertium("Saved.", 0), { ...apertium("{name}", 0), words: 0 }])).toBe(70);
    expect(qualityScore([apertium("Saved twice.", 0, { cached: true })])).toBe(70);
  });

  it("is null when no estimate is possible", () => {
    const llm: SegmentQualitySignals = { words: 5, unknownWords: null, pivots: 0, repairedPlaceholders: 0, engine: "llm" };
    expect(qualityScore([])).toBeNull();
    expect(qualityScore([llm, llm])).toBeNull();
    expect(qualityScore([{ ...apertium("", 0), words: 0 }])).toBeNull();
    // A signal on any segment makes an estimate possible.
    expect(qualityScore([llm, { ...llm, repairedPlaceholders: 1 }])).toBe(83);
    expect(qualityScore([llm, apertium("one two three four five", 5)])).toBe(43);
  });

  it("is an integer from 0 to 100 and never rises with more unknown words, pivots or repairs (5,000 random cases)", () => {
    const next = random(31_337);
    const engines = ["apertium", "llm", "libretranslate", "tm", "other"];
    const randomSegment = (): SegmentQualitySignals => {
      const words = Math.floor(next() * 30);
      return {
        words,
        unknownWords: next() < 0.3 ? null : Math.floor(next() * (words + 3)),
        pivots: next() < 0.3 ? 1 : 0,
        repairedPlaceholders: Math.floor(next() * 6),
        engine: pick(next, engines),
      };
    };
    for (let run = 0; run < 5_000; run++) {
      const segments = Array.from({ length: 1 + Math.floor(next() * 6) }, randomSegment);
      const before = qualityScore(segments);
      const context = JSON.stringify(segments);
      if (before !== null) {
        expect(Number.isInteger(before), context).toBe(true);
        expect(before, context).toBeGreaterThanOrEqual(0);
        expect(before, context).toBeLessThanOrEqual(100);
      }
      const i = Math.floor(next() * segments.length);
      const target = segments[i];
      if (!target) continue;
      const worse = [
        { ...target, unknownWords: (target.unknownWords ?? 0) + 1 + Math.floor(next() * 5) },
        { ...target, pivots: target.pivots + 1 },
        { ...target, repairedPlaceholders: target.repairedPlaceholders + 1 },
      ];
      for (const changed of worse) {
        expect(segmentQuality(changed), context).toBeLessThanOrEqual(segmentQuality(target));
        const after = qualityScore(segments.map((s, j) => (j === i ? changed : s)));
        if (before !== null && after !== null) expect(after, context).toBeLessThanOrEqual(before);
      }
      // More unknown words on a segment that already reports them: strictly monotonic data path.
      if (target.unknownWords !== null && before !== null) {
        const after = qualityScore(segments.map((s, j) => (j === i ? { ...s, unknownWords: (target.unknownWords ?? 0) + 1 } : s)));
        expect(after, context).not.toBeNull();
        expect(after ?? Infinity, context).toBeLessThanOrEqual(before);
      }
    }
  });
});
