import { describe, expect, it } from "vitest";

import { pptxFilter } from "../../src/pptx/pptx-filter";
import { OPTIONS } from "../fixtures/ooxml-checks";
import { A_NS, pptx, sp } from "../fixtures/ooxml";

// The rules of docs/documents.md, "What is translated, format by format", PowerPoint: slide
// text, notes and a slide-number field, as python-pptx's and ShapeCrawler's decks write them.
describe("PowerPoint: what is translated", () => {
  it("slides and notes are translated; a field's text, alt text and shape names are not", async () => {
    const picture =
      '<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture 3" descr="A chart of yearly sales"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill/><p:spPr/></p:pic>';
    const file = pptx([
      {
        shapes:
          sp(
            '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Health information management</a:t></a:r></a:p>',
            "Title 1",
          ) +
          sp(
            '<a:p><a:r><a:rPr lang="en-US"/><a:t xml:space="preserve">Slide </a:t></a:r><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld></a:p>',
            "Slide Number",
          ) +
          picture,
        notes: sp(
          '<a:p><a:r><a:rPr lang="en-US"/><a:t>Speaker notes for the first slide</a:t></a:r></a:p>',
          "Notes Placeholder 2",
        ),
      },
    ]);
    const segments = await pptxFilter.extract(file, OPTIONS);
    // The field at the paragraph's end stays out of the segment, in place.
    expect(segments.map((s) => s.text)).toEqual([
      "Health information management",
      "Slide ",
      "Speaker notes for the first slide",
    ]);
  });

  it("a chart's cached names are translated, except the default names Office gives new data (python-pptx's chart deck)", async () => {
    const cached = (names: string[]) =>
      `<c:strCache><c:ptCount val="${names.length}"/>${names.map((n, i) => `<c:pt idx="${i}"><c:v>${n}</c:v></c:pt>`).join("")}</c:strCache>`;
    const chart =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="${A_NS}"><c:chart><c:plotArea><c:barChart>` +
      `<c:ser><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f>${cached(["Series 1"])}</c:strRef></c:tx><c:cat><c:strRef><c:f>Sheet1!$A$2:$A$4</c:f>${cached(["Category 1", "Category 2", "North region"])}</c:strRef></c:cat></c:ser>` +
      "</c:barChart></c:plotArea></c:chart></c:chartSpace>";
    const file = pptx([
      {
        shapes: "",
        rels: [["rId2", "chart", "../charts/chart1.xml"]],
        parts: { "ppt/charts/chart1.xml": chart },
        overrides: { "ppt/charts/chart1.xml": "application/vnd.openxmlformats-officedocument.drawingml.chart+xml" },
      },
    ]);
    const segments = await pptxFilter.extract(file, OPTIONS);
    expect(segments.map((s) => s.text)).toEqual(["North region"]);
  });
});
