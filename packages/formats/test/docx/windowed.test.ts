import { afterEach, describe, expect, it, vi } from "vitest";

import { docxFilter } from "../../src/docx/docx-filter";
import { FastScanner } from "../../src/xml/fast-scanner";
import { OoxmlPackage } from "../../src/ooxml/package";
import { STORY_WINDOW } from "../../src/ooxml/parts";
import { extractSegments } from "../../src/extract-segments";
import { type Segment } from "../../src/filter";
import { watchZipWork } from "../support/zip-work";
import {
  expectIdentityRoundTrip,
  expectPseudoRoundTrip,
  OPTIONS,
  pseudo,
  translationsOf,
} from "../fixtures/ooxml-checks";
import { docx, unzipParts, zipParts } from "../fixtures/ooxml";

const DEFAULT = { ...STORY_WINDOW };
// Windows of a few hundred characters (shorter than the root's start tag), fed by inflate steps
// of 64 compressed bytes (chunks end anywhere, also inside a multi-byte character), on every
// part however small.
const TINY = { above: 0, chars: 300, reserve: 200, step: 64 };
const WHOLE = { ...DEFAULT, above: Infinity };

afterEach(() => {
  Object.assign(STORY_WINDOW, DEFAULT);
  vi.restoreAllMocks();
});

const run = (text: string, props = ""): string =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;

/** Everything whose reading depends on more than one paragraph or on ancestors, many times over. */
function body(copies: number): string {
  const out: string[] = [];
  for (let i = 0; i < copies; i++) {
    out.push(
      `<w:p>${run(`Plain paragraph ${i} with Größe, 日本語 and 😀.`)}</w:p>`,
      `<w:p>${run("Read ")}<w:hyperlink r:id="rId2" w:history="1">${run(`the manual ${i}`, '<w:rStyle w:val="Hyperlink"/>')}</w:hyperlink>${run(" first.")}</w:p>`,
      // A complex field that begins in one paragraph and ends in the next.
      `<w:p>${run("Contents ")}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" </w:instrText></w:r>` +
        `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run(`Chapter ${i}`)}</w:p><w:p>${run("Chapter two")}<w:r><w:fldChar w:fldCharType="end"/></w:r>${run(" done.")}</w:p>`,
      `<w:p>${run("See ")}<w:fldSimple w:instr=" PAGE "><w:r><w:t>3</w:t></w:r></w:fldSimple>${run(` and &amp; more &lt;${i}&gt;.`)}</w:p>`,
      // Content controls around several paragraphs: their properties are read when each closes.
      `<w:sdt><w:sdtPr><w:alias w:val="Terms"/></w:sdtPr><w:sdtContent><w:p>${run(`Term one ${i}`)}</w:p><w:p>${run("Term two")}</w:p></w:sdtContent></w:sdt>`,
      `<w:sdt><w:sdtPr><w:dataBinding w:xpath="/root/t${i}" w:storeItemID="{1}"/></w:sdtPr><w:sdtContent><w:p>${run(`Bound title ${i}`)}</w:p><w:p>${run("Bound line")}</w:p></w:sdtContent></w:sdt>`,
      `<w:tbl><w:tr><w:tc><w:p>${run(`Cell A${i}`)}</w:p></w:tc><w:tc><w:p>${run("Cell B", "<w:b/>")}</w:p><w:p>${run("Cell B2")}</w:p></w:tc></w:tr></w:tbl>`,
      `<w:p>${run("Before the box ")}<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>` +
        `<w:p>${run(`Boxed words ${i}`)}</w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
        `<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent><w:p>${run(`Boxed words ${i}`)}</w:p></w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>${run("after it.")}</w:p>`,
      `<w:p>${run("Figure ")}<w:r><w:drawing><wp:inline><wp:docPr id="${i + 1}" name="Picture" descr="Sales chart ${i}"/></wp:inline></w:drawing></w:r></w:p>`,
      `<!-- a comment ${i} --><w:p><w:pPr><w:jc w:val="center"/></w:pPr></w:p>`,
    );
  }
  return out.join("");
}

async function extractAndMerge(file: Uint8Array, window: typeof STORY_WINDOW) {
  Object.assign(STORY_WINDOW, window);
  const segments = await docxFilter.extract(file, OPTIONS);
  const out = await docxFilter.merge(file, translationsOf(segments, pseudo), OPTIONS);
  return { segments, parts: unzipParts(out) };
}

describe("docx read in windows", () => {
  it("gives exactly the segments and the document of the whole-part read", async () => {
    const file = docx({ body: body(40) });
    const whole = await extractAndMerge(file, WHOLE);
    const cuts = vi.spyOn(FastScanner.prototype, "cut");
    const readWhole = vi.spyOn(OoxmlPackage.prototype, "largeText");
    const windowed = await extractAndMerge(file, TINY);
    // The part really was read in many windows (and never read whole after all).
    expect(cuts.mock.calls.length).toBeGreaterThan(50);
    expect(readWhole.mock.calls.filter(([part]) => part === "word/document.xml")).toEqual([]);
    expect(windowed.segments).toEqual(whole.segments);
    expect(windowed.parts["word/document.xml"] === whole.parts["word/document.xml"]).toBe(true);
    expect(windowed.parts).toEqual(whole.parts);
    // The data-bound control kept its text; the alt text and the field result were translated.
    expect(windowed.segments.some((s) => s.text.includes("Bound title"))).toBe(false);
    expect(windowed.parts["word/document.xml"]?.includes('descr="⟦Šáĺéš çĥáŕţ 7~')).toBe(true);
    expect(windowed.parts["word/document.xml"]?.includes("Bound title 7</w:t>")).toBe(true);
  });

  it("keeps an unchanged document byte-identical and round-trips a translation", async () => {
    Object.assign(STORY_WINDOW, TINY);
    const file = docx({ body: body(12) });
    await expectIdentityRoundTrip(docxFilter, file);
    const segments = await docxFilter.extract(file, OPTIONS);
    const out = await docxFilter.merge(
      file,
      translationsOf(segments, (t) => t),
      OPTIONS,
    );
    expect(Buffer.from(out).equals(Buffer.from(file))).toBe(true);
    await expectPseudoRoundTrip(docxFilter, file);
  });

  it("reads a part with a byte order mark, and writes it back with one", async () => {
    const parts = unzipParts(docx({ body: body(10) }));
    parts["word/document.xml"] = `\ufeff${parts["word/document.xml"] ?? ""}`;
    const file = zipParts(parts);
    const whole = await extractAndMerge(file, WHOLE);
    const windowed = await extractAndMerge(file, TINY);
    expect(windowed.segments).toEqual(whole.segments);
    expect(windowed.parts).toEqual(whole.parts);
  });

  it("waits for the rest of a tag, a comment or a paragraph longer than a window", async () => {
    const long =
      `<w:p><w:pPr><w:rPr><w:rFonts w:ascii="${"x".repeat(2000)}"/></w:rPr></w:pPr>${run("Long tag ahead.")}</w:p><!-- ${"c".repeat(1500)} -->` +
      `<w:p>${Array.from({ length: 60 }, (_, i) => run(`Sentence ${i} of a long paragraph. `)).join("")}</w:p>`;
    const file = docx({ body: body(6) + long + body(6) });
    const whole = await extractAndMerge(file, WHOLE);
    const readWhole = vi.spyOn(OoxmlPackage.prototype, "largeText");
    const windowed = await extractAndMerge(file, TINY);
    expect(readWhole.mock.calls.filter(([part]) => part === "word/document.xml")).toEqual([]);
    expect(windowed.segments).toEqual(whole.segments);
    expect(windowed.parts).toEqual(whole.parts);
  });

  it("refuses the same broken part with the same message", async () => {
    const file = docx({ body: `${body(6)}<w:p>${run("Unclosed")}</w:r></w:p>` });
    Object.assign(STORY_WINDOW, WHOLE);
    const whole = await docxFilter.extract(file, OPTIONS).catch((e: unknown) => e);
    Object.assign(STORY_WINDOW, TINY);
    const windowed = await docxFilter.extract(file, OPTIONS).catch((e: unknown) => e);
    expect(whole).toBeInstanceOf(Error);
    expect(windowed).toEqual(whole);
    expect((windowed as Error).message).toBe((whole as Error).message);
  });

  it("merges as the translations arrive, never reading one before it is there", async () => {
    const file = docx({
      body: body(30),
      header: `<w:p>${run("Header text")}</w:p>`,
      footnotes: `<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${run(" A footnote.")}</w:p></w:footnote>`,
    });
    for (const window of [TINY, WHOLE]) {
      Object.assign(STORY_WINDOW, window);
      const segments = await docxFilter.extract(file, OPTIONS);
      const all = translationsOf(segments, pseudo);
      const expected = unzipParts(await docxFilter.merge(file, all, OPTIONS));
      // Translations arrive in extract order, only as far as the merge asks.
      const arrived = new Map<string, string>();
      const early: string[] = [];
      const translations = {
        get: (id: string) => {
          if (!arrived.has(id)) early.push(id);
          return arrived.get(id);
        },
      } as ReadonlyMap<string, string>;
      const asked: number[] = [];
      const ready = async (n: number): Promise<void> => {
        asked.push(n);
        for (const s of segments.slice(arrived.size, Math.min(n, segments.length)))
          arrived.set(s.id, all.get(s.id) ?? "");
        await new Promise((resolve) => setImmediate(resolve));
      };
      const parts = unzipParts(await docxFilter.merge(file, translations, { ...OPTIONS, ready }));
      expect(early).toEqual([]);
      expect(parts).toEqual(expected);
      if (window === TINY) {
        // Read in windows, the body was merged while its segments were still coming in.
        expect(asked.filter((n) => n < segments.length / 4).length).toBeGreaterThan(5);
      }
    }
  });
});

describe("docx extract streamed to a sink", () => {
  it("hands over the segments of extract, in order, while the part is read, never holding many at once", async () => {
    const file = docx({ body: body(60) });
    const expected = await docxFilter.extract(file, OPTIONS);
    for (const window of [TINY, WHOLE]) {
      Object.assign(STORY_WINDOW, window);
      const got: Segment[] = [];
      const batches: number[] = [];
      // Bytes the part had inflated when each batch came: batches arrive while it inflates.
      const inflatedAt: number[] = [];
      const work = watchZipWork();
      await extractSegments(docxFilter, file, OPTIONS, async (batch) => {
        batches.push(batch.length);
        inflatedAt.push(work.bytesInflated());
        got.push(...batch);
        await Promise.resolve();
      });
      work.restore();
      expect(got).toEqual(expected);
      if (window === TINY) {
        // Windowed: many small batches, the first long before the part was all inflated.
        expect(batches.length).toBeGreaterThan(20);
        expect(Math.max(...batches)).toBeLessThan(expected.length / 10);
        expect(inflatedAt[0]).toBeLessThan(work.bytesInflated() / 4);
      }
    }
  });
});
