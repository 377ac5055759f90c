import { describe, expect, it } from "vitest";

import { pptxFilter } from "../../src/pptx/pptx-filter";
import { expectIdentityRoundTrip, expectPseudoRoundTrip, libreOfficeFile, OPTIONS } from "../fixtures/ooxml-checks";
import { A_NS, pptx, sp, unzipParts } from "../fixtures/ooxml";

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const p = (runs: string, end = '<a:endParaRPr lang="en-US" dirty="0"/>'): string =>
  `<a:p><a:pPr algn="l"/>${runs}${end}</a:p>`;
const r = (text: string, props = '<a:rPr lang="en-US" dirty="0"/>'): string => `<a:r>${props}<a:t>${text}</a:t></a:r>`;

const TABLE =
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tr h="370840">` +
  `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${p(r("Cell one"))}</a:txBody><a:tcPr/></a:tc>` +
  `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${p(r("Cell two"))}</a:txBody><a:tcPr/></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;

/** A series of a bar chart: its name and categories as cached strings, its values as numbers. */
const series = (col: string, name: string) =>
  `<c:ser><c:tx><c:strRef><c:f>Sheet1!$${col}$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>${name}</c:v></c:pt></c:strCache></c:strRef></c:tx>` +
  `<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$4</c:f><c:strCache><c:ptCount val="3"/><c:pt idx="0"><c:v>North &amp; East</c:v></c:pt><c:pt idx="1"><c:v>South</c:v></c:pt>` +
  `<c:pt idx="2"><c:v>2024</c:v></c:pt></c:strCache></c:strRef></c:cat>` +
  `<c:val><c:numRef><c:f>Sheet1!$${col}$2:$${col}$4</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="3"/><c:pt idx="0"><c:v>4.3</c:v></c:pt>` +
  `<c:pt idx="1"><c:v>2.5</c:v></c:pt><c:pt idx="2"><c:v>1</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>`;

const CHART =
  `${DECL}<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="${A_NS}"><c:chart><c:title><c:tx><c:rich><a:bodyPr/>` +
  `${p(r("Sales by region"), "")}</c:rich></c:tx></c:title><c:plotArea><c:barChart>${series("B", "Revenue")}${series("C", "Costs")}</c:barChart></c:plotArea></c:chart></c:chartSpace>`;

const DGM_DECLS = `xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="${A_NS}"`;
const SMARTART_DATA =
  `${DECL}<dgm:dataModel ${DGM_DECLS}><dgm:ptLst><dgm:pt modelId="{AAA}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/>${p(r("Plan"))}</dgm:t></dgm:pt>` +
  `<dgm:pt modelId="{BBB}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/>${p(r("Build"))}</dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`;
const SMARTART_DRAWING =
  `${DECL}<dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" xmlns:a="${A_NS}"><dsp:spTree>` +
  `<dsp:sp modelId="{AAA}"><dsp:txBody><a:bodyPr/>${p(r("Plan"))}</dsp:txBody></dsp:sp>` +
  `<dsp:sp modelId="{BBB}"><dsp:txBody><a:bodyPr/>${p(r("Build"))}</dsp:txBody></dsp:sp></dsp:spTree></dsp:drawing>`;

const deck = (): Uint8Array =>
  pptx([
    {
      shapes:
        sp(p(r("Quarterly review"))) +
        sp(
          p(
            `${r("First line")}<a:br><a:rPr lang="en-US"/></a:br>${r("second ")}${r("bold", '<a:rPr lang="en-US" b="1" dirty="0"/>')}${r(" end")}`,
          ),
        ) +
        sp(p(`${r("Slide ")}<a:fld id="{F1}" type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld>`)),
      notes: sp(p(r("Speaker notes here")), "Notes"),
    },
    {
      shapes: TABLE + sp(p(r("See chart"))),
      rels: [
        ["rId2", "chart", "../charts/chart1.xml"],
        ["rId3", "diagramData", "../diagrams/data1.xml"],
        ["rId4", "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing", "../diagrams/drawing1.xml"],
      ],
      parts: {
        "ppt/charts/chart1.xml": CHART,
        "ppt/diagrams/data1.xml": SMARTART_DATA,
        "ppt/diagrams/drawing1.xml": SMARTART_DRAWING,
      },
      overrides: {
        "ppt/charts/chart1.xml": "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
        "ppt/diagrams/data1.xml": "application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml",
        "ppt/diagrams/drawing1.xml": "application/vnd.ms-office.drawingml.diagramDrawing+xml",
      },
    },
    { shapes: sp(p(r("Hidden backup slide"))), hidden: true },
  ]);

describe("pptx extract", () => {
  it("reads slides in presentation order (not file order) with notes, tables, charts and SmartArt", async () => {
    const segments = await pptxFilter.extract(deck(), OPTIONS);
    expect(segments.map((s) => [s.context, s.text])).toEqual([
      ["ppt/slides/slide3.xml", "Quarterly review"],
      ["ppt/slides/slide3.xml", "First line<x1/>second <g2>bold</g2> end"],
      ["ppt/slides/slide3.xml", "Slide "],
      ["ppt/notesSlides/notesSlide3.xml", "Speaker notes here"],
      ["ppt/slides/slide2.xml", "Cell one"],
      ["ppt/slides/slide2.xml", "Cell two"],
      ["ppt/slides/slide2.xml", "See chart"],
      ["ppt/charts/chart1.xml", "Sales by region"],
      // Cached series and category names, each text once (numbers and years are not text).
      ["ppt/charts/chart1.xml", "Revenue"],
      ["ppt/charts/chart1.xml", "North & East"],
      ["ppt/charts/chart1.xml", "South"],
      ["ppt/charts/chart1.xml", "Costs"],
      ["ppt/diagrams/data1.xml", "Plan"],
      ["ppt/diagrams/data1.xml", "Build"],
      ["ppt/slides/slide1.xml", "Hidden backup slide"],
    ]);
  });
});

describe("pptx merge", () => {
  it("returns the same entries and bytes with the identity engine", async () => {
    await expectIdentityRoundTrip(pptxFilter, deck());
  });

  it("translates every paragraph and keeps fields, breaks, end-of-paragraph properties and chart caches", async () => {
    const { out } = await expectPseudoRoundTrip(pptxFilter, deck());
    const parts = unzipParts(out);
    const slide = parts["ppt/slides/slide3.xml"] ?? "";
    expect(slide).toContain('<a:fld id="{F1}" type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld>');
    expect(slide).toContain('<a:br><a:rPr lang="en-US"/></a:br>');
    expect(slide).toMatch(/<\/a:r><a:endParaRPr lang="en-US" dirty="0"\/><\/a:p>/);
    // Translated runs are marked with the target language (OPTIONS: es); kept markup keeps its own.
    expect(slide).toContain('<a:r><a:rPr lang="es" b="1" dirty="0"/><a:t>ƀóĺď~~</a:t></a:r>');
    // Series and category names are translated in every cache that holds them, alike; the
    // references, numbers and the year stay.
    const chart = parts["ppt/charts/chart1.xml"] ?? "";
    expect([...chart.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => m[1])).toEqual([
      "⟦Ŕéṽéñúé~~~⟧",
      "⟦Ñóŕţĥ &amp; Éášţ~~~~⟧",
      "⟦Šóúţĥ~~⟧",
      "2024",
      "4.3",
      "2.5",
      "1",
      "⟦Çóšţš~~⟧",
      "⟦Ñóŕţĥ &amp; Éášţ~~~~⟧",
      "⟦Šóúţĥ~~⟧",
      "2024",
      "4.3",
      "2.5",
      "1",
    ]);
    expect(chart).toContain("<c:f>Sheet1!$A$2:$A$4</c:f>");
    // SmartArt drawing follows its data part.
    expect(parts["ppt/diagrams/drawing1.xml"]).toContain("Ṗĺáñ");
    expect(parts["ppt/diagrams/drawing1.xml"]).not.toContain(">Plan<");
    // Untouched parts keep their exact bytes.
    expect(parts["ppt/presentation.xml"]).toBe(unzipParts(deck())["ppt/presentation.xml"]);
  });
});

describe("pptx text that grows", () => {
  const shape = (bodyPr: string, text: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Box"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody>${bodyPr}<a:lstStyle/>${p(r(text))}</p:txBody></p:sp>`;
  const slideOf = async (shapes: string, translate: (text: string) => string): Promise<string> => {
    const file = pptx([{ shapes }]);
    const segments = await pptxFilter.extract(file, OPTIONS);
    const out = await pptxFilter.merge(file, new Map(segments.map((s) => [s.id, translate(s.text)])), OPTIONS);
    return unzipParts(out)["ppt/slides/slide1.xml"] ?? "";
  };
  const longer = (t: string) => `${t} ${t}`;

  it("asks PowerPoint to shrink a text body without an autofit setting whose translation is notably longer", async () => {
    const slide = await slideOf(
      shape("<a:bodyPr/>", "Short title") +
        shape(
          '<a:bodyPr wrap="square"><a:prstTxWarp prst="textNoShape"><a:avLst/></a:prstTxWarp><a:scene3d/></a:bodyPr>',
          "Warped text",
        ),
      longer,
    );
    // In schema order: after prstTxWarp, before scene3d.
    expect(slide).toContain("<a:bodyPr><a:normAutofit/></a:bodyPr>");
    expect(slide).toContain(
      '<a:bodyPr wrap="square"><a:prstTxWarp prst="textNoShape"><a:avLst/></a:prstTxWarp><a:normAutofit/><a:scene3d/></a:bodyPr>',
    );
  });

  it("leaves a body alone that sets its own autofit, or whose translation is about as long", async () => {
    // The schema's spelling (`spAutoFit`) and a real deck's bodies (python-pptx, ShapeCrawler).
    const own = [
      '<a:bodyPr wrap="square" rtlCol="0"><a:spAutoFit/></a:bodyPr>',
      '<a:bodyPr vert="horz" wrap="square" lIns="0" tIns="0" rIns="0" bIns="0" rtlCol="0"><a:spAutoFit /></a:bodyPr>',
      '<a:bodyPr wrap="none" anchor="ctr"><a:prstTxWarp prst="textNoShape"><a:avLst/></a:prstTxWarp><a:noAutofit/></a:bodyPr>',
      '<a:bodyPr><a:normAutofit fontScale="90000"/></a:bodyPr>',
    ];
    const slide = await slideOf(own.map((b) => shape(b, "Some words")).join(""), longer);
    for (const b of own) expect(slide).toContain(b);
    // The autofit children are a choice of one: none is added next to another.
    expect(slide).not.toMatch(/<a:normAutofit\/>/);
    for (const body of slide.match(/<a:bodyPr\b[^]*?<\/a:bodyPr>/g) ?? [])
      expect(body.match(/<a:(?:noAutofit|normAutofit|spAutoFit)\b/g)).toHaveLength(1);
    const same = await slideOf(shape("<a:bodyPr/>", "Some words"), (t) => t.toUpperCase());
    expect(same).toContain("<a:bodyPr/>");
    expect(same).toContain("SOME WORDS");
  });
});

describe("a file written by LibreOffice 7.4", () => {
  it("extracts its paragraphs and survives identity and pseudo-translation round trips", async () => {
    const file = libreOfficeFile("deck.pptx");
    const texts = (await pptxFilter.extract(file, OPTIONS)).map((s) => s.text);
    expect(texts).toEqual(
      expect.arrayContaining(["Welcome to the <g1>annual</g1> meeting", "Remember to thank the team.", "Growing fast"]),
    );
    await expectIdentityRoundTrip(pptxFilter, file);
    await expectPseudoRoundTrip(pptxFilter, file);
  });
});
