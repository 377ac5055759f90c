import { afterEach, describe, expect, it, vi } from "vitest";

import { extractSegments } from "../../src/extract-segments";
import { type Segment } from "../../src/filter";
import { OoxmlPackage } from "../../src/ooxml/package";
import { STORY_WINDOW } from "../../src/ooxml/parts";
import { pptxFilter } from "../../src/pptx/pptx-filter";
import { A_NS, pptx, type SlideSpec, sp, unzipParts } from "../fixtures/ooxml";
import { OPTIONS, pseudo, translationsOf } from "../fixtures/ooxml-checks";
import { TranslationPieces } from "../support/translation-pieces";
import { watchZipWork } from "../support/zip-work";

const DEFAULT = { ...STORY_WINDOW };
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the package as `this`
const largeText = OoxmlPackage.prototype.largeText;
afterEach(() => Object.assign(STORY_WINDOW, DEFAULT));

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const para = (text: string): string => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r></a:p>`;
const shapes = (slide: number, count: number, lines: number): string =>
  Array.from({ length: count }, (_, s) =>
    sp(Array.from({ length: lines }, (_, l) => para(`Line ${l} of shape ${s} on slide ${slide}`)).join("")),
  ).join("");

const CHART = (n: number): string =>
  `${DECL}<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="${A_NS}"><c:chart><c:title><c:tx><c:rich><a:bodyPr/>` +
  `${para(`Chart ${n} title`)}</c:rich></c:tx></c:title><c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>Revenue ${n}</c:v></c:pt></c:strCache></c:strRef></c:tx>` +
  `<c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>North</c:v></c:pt><c:pt idx="1"><c:v>South</c:v></c:pt></c:strCache></c:strRef></c:cat></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`;

/** Many slides, each with notes; every tenth with a chart. */
function manySlides(slides: number): Uint8Array {
  const specs: SlideSpec[] = [];
  for (let i = 0; i < slides; i++) {
    const chart = i % 10 === 3;
    specs.push({
      shapes: shapes(i, 3, 6),
      notes: sp(para(`Notes of slide ${i}`), "Notes"),
      ...(chart
        ? {
            rels: [["rId2", "chart", `../charts/chart${i}.xml`]],
            parts: { [`ppt/charts/chart${i}.xml`]: CHART(i) },
            overrides: {
              [`ppt/charts/chart${i}.xml`]: "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
            },
          }
        : {}),
    });
  }
  return pptx(specs);
}

async function streamed(file: Uint8Array) {
  const segments: Segment[] = [];
  const batches: number[] = [];
  const inflatedAt: number[] = [];
  // The slide and notes parts read whole so far, when each batch came.
  const partsRead: string[] = [];
  const partsReadAt: number[] = [];
  const read = vi.spyOn(OoxmlPackage.prototype, "largeText").mockImplementation(function (
    this: OoxmlPackage,
    part: string,
    max: number,
  ) {
    partsRead.push(part);
    return largeText.call(this, part, max);
  });
  const work = watchZipWork();
  await extractSegments(pptxFilter, file, OPTIONS, async (batch) => {
    batches.push(batch.length);
    inflatedAt.push(work.bytesInflated());
    partsReadAt.push(partsRead.length);
    for (const s of batch) segments.push(s);
    await Promise.resolve();
  });
  work.restore();
  read.mockRestore();
  return { segments, batches, inflatedAt, inflated: work.bytesInflated(), partsRead, partsReadAt };
}

/** The merge with every translation at once, and as a job runs it: pieces of `size`, paced. */
async function mergeBothWays(file: Uint8Array, segments: readonly Segment[], size: number) {
  const all = translationsOf(segments, pseudo);
  const whole = unzipParts(await pptxFilter.merge(file, all, OPTIONS));
  const pieces = new TranslationPieces(segments, all, size);
  const paced = unzipParts(await pptxFilter.merge(file, pieces.asMap(), { ...OPTIONS, ready: pieces.ready }));
  return { whole, paced, pieces };
}

const withoutHints = (parts: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(parts).map(([name, text]) => [
      name,
      text.replaceAll("<a:bodyPr><a:normAutofit/></a:bodyPr>", "<a:bodyPr/>"),
    ]),
  );

describe("pptx in bounded memory", () => {
  it("hands a presentation of many slides over a slide at a time and merges it reading the translations a piece at a time", async () => {
    const file = manySlides(150);
    const expected = await pptxFilter.extract(file, OPTIONS);
    const { segments, batches, partsRead, partsReadAt } = await streamed(file);
    expect(segments).toEqual(expected);
    // 150 slides of 18 paragraphs and their notes: never more than one part's segments at once,
    // each handed over as soon as its part was read.
    expect(segments.length).toBeGreaterThan(150 * 19);
    expect(Math.max(...batches)).toBeLessThanOrEqual(18);
    expect(partsRead.length).toBe(300 + 15);
    expect(partsReadAt.slice(0, 4)).toEqual([1, 2, 3, 4]);

    const { whole, paced, pieces } = await mergeBothWays(file, segments, 256);
    expect(pieces.missed).toEqual([]);
    expect(pieces.mostHeld).toBeLessThanOrEqual(3);
    expect(paced).toEqual(whole);
    // Text bodies that grew got the autofit hint; the chart's captions were translated.
    expect(paced["ppt/slides/slide150.xml"]).toContain("<a:bodyPr><a:normAutofit/></a:bodyPr>");
    expect(paced["ppt/charts/chart3.xml"]).toMatch(/<c:v>⟦Ŕéṽéñ\S+ 3~+⟧<\/c:v>/);
  });

  it("reads a large slide in windows as it inflates, with the same segments, and merges it a piece at a time", async () => {
    const file = pptx([
      { shapes: shapes(0, 200, 12), notes: sp(para("The notes"), "Notes") },
      { shapes: shapes(1, 2, 2) },
    ]);
    const expected = await pptxFilter.extract(file, OPTIONS);
    const whole = await mergeBothWays(file, expected, 512);
    Object.assign(STORY_WINDOW, { above: 0, chars: 4000, reserve: 2000, step: 256 });
    const { segments, batches, inflatedAt, inflated } = await streamed(file);
    expect(segments).toEqual(expected);
    expect(batches.length).toBeGreaterThan(50);
    expect(Math.max(...batches)).toBeLessThan(expected.length / 20);
    expect(inflatedAt[0]).toBeLessThan(inflated / 4);

    // Pieces larger than a window's worth of paragraphs, as in a job (4,096 segments, 64K-character windows).
    const windowed = await mergeBothWays(file, segments, 512);
    expect(windowed.pieces.missed).toEqual([]);
    expect(windowed.pieces.mostHeld).toBeLessThanOrEqual(3);
    expect(windowed.paced).toEqual(windowed.whole);
    // A text body a window cuts through gets no autofit hint; everything else is the same.
    expect(withoutHints(windowed.paced)).toEqual(withoutHints(whole.whole));
    const hints = (parts: Record<string, string>) =>
      (parts["ppt/slides/slide2.xml"]?.match(/<a:normAutofit\/>/g) ?? []).length;
    expect(hints(whole.whole)).toBe(200);
    expect(hints(windowed.paced)).toBeGreaterThan(100);
  });
});
