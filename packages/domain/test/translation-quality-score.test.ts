import { QUALITY_REASONS } from "@tolk/contract";
import { countWords } from "@tolk/engines";
import { describe, expect, it } from "vitest";

import { QUALITY_FEATURES, type QualityFeatureSpec, qualityFeatures } from "../src/translation/quality-features";
import {
  QUALITY_MODEL,
  type SegmentQualitySignals,
  applyCalibration,
  committedAcceptance,
  qualityReasons,
  qualityScore,
  segmentQuality,
  segmentQualityDetail,
} from "../src/translation/quality-score";
import { committedWritten } from "../src/translation/quality-written";
import { pick, random } from "./translation-helpers";

const apertium = (
  source: string,
  output: string,
  unknownWords: number,
  extra: Partial<SegmentQualitySignals> = {},
): SegmentQualitySignals => ({
  words: countWords(source),
  unknownWords,
  pivots: 0,
  repairedPlaceholders: 0,
  engine: "apertium",
  source,
  output,
  target: "es",
  ...extra,
});

const SENTENCES: readonly (readonly [string, string])[] = [
  ["The file could not be saved.", "El archivo no pudo ser guardado."],
  ["You've got three options to install Django:", "Tienes tres opciones para instalar Django:"],
  ["Free – In the App Store", "Libre – En la Tienda de Aplicación"],
  ["Delete %s permanently?", "¿Borrar %s permanentemente?"],
  ["Open", "Abierto"],
  ["Could not connect to server at 10.0.0.1 port 5432", "No podría conectar al servidor en 10.0.0.1 puerto 5432"],
];

const sentence = (i: number): readonly [string, string] => SENTENCES[i] ?? ["", ""];

describe("qualityScore", () => {
  it("scores an Apertium translation 0–100 as an integer, and a text of several segments as their word-weighted mean", () => {
    const long = apertium(...sentence(0), 0);
    const short = apertium(...sentence(4), 0);
    const a = segmentQuality(long);
    const b = segmentQuality(short);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(qualityScore([long, short])).toBe(
      Math.round(((a ?? 0) * long.words + (b ?? 0) * short.words) / (long.words + short.words)),
    );
  });

  it("costs less for an unknown product name than for an unknown common word", () => {
    const [source, output] = sentence(1);
    const name = apertium(source, output, 1);
    const common = apertium(
      "You've got three options to instal Django:",
      "Tienes tres opciones para instal Django:",
      1,
    );
    expect(segmentQuality(name)).toBeGreaterThan(segmentQuality(common) ?? 100);
  });

  it("gives an exact memory match 100 and a fuzzy one its match score", () => {
    const tm = (tmScore?: number): SegmentQualitySignals => ({
      words: 4,
      unknownWords: 0,
      pivots: 0,
      repairedPlaceholders: 0,
      engine: "tm",
      tmScore,
    });
    expect(qualityScore([tm()])).toBe(100);
    expect(qualityScore([tm(82)])).toBe(82);
  });

  it("has no estimate for engines that report nothing, nor for text without words", () => {
    const llm: SegmentQualitySignals = {
      words: 5,
      unknownWords: null,
      pivots: 0,
      repairedPlaceholders: 0,
      engine: "llm",
      source: "a b c d e",
      output: "a b c d e",
    };
    expect(qualityScore([])).toBeNull();
    expect(qualityScore([llm, llm])).toBeNull();
    expect(qualityScore([llm, { ...llm, repairedPlaceholders: 1 }])).toBeNull();
    expect(qualityScore([{ ...apertium("", "", 0), words: 0 }])).toBeNull();
    // Mixed: only the segments with an estimate count.
    const known = apertium(...sentence(0), 0);
    expect(qualityScore([llm, known])).toBe(qualityScore([known]));
  });

  it("names the risks that cost the most points", () => {
    const risky = apertium("Reticulate the splines", "Reticulate el splines", 2, { pivots: 1 });
    const reasons = qualityReasons([risky]);
    expect(reasons).toContain("unknown_common");
    expect(reasons).toContain("pivots");
    expect(qualityReasons([apertium(...sentence(0), 0)])).not.toContain("unknown_common");
  });

  it("scores wording no translator writes below the wording translators write, and says so", () => {
    // Same source, same engine signals: only the words differ (Apertium's "file" as a tool).
    const tool = apertium("Open file", "Lima abierta", 0);
    const human = apertium("Open file", "Abrir archivo", 0);
    expect(segmentQuality(tool)).toBeLessThan((segmentQuality(human) ?? 0) - 20);
    expect(segmentQualityDetail(tool)?.reasons.map((r) => r.feature)).toContain("unwritten_pairs");
    expect(segmentQualityDetail(human)?.reasons.map((r) => r.feature)).not.toContain("unwritten_pairs");
  });

  it("has a weight and a mean for every feature, and a public description of each as a reason", () => {
    const names = QUALITY_FEATURES.map((f) => f.name).sort();
    expect(Object.keys(QUALITY_MODEL.weights).sort()).toEqual(names);
    expect(Object.keys(QUALITY_MODEL.means).sort()).toEqual(names);
    expect(Object.keys(QUALITY_REASONS).sort()).toEqual(names.filter((n) => !n.startsWith("target_")));
  });

  it("keeps every risk weight at or below zero, and a calibration that never decreases", () => {
    for (const f of QUALITY_FEATURES)
      if (f.risk) expect(QUALITY_MODEL.weights[f.name] ?? 0, f.name).toBeLessThanOrEqual(0);
    let last = -Infinity;
    for (let raw = -50; raw <= 150; raw += 0.5) {
      const score = applyCalibration(raw, QUALITY_MODEL.calibration);
      expect(score).toBeGreaterThanOrEqual(last);
      last = score;
    }
  });

  it("names a feature as a reason only on the side its description says (5,000 random cases)", () => {
    const next = random(4_242);
    const specs = new Map((QUALITY_FEATURES as readonly QualityFeatureSpec[]).map((f) => [f.name, f]));
    const outputs = SENTENCES.map(([, output]) => output).concat(["Lima abierta", "Salva el documento"]);
    for (let run = 0; run < 5_000; run++) {
      const [source] = pick(next, SENTENCES);
      const segment = {
        ...apertium(source, pick(next, outputs), Math.floor(next() * 3)),
        pivots: next() < 0.3 ? 1 : 0,
        target: pick(next, ["es", "ca", "fr", "pt", "it"]),
      };
      const detail = segmentQualityDetail(segment);
      const features = qualityFeatures(
        {
          ...segment,
          unknownWords: segment.unknownWords ?? 0,
          source: segment.source ?? "",
          output: segment.output ?? "",
          target: segment.target,
        },
        committedAcceptance,
        committedWritten,
      );
      for (const { feature } of detail?.reasons ?? []) {
        const side = specs.get(feature)?.reason;
        const offset = features[feature] - (QUALITY_MODEL.means[feature] ?? 0);
        expect(side, feature).toBeDefined();
        expect(side === "high" ? offset > 0 : offset < 0, `${feature} in ${JSON.stringify(segment)}`).toBe(true);
      }
    }
  });

  it("is 0–100 and never rises with more unknown words, a pivot or more repairs (5,000 random cases)", () => {
    const next = random(31_337);
    const engines = ["apertium", "apertium", "apertium", "llm", "tm"];
    const targets = ["es", "ca", "fr", "pt", "it", "de"];
    const randomSegment = (): SegmentQualitySignals => {
      const [source, output] = pick(next, SENTENCES);
      const words = countWords(source);
      return {
        words,
        unknownWords: next() < 0.2 ? null : Math.floor(next() * (words + 3)),
        pivots: next() < 0.3 ? 1 : 0,
        repairedPlaceholders: Math.floor(next() * 6),
        engine: pick(next, engines),
        source,
        output,
        target: pick(next, targets),
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
      if (!target || target.unknownWords === null) continue;
      const worse = [
        { ...target, unknownWords: target.unknownWords + 1 + Math.floor(next() * 5) },
        { ...target, pivots: target.pivots + 1 },
        { ...target, repairedPlaceholders: target.repairedPlaceholders + 1 },
      ];
      for (const changed of worse) {
        expect(segmentQuality(changed) ?? 0, context).toBeLessThanOrEqual(segmentQuality(target) ?? 0);
        const after = qualityScore(segments.map((s, j) => (j === i ? changed : s)));
        expect(after, context).toBeLessThanOrEqual(before ?? 0);
      }
    }
  });
});
