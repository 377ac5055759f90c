import { describe, expect, it } from "vitest";

import { docxFilter } from "../../src/docx/docx-filter";
import { OPTIONS } from "../fixtures/ooxml-checks";
import { docx, unzipParts } from "../fixtures/ooxml";

const paragraphs = (n: number): string =>
  Array.from({ length: n }, (_, i) => `<w:p><w:r><w:t>Line ${i + 1}</w:t></w:r></w:p>`).join("");

// Large stories are written (and compressed) paragraph by paragraph while they are read. When
// the fast scanner hands a part over to saxes part-way, what was written must start over.
describe("docx written while read", () => {
  it("gives the same document when the part is read again by saxes part-way", async () => {
    const plain = docx({ body: paragraphs(40) });
    // An element name outside ASCII: the fast scanner leaves the part to saxes after 20 paragraphs.
    const handedOver = docx({
      body: `${paragraphs(20)}<w:p><w:r><w:t>Line 21</w:t></w:r><x:ñ xmlns:x="urn:x"/></w:p>${paragraphs(40).slice(paragraphs(21).length)}`,
    });
    for (const file of [plain, handedOver]) {
      const segments = await docxFilter.extract(file, OPTIONS);
      expect(segments).toHaveLength(40);
      const translations = new Map(segments.map((s) => [s.id, s.text.replace("Line", "Línea")]));
      const out = await docxFilter.merge(file, translations, OPTIONS);
      const again = await docxFilter.extract(out, OPTIONS);
      expect(again.map((s) => s.text)).toEqual(segments.map((s) => s.text.replace("Line", "Línea")));
      expect((unzipParts(out)["word/document.xml"]?.match(/Línea/g) ?? []).length).toBe(40);
    }
  });
});
