import { afterEach, describe, expect, it } from "vitest";

import { extractSegments } from "../../src/extract-segments";
import { type Segment } from "../../src/filter";
import { STORY_WINDOW } from "../../src/ooxml/parts";
import { xlsxFilter } from "../../src/xlsx/xlsx-filter";
import { unzipParts, xlsx } from "../fixtures/ooxml";
import { OPTIONS, pseudo, translationsOf } from "../fixtures/ooxml-checks";
import { TranslationPieces } from "../support/translation-pieces";
import { watchZipWork } from "../support/zip-work";

const DEFAULT = { ...STORY_WINDOW };
afterEach(() => Object.assign(STORY_WINDOW, DEFAULT));
/** Every part read in windows of a few thousand characters, as a part of megabytes would be. */
const WINDOWED = { above: 0, chars: 4000, reserve: 2000, step: 256 };

const STRINGS = 20_000;

/**
 * A huge shared-string table: a visible sheet uses every string but the last hundred, some
 * rows without `r` (references computed), a hidden sheet shares a few strings with it (copied),
 * and inline strings follow.
 */
function hugeTable(): Uint8Array {
  const strings = Array.from({ length: STRINGS }, (_, i) =>
    i % 7 === 0
      ? `<si><r><t xml:space="preserve">Item </t></r><r><rPr><b/></rPr><t>${i}</t></r></si>`
      : `<si><t>Item number ${i}</t></si>`,
  );
  const rows: string[] = [];
  for (let i = 0; i < STRINGS - 100; i++) {
    const r = i % 50 === 0 ? "" : ` r="${i + 1}"`;
    const ref = (col: string) => (r ? ` r="${col}${i + 1}"` : "");
    rows.push(
      `<row${r}><c${ref("A")} t="s"><v>${i}</v></c><c${ref("B")}><v>${i * 2}</v></c>${i % 1000 === 5 ? `<c${ref("C")} t="inlineStr"><is><t>Inline ${i}</t></is></c>` : ""}</row>`,
    );
  }
  return xlsx(
    [
      { name: "Data", rows: rows.join("") },
      {
        name: "Lookup",
        state: "hidden",
        rows: '<row r="1"><c r="A1" t="s"><v>3</v></c><c r="A2" t="s"><v>19000</v></c></row>',
      },
    ],
    strings,
  );
}

async function streamed(file: Uint8Array) {
  const segments: Segment[] = [];
  const batches: number[] = [];
  const inflatedAt: number[] = [];
  const work = watchZipWork();
  await extractSegments(xlsxFilter, file, OPTIONS, async (batch) => {
    batches.push(batch.length);
    inflatedAt.push(work.bytesInflated());
    for (const s of batch) segments.push(s);
    await Promise.resolve();
  });
  work.restore();
  return { segments, batches, inflatedAt, inflated: work.bytesInflated() };
}

async function mergeBothWays(file: Uint8Array, segments: readonly Segment[], size: number) {
  const all = translationsOf(segments, pseudo);
  const whole = unzipParts(await xlsxFilter.merge(file, all, OPTIONS));
  const pieces = new TranslationPieces(segments, all, size);
  const paced = unzipParts(await xlsxFilter.merge(file, pieces.asMap(), { ...OPTIONS, ready: pieces.ready }));
  return { whole, paced, pieces };
}

describe("xlsx in bounded memory", () => {
  it("hands a huge shared-string table over as it inflates and merges it reading the translations a piece at a time", async () => {
    const file = hugeTable();
    const expected = await xlsxFilter.extract(file, OPTIONS);
    expect(expected).toHaveLength(STRINGS - 100 + 20);
    expect(expected.at(-1)).toEqual({
      id: "xl/worksheets/sheet1.xml#C19006",
      text: "Inline 19005",
      context: "xl/worksheets/sheet1.xml",
      maxLength: 32_767,
    });
    // Row 51 has no `r`: its cells' references are counted.
    expect(expected.find((s) => s.text === "Inline 5005")?.id).toBe("xl/worksheets/sheet1.xml#C5006");
    const whole = await mergeBothWays(file, expected, 2048);

    Object.assign(STORY_WINDOW, WINDOWED);
    const { segments, batches, inflatedAt, inflated } = await streamed(file);
    expect(segments).toEqual(expected);
    // The sheets are read first (for the strings their cells use), then the table: its segments
    // came in many small batches, the first while most of it was still to inflate.
    const sst = unzipParts(file)["xl/sharedStrings.xml"]?.length ?? 0;
    expect(batches.length).toBeGreaterThan(100);
    expect(Math.max(...batches)).toBeLessThan(STRINGS / 50);
    expect(inflatedAt[0]).toBeLessThan(inflated - sst / 2);

    const windowed = await mergeBothWays(file, segments, 2048);
    expect(windowed.pieces.missed).toEqual([]);
    expect(windowed.pieces.mostHeld).toBeLessThanOrEqual(3);
    // Read whole (a part under STORY_WINDOW.above), the table waits for all its translations.
    expect(whole.pieces.missed).toEqual([]);
    expect(whole.paced).toEqual(whole.whole);
    expect(windowed.paced).toEqual(windowed.whole);

    // The strings the hidden sheet shares were copied after the table and its cells repointed;
    // a table written out as it is read keeps its uniqueCount, one read whole gets the new one.
    for (const parts of [whole.paced, windowed.paced]) {
      expect(parts["xl/sharedStrings.xml"]).toMatch(
        /<si><t>Item number 3<\/t><\/si><si><t>Item number 19000<\/t><\/si><\/sst>$/,
      );
      expect(parts["xl/sharedStrings.xml"]).toMatch(/<si><t xml:space="preserve">⟦Íţéṁ ñ\S+ 3~+⟧<\/t><\/si>/);
      expect(parts["xl/worksheets/sheet2.xml"]).toContain(
        `<c r="A1" t="s"><v>${STRINGS}</v></c><c r="A2" t="s"><v>${STRINGS + 1}</v></c>`,
      );
    }
    expect(whole.paced["xl/sharedStrings.xml"]).toContain(`uniqueCount="${STRINGS + 2}"`);
    expect(windowed.paced["xl/sharedStrings.xml"]).toContain(`uniqueCount="${STRINGS}"`);
    const { "xl/sharedStrings.xml": a, ...restWhole } = whole.paced;
    const { "xl/sharedStrings.xml": b, ...restWindowed } = windowed.paced;
    expect(restWindowed).toEqual(restWhole);
    expect(b?.replace(`uniqueCount="${STRINGS}"`, `uniqueCount="${STRINGS + 2}"`)).toBe(a);
  });
});
