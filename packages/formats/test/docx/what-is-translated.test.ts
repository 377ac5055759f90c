import { describe, expect, it } from "vitest";

import { stripCodes } from "../../src/common/inline-codes";
import { docxFilter } from "../../src/docx/docx-filter";
import { OPTIONS, pseudo, translationsOf } from "../fixtures/ooxml-checks";
import { docx, unzipParts } from "../fixtures/ooxml";

// The rules of docs/documents.md, "What is translated, format by format", Word: a paragraph of
// docx4j's Bookmark_crossrefs.docx (a REF field), and Word's hidden and deleted runs.
const REF_FIELD =
  '<w:p w:rsidR="00E11351" w:rsidRDefault="00E11351"><w:pPr><w:rPr><w:lang w:val="en-AU"/></w:rPr></w:pPr><w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:t xml:space="preserve">Link to </w:t></w:r>' +
  '<w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:instrText xml:space="preserve"> REF targetBM \\h </w:instrText></w:r>' +
  '<w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:t>Target</w:t></w:r><w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:fldChar w:fldCharType="end"/></w:r>' +
  '<w:r><w:rPr><w:lang w:val="en-AU"/></w:rPr><w:t xml:space="preserve"> paragraph.</w:t></w:r></w:p>';
const HIDDEN_AND_DELETED =
  '<w:p><w:r><w:t xml:space="preserve">Shown text </w:t></w:r><w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden words</w:t></w:r>' +
  '<w:del w:id="1" w:author="Pandoc" w:date="2017-01-01T00:00:00Z"><w:r><w:delText>removed words</w:delText></w:r></w:del><w:r><w:t xml:space="preserve"> stays.</w:t></w:r></w:p>';

describe("Word: what is translated", () => {
  it("a field's result is translated, its instruction never; hidden and deleted text are kept as they are", async () => {
    const file = docx({ body: REF_FIELD + HIDDEN_AND_DELETED, header: "<w:p><w:r><w:t>Header text</w:t></w:r></w:p>" });
    const segments = await docxFilter.extract(file, OPTIONS);
    const texts = segments.map((s) => stripCodes(s.text));
    expect(texts).toContain("Link to Target paragraph.");
    expect(texts).toContain("Header text");
    expect(texts.join("\n")).not.toMatch(/REF|targetBM|hidden words|removed words/);
    const body =
      unzipParts(await docxFilter.merge(file, translationsOf(segments, pseudo), OPTIONS))["word/document.xml"] ?? "";
    for (const kept of [
      '<w:instrText xml:space="preserve"> REF targetBM \\h </w:instrText>',
      "<w:t>hidden words</w:t>",
      "<w:delText>removed words</w:delText>",
    ])
      expect(body).toContain(kept);
  });
});
