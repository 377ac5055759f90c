import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { filterFor } from "../../src/registry";
import { OPTIONS } from "../fixtures/ooxml-checks";
import { docx, pptx, sp } from "../fixtures/ooxml";

// Arrays as long as a document's paragraphs must never be spread into a call's arguments
// (`out.push(...segments)` overflows the stack past ~100,000 items); the error that escaped
// used to be reported as an unreadable file.
describe("documents with very many paragraphs or entries", () => {
  it("extracts a docx of 130,000 paragraphs", async () => {
    const n = 130_000;
    let body = "";
    for (let i = 0; i < n; i++) body += `<w:p><w:r><w:t>P${i}</w:t></w:r></w:p>`;
    const file = docx({ body });
    const filter = filterFor("docx");
    const segments = (await filter?.extract(file, OPTIONS)) ?? [];
    expect(segments).toHaveLength(n);
    expect(segments[n - 1]?.text).toBe(`P${n - 1}`);
  }, 120_000);

  it("extracts a slide of 130,000 paragraphs", async () => {
    const n = 130_000;
    let paragraphs = "";
    for (let i = 0; i < n; i++) paragraphs += `<a:p><a:r><a:t>P${i}</a:t></a:r></a:p>`;
    const segments = (await filterFor("pptx")?.extract(pptx([{ shapes: sp(paragraphs) }]), OPTIONS)) ?? [];
    expect(segments).toHaveLength(n);
  }, 120_000);

  it("refuses a package of more than 10,000 entries from its directory, naming the count", async () => {
    const base = docx({ body: "<w:p><w:r><w:t>Hello</w:t></w:r></w:p>" });
    const { unzipSync } = await import("fflate");
    const parts: Record<string, Uint8Array> = { ...unzipSync(base) };
    for (let i = 0; i < 10_001; i++) parts[`customXml/item${i}.xml`] = strToU8("<a/>");
    const error = await filterFor("docx")
      ?.extract(zipSync(parts, { level: 0 }), OPTIONS)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe("unsafe_file");
    expect((error as FormatError).message).toMatch(/has 10,?00[4-9] entries \(at most 10,?000/);
  });
});
