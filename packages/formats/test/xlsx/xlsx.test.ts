import { describe, expect, it } from "vitest";

import { xlsxFilter } from "../../src/xlsx/xlsx-filter";
import { expectIdentityRoundTrip, expectPseudoRoundTrip, libreOfficeFile, OPTIONS } from "../fixtures/ooxml-checks";
import { A_NS, S_NS, unzipParts, xlsx } from "../fixtures/ooxml";

const SST = [
  "<si><t>Name</t></si>", // 0: table header, and a body cell
  "<si><t>Amount</t></si>", // 1: table header only
  "<si><t>Apple</t></si>", // 2: a visible and a hidden sheet
  '<si><r><t xml:space="preserve">Fresh </t></r><r><rPr><b/><sz val="11"/></rPr><t>green</t></r><r><t xml:space="preserve"> pears</t></r></si>', // 3: rich
  "<si><t>Line one_x000D_\nLine two</t></si>", // 4: an escaped carriage return
  '<si><t>Tokyo office</t><rPh sb="0" eb="5"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>', // 5: phonetic run
  "<si><t>Unused string</t></si>", // 6: no cell uses it
];

const book = (): Uint8Array =>
  xlsx(
    [
      {
        name: "Prices",
        rows:
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>5</v></c><c r="C2" t="str"><f>A2&amp;" pie"</f><v>Apple pie</v></c>' +
          '<c r="D2" t="inlineStr"><is><t>Inline text</t></is></c><c r="E2" t="s"><v>3</v></c><c r="F2" t="s"><v>4</v></c><c r="G2" t="s"><v>5</v></c></row>' +
          '<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3"><v>7</v></c></row>',
        table:
          'id="1" name="Prices" displayName="Prices" ref="A1:B3"><autoFilter ref="A1:B3"/><tableColumns count="2">' +
          '<tableColumn id="1" name="Name"/><tableColumn id="2" name="Amount"/></tableColumns>',
        rels: [
          ["rId2", "comments", "../comments1.xml"],
          ["rId3", "drawing", "../drawings/drawing1.xml"],
        ],
        parts: {
          "xl/comments1.xml": `<?xml version="1.0"?><comments xmlns="${S_NS}"><authors><author>Ann</author></authors><commentList><comment ref="A2" authorId="0"><text><r><rPr><b/></rPr><t>Ann:</t></r><r><t xml:space="preserve"> check price</t></r></text></comment></commentList></comments>`,
          "xl/drawings/drawing1.xml": `<?xml version="1.0"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="${A_NS}"><xdr:twoCellAnchor><xdr:sp><xdr:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Text box note</a:t></a:r></a:p></xdr:txBody></xdr:sp></xdr:twoCellAnchor></xdr:wsDr>`,
        },
      },
      {
        name: "Lookup",
        state: "hidden",
        rows: '<row r="1"><c r="A1" t="s"><v>2</v></c><c r="B1" t="inlineStr"><is><t>Hidden inline</t></is></c></row>',
      },
    ],
    SST,
    { definedNames: '<definedNames><definedName name="Fruit">Prices!$A$2</definedName></definedNames>' },
  );

describe("xlsx extract", () => {
  it("sends shared and inline strings of visible cells, never formulas, caches, numbers or names", async () => {
    const segments = await xlsxFilter.extract(book(), OPTIONS);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["xl/sharedStrings.xml#0", "Name"],
      ["xl/sharedStrings.xml#2", "Apple"],
      ["xl/sharedStrings.xml#3", "Fresh <g1>green</g1> pears"],
      ["xl/sharedStrings.xml#4", "Line one<x1/>\nLine two"],
      ["xl/sharedStrings.xml#5", "Tokyo office"],
      ["xl/worksheets/sheet1.xml#D2", "Inline text"],
      ["xl/comments1.xml#1", "<g1>Ann:</g1> check price"],
      ["xl/drawings/drawing1.xml#1", "Text box note"],
    ]);
    expect(segments.every((s) => s.maxLength === 32_767)).toBe(true);
  });
});

describe("xlsx merge", () => {
  it("returns the same entries and bytes with the identity engine", async () => {
    await expectIdentityRoundTrip(xlsxFilter, book());
  });

  it("translates strings, keeps codes, rPh and escapes, and denormalizes strings excluded cells share", async () => {
    const { out } = await expectPseudoRoundTrip(xlsxFilter, book());
    const parts = unzipParts(out);
    const sst = parts["xl/sharedStrings.xml"] ?? "";
    const sheet1 = parts["xl/worksheets/sheet1.xml"] ?? "";
    const sheet2 = parts["xl/worksheets/sheet2.xml"] ?? "";

    expect(sst).toContain(
      '<si><t xml:space="preserve">⟦Ĺíñé óñé~~~</t></si>'.replace("</t></si>", "_x000D_\nĹíñé ţŵó~~~⟧</t></si>"),
    );
    expect(sst).toContain('<rPh sb="0" eb="5"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>');
    expect(sst).toContain('<r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">ĝŕééñ~~</t></r>');
    // "Name" (table header and body) and "Apple" (visible and hidden) get source copies at 7 and 8.
    expect(sst).toMatch(/<si><t>Name<\/t><\/si><si><t>Apple<\/t><\/si><\/sst>$/);
    expect(sst).toContain('count="7" uniqueCount="9"');
    expect(sst).toContain("<si><t>Amount</t></si>");
    expect(sst).toContain("<si><t>Unused string</t></si>");
    // The header cell points at the source copy, so tableColumn@name still matches it;
    // the body cell that shared the string points at the translation.
    expect(sheet1).toContain('<c r="A1" t="s"><v>7</v></c><c r="B1" t="s"><v>1</v></c>');
    expect(sheet1).toContain('<c r="A3" t="s"><v>0</v></c>');
    expect(parts["xl/tables/table1.xml"]).toContain('<tableColumn id="1" name="Name"/>');
    expect(sheet2).toContain('<c r="A1" t="s"><v>8</v></c><c r="B1" t="inlineStr"><is><t>Hidden inline</t></is></c>');
    // Formulas and their cached results, workbook names: untouched.
    expect(sheet1).toContain('<c r="C2" t="str"><f>A2&amp;" pie"</f><v>Apple pie</v></c>');
    expect(sheet1).toContain('<c r="D2" t="inlineStr"><is><t xml:space="preserve">⟦Íñĺíñé ţéẋţ~~~~⟧</t></is></c>');
    expect(parts["xl/workbook.xml"]).toBe(unzipParts(book())["xl/workbook.xml"]);
  });

  it("escapes a literal _xHHHH_ in a translation so Excel does not decode it", async () => {
    const out = await xlsxFilter.merge(book(), new Map([["xl/sharedStrings.xml#2", "Code _x0041_ here"]]), OPTIONS);
    expect(unzipParts(out)["xl/sharedStrings.xml"]).toContain('<t xml:space="preserve">Code _x005F_x0041_ here</t>');
  });
});

describe("a file written by LibreOffice 7.4", () => {
  it("extracts its paragraphs and survives identity and pseudo-translation round trips", async () => {
    const file = libreOfficeFile("sales.xlsx");
    const texts = (await xlsxFilter.extract(file, OPTIONS)).map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(["Region", "Good growth this year", "Prices include tax."]));
    await expectIdentityRoundTrip(xlsxFilter, file);
    await expectPseudoRoundTrip(xlsxFilter, file);
  });
});
