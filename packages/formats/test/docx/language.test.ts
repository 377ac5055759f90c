import { describe, expect, it } from "vitest";

import { docxFilter } from "../../src/docx/docx-filter";
import { pptxFilter } from "../../src/pptx/pptx-filter";
import { docx, pptx, sp, unzipParts } from "../fixtures/ooxml";

const body =
  `<w:p><w:r><w:rPr><w:b/><w:lang w:val="en-US" w:eastAsia="zh-CN" w:bidi="ar-SA"/></w:rPr><w:t>Hello world</w:t></w:r></w:p>` +
  `<w:p><w:r><w:rPr><w:i/></w:rPr><w:t>No language here</w:t></w:r></w:p>` +
  `<w:p><w:r><w:rPr><w:lang w:val="en-US"/></w:rPr><w:t>Untranslated</w:t></w:r></w:p>`;

async function translateDocx(targetLang: string): Promise<string> {
  const file = docx({ body });
  const translations = new Map([
    ["word/document.xml#1", "Hola mundo"],
    ["word/document.xml#2", "Sin idioma"],
  ]);
  const out = await docxFilter.merge(file, translations, { sourceLang: "en", targetLang });
  return unzipParts(out)["word/document.xml"] ?? "";
}

// Word spell-checks, hyphenates and picks fonts by the run's language: a translated run must
// not stay marked as English.
describe("target language on translated runs", () => {
  it("docx: sets the w:lang slot of the target's script on runs that have w:lang, and only on translated runs", async () => {
    const xml = await translateDocx("es-ES");
    expect(xml).toContain(
      `<w:rPr><w:b/><w:lang w:val="es-ES" w:eastAsia="zh-CN" w:bidi="ar-SA"/></w:rPr><w:t xml:space="preserve">Hola mundo</w:t>`,
    );
    expect(xml).toContain(`<w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Sin idioma</w:t>`);
    expect(xml).toContain(`<w:r><w:rPr><w:lang w:val="en-US"/></w:rPr><w:t>Untranslated</w:t></w:r>`);

    expect(await translateDocx("ja")).toContain(`<w:lang w:val="en-US" w:eastAsia="ja" w:bidi="ar-SA"/>`);
  });

  it("docx: a right-to-left target sets w:bidi and adds w:rtl before w:lang", async () => {
    const xml = await translateDocx("he");
    expect(xml).toContain(
      `<w:rPr><w:b/><w:rtl/><w:lang w:val="en-US" w:eastAsia="zh-CN" w:bidi="he"/></w:rPr><w:t xml:space="preserve">Hola mundo</w:t>`,
    );
    expect(xml).toContain(`<w:rPr><w:i/><w:rtl/></w:rPr><w:t xml:space="preserve">Sin idioma</w:t>`);
  });

  it("pptx: sets a:rPr@lang where the run has one", async () => {
    const file = pptx([
      {
        shapes: sp(
          `<a:p><a:r><a:rPr lang="en-US" altLang="en-GB" dirty="0"/><a:t>Quarterly results</a:t></a:r></a:p><a:p><a:r><a:rPr b="1"/><a:t>Bold</a:t></a:r></a:p>`,
        ),
      },
    ]);
    const segments = await pptxFilter.extract(file, { sourceLang: "en", targetLang: "de" });
    const translations = new Map(segments.map((s) => [s.id, s.text === "Bold" ? "Fett" : "Quartalsergebnisse"]));
    const parts = unzipParts(await pptxFilter.merge(file, translations, { sourceLang: "en", targetLang: "de" }));
    const slide = Object.entries(parts).find(([name]) => /slides\/slide\d+\.xml$/.test(name))?.[1] ?? "";
    expect(slide).toContain(`<a:rPr lang="de" altLang="en-GB" dirty="0"/><a:t>Quartalsergebnisse</a:t>`);
    expect(slide).toContain(`<a:rPr b="1"/><a:t>Fett</a:t>`);
  });
});
