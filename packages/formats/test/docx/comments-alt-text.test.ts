import { describe, expect, it } from "vitest";

import { docxFilter } from "../../src/docx/docx-filter";
import { expectIdentityRoundTrip, OPTIONS } from "../fixtures/ooxml-checks";
import { docx, unzipParts, W_NS } from "../fixtures/ooxml";

const picture = (descr: string): string =>
  `<w:r><w:drawing><wp:inline><wp:extent cx="1" cy="1"/><wp:docPr id="1" name="Picture 1" descr="${descr}"/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"/></a:graphic></wp:inline></w:drawing></w:r>`;

const COMMENTS =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:comments xmlns:w="${W_NS}">` +
  `<w:comment w:id="0" w:author="Ann" w:date="2024-01-02T00:00:00Z" w:initials="A"><w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr>` +
  `<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r><w:r><w:t>Check this figure.</w:t></w:r></w:p></w:comment></w:comments>`;

const file = (): Uint8Array =>
  docx({
    body:
      `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Sales grew.</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>` +
      `<w:p>${picture("A bar chart of sales &amp; costs&#xA;by year")}<w:r><w:t>Figure 1</w:t></w:r></w:p>` +
      `<w:p>${picture("Company logo")}</w:p>`,
    rels: [["rId5", "comments", "comments.xml"]],
    extraParts: { "word/comments.xml": COMMENTS },
  });

describe("docx comments and alt text", () => {
  it("extracts comment paragraphs and pictures' alt text (wp:docPr@descr) as segments", async () => {
    const segments = await docxFilter.extract(file(), OPTIONS);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["word/document.xml#1", "Sales grew."],
      ["word/document.xml#2", "Figure 1"],
      ["word/document.xml#descr1", "A bar chart of sales & costs\nby year"],
      ["word/document.xml#descr2", "Company logo"],
      ["word/comments.xml#1", "Check this figure."],
    ]);
  });

  it("writes translated alt text into the attribute, escaped, next to a rewritten paragraph", async () => {
    const translations = new Map([
      ["word/document.xml#2", "Figura 1"],
      ["word/document.xml#descr1", 'Un gráfico de "ventas" & costes\npor año'],
      ["word/document.xml#descr2", "Logotipo"],
      ["word/comments.xml#1", "Comprueba esta figura."],
    ]);
    const parts = unzipParts(await docxFilter.merge(file(), translations, OPTIONS));
    const doc = parts["word/document.xml"] ?? "";
    expect(doc).toContain(
      `<wp:docPr id="1" name="Picture 1" descr="Un gráfico de &quot;ventas&quot; &amp; costes&#xA;por año"/>`,
    );
    expect(doc).toContain(`<wp:docPr id="1" name="Picture 1" descr="Logotipo"/>`);
    expect(doc).toContain("Figura 1</w:t>");
    expect(doc).toContain("<w:t>Sales grew.</w:t>");
    expect(parts["word/comments.xml"]).toContain(
      `<w:annotationRef/></w:r><w:r><w:t xml:space="preserve">Comprueba esta figura.</w:t></w:r>`,
    );
    // Read back, the alt text is the translation.
    const again = await docxFilter.extract(
      new Uint8Array(await docxFilter.merge(file(), translations, OPTIONS)),
      OPTIONS,
    );
    expect(again.find((s) => s.id === "word/document.xml#descr1")?.text).toBe(
      'Un gráfico de "ventas" & costes\npor año',
    );
  });

  it("gives back the same bytes with the identity engine", async () => {
    await expectIdentityRoundTrip(docxFilter, file());
  });
});
