import { describe, expect, it } from "vitest";

import { xlsxFilter } from "../../src/xlsx/xlsx-filter";
import { OPTIONS } from "../fixtures/ooxml-checks";
import { xlsx } from "../fixtures/ooxml";

// The rules of docs/documents.md, "What is translated, format by format", Excel: cells as Apache
// Tika's testEXCEL.xlsx and an ExcelJS table write them.
describe("Excel: what is translated", () => {
  it("shared strings of visible cells are translated; formulas, cached results, numbers, sheet names, hidden sheets and table headers are not", async () => {
    const file = xlsx(
      [
        {
          name: "Sample Sheet",
          rows:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
            '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>2.5</v></c></row>' +
            '<row r="3"><c r="A3" t="str"><f>CONCATENATE("Total ","sales")</f><v>Total sales</v></c><c r="B3"><f>SUM(B2:B2)</f><v>2.5</v></c></row>',
          table:
            'id="1" name="Table1" displayName="Table1" ref="A1:B2"><tableColumns count="2"><tableColumn id="1" name="Vessel name"/><tableColumn id="2" name="Quantity"/></tableColumns>',
        },
        { name: "Lookup", state: "hidden", rows: '<row r="1"><c r="A1" t="s"><v>3</v></c></row>' },
      ],
      ["Vessel name", "Quantity", "Coal for the power station", "Hidden lookup value"].map(
        (t) => `<si><t>${t}</t></si>`,
      ),
    );
    const segments = await xlsxFilter.extract(file, OPTIONS);
    expect(segments.map((s) => s.text)).toEqual(["Coal for the power station"]);
  });
});
