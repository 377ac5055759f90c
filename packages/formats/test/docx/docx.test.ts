import { describe, expect, it } from "vitest";

import { docxFilter } from "../../src/docx/docx-filter";
import { FormatError } from "../../src/filter";
import {
  expectIdentityRoundTrip,
  expectPseudoRoundTrip,
  libreOfficeFile,
  OPTIONS,
  pseudo,
  translationsOf,
} from "../fixtures/ooxml-checks";
import { docx, unzipParts } from "../fixtures/ooxml";

const run = (text: string, props = ""): string =>
  `<w:r${props.includes("rsid") ? "" : ' w:rsidR="00AB12CD"'}>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;

/** One paragraph per nasty case of the notes (§5), in this order. */
const NASTY = {
  noisyRuns:
    `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr>` +
    `<w:r w:rsidR="001"><w:rPr><w:lang w:val="en-US"/></w:rPr><w:t>The quick </w:t></w:r>` +
    `<w:proofErr w:type="spellStart"/><w:r w:rsidRPr="002"><w:rPr><w:lang w:val="en-GB"/><w:noProof/></w:rPr><w:t>brwn</w:t></w:r><w:proofErr w:type="spellEnd"/>` +
    `<w:r><w:lastRenderedPageBreak/><w:t xml:space="preserve"> fox </w:t></w:r><w:r w:rsidR="003"><w:t>jumps</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p>`,
  midWordBold: `<w:p>${run("Un")}${run("believ", "<w:b/>")}${run("able results")}</w:p>`,
  hyperlink: `<w:p>${run("Read ")}<w:hyperlink r:id="rId2" w:history="1">${run("the manual", '<w:rStyle w:val="Hyperlink"/>')}</w:hyperlink>${run(" first.")}</w:p>`,
  fields:
    `<w:p>${run("See ")}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://example.com" </w:instrText></w:r>` +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run("our site")}<w:r><w:fldChar w:fldCharType="end"/></w:r>${run(" on page ")}` +
    `<w:fldSimple w:instr=" PAGE "><w:r><w:t>3</w:t></w:r></w:fldSimple>${run(" now.")}</w:p>`,
  tracked: `<w:p>${run("We ")}<w:del w:id="1" w:author="A"><w:r><w:delText>never </w:delText></w:r></w:del><w:ins w:id="2" w:author="A">${run("always ")}</w:ins>${run("test.")}</w:p>`,
  footnoteRef: `<w:p>${run("Water boils")}<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>${run(" at sea level.")}</w:p>`,
  textBox:
    `<w:p>${run("Before the box ")}<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>` +
    `<w:p>${run("Boxed words")}</w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent><w:p>${run("Boxed words")}</w:p></w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>${run("after it.")}</w:p>`,
  goBack: `<w:p><w:bookmarkStart w:id="0" w:name="_GoBack"/>${run("Cursor was here.")}<w:bookmarkEnd w:id="0"/></w:p>`,
  hidden: `<w:p>${run("Visible text")}${run(" secret note", "<w:vanish/>")}${run(" stays.")}</w:p>`,
  edgeSpace: `<w:p>${run(" Leading and trailing ")}</w:p>`,
  dataBound: `<w:sdt><w:sdtPr><w:dataBinding w:xpath="/root/title" w:storeItemID="{1}"/></w:sdtPr><w:sdtContent><w:p>${run("Bound title")}</w:p></w:sdtContent></w:sdt>`,
  empty: `<w:p><w:pPr><w:jc w:val="center"/></w:pPr></w:p>`,
};

const FOOTNOTES =
  `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>` +
  `<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${run(" Standard pressure.")}</w:p></w:footnote>`;

const nasty = (): Uint8Array =>
  docx({ body: Object.values(NASTY).join(""), header: `<w:p>${run("Header text")}</w:p>`, footnotes: FOOTNOTES });

async function textsOf(file: Uint8Array): Promise<string[]> {
  return (await docxFilter.extract(file, OPTIONS)).map((s) => s.text);
}

describe("docx extract", () => {
  it("gives one segment per paragraph with codes only where formatting or markup really differs", async () => {
    const texts = await textsOf(nasty());
    expect(texts).toEqual([
      "The quick brwn fox jumps.",
      "Un<g1>believ</g1>able results",
      "Read <g1>the manual</g1> first.",
      "See <x1/>our site<x2/> on page <g3>3</g3> now.",
      "We <x1/><g2>always </g2>test.",
      "Water boils<x1/> at sea level.",
      "Before the box <x1/>after it.",
      "Boxed words",
      "Cursor was here.",
      "Visible text<x1/> stays.",
      " Leading and trailing ",
      "Header text",
      " Standard pressure.",
    ]);
    // Field instructions, deleted, hidden and data-bound text are never sent to the engine.
    const all = texts.join("\n");
    for (const hidden of ["HYPERLINK", "never", "secret", "Bound title"]) expect(all).not.toContain(hidden);
  });

  it("keeps segment ids stable across runs and names the part", async () => {
    const a = await docxFilter.extract(nasty(), OPTIONS);
    const b = await docxFilter.extract(nasty(), OPTIONS);
    expect(a).toEqual(b);
    expect(a[0]).toMatchObject({ id: "word/document.xml#1", context: "word/document.xml" });
    expect(a.at(-1)?.id).toBe("word/footnotes.xml#2");
  });
});

describe("docx merge", () => {
  it("returns the same entries, order, methods and bytes with the identity engine", async () => {
    await expectIdentityRoundTrip(docxFilter, nasty());
  });

  it("translates every segment, keeps codes, and writes well-formed parts (pseudo-translation)", async () => {
    const { out } = await expectPseudoRoundTrip(docxFilter, nasty());
    const xml = unzipParts(out)["word/document.xml"] ?? "";
    // What must survive exactly: the field instruction, the deletion, hidden and bound text,
    // the footnote reference, the hyperlink relationship, paragraph properties.
    for (const kept of [
      '<w:instrText xml:space="preserve"> HYPERLINK "https://example.com" </w:instrText>',
      '<w:del w:id="1" w:author="A"><w:r><w:delText>never </w:delText></w:r></w:del>',
      '<w:hyperlink r:id="rId2" w:history="1">',
      '<w:fldSimple w:instr=" PAGE ">',
      '<w:footnoteReference w:id="1"/>',
      '<w:vanish/></w:rPr><w:t xml:space="preserve"> secret note</w:t>',
      `${run("Bound title")}`,
      '<w:pPr><w:pStyle w:val="Normal"/></w:pPr>',
    ]) {
      expect(xml).toContain(kept);
    }
    // Dropped noise: proofing marks, the _GoBack bookmark, rendered page breaks.
    expect(xml).not.toMatch(/proofErr|_GoBack|lastRenderedPageBreak/);
    // The header and footnotes were translated too.
    expect(unzipParts(out)["word/header1.xml"]).toContain("Ĥéáďéŕ");
    // The footnote mark before the text stays first, outside the segment.
    expect(unzipParts(out)["word/footnotes.xml"]).toContain(
      '<w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> ⟦ Šţáñďáŕď',
    );
  });

  it("puts bold back around the right words and inside the hyperlink", async () => {
    const file = nasty();
    const segments = await docxFilter.extract(file, OPTIONS);
    const translations = new Map([
      ["word/document.xml#2", "Resultados in<g1>creí</g1>bles"],
      ["word/document.xml#3", "Lea primero <g1>el manual</g1>."],
    ]);
    expect(segments.map((s) => s.id)).toContain("word/document.xml#3");
    const xml = unzipParts(await docxFilter.merge(file, translations, OPTIONS))["word/document.xml"] ?? "";
    expect(xml).toContain(
      '<w:r><w:t xml:space="preserve">Resultados in</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">creí</w:t></w:r><w:r><w:t xml:space="preserve">bles</w:t></w:r>',
    );
    expect(xml).toContain(
      '<w:hyperlink r:id="rId2" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t xml:space="preserve">el manual</w:t></w:r></w:hyperlink>',
    );
  });

  it("writes the text box translation into both the DrawingML and the VML copy", async () => {
    const file = nasty();
    const segments = await docxFilter.extract(file, OPTIONS);
    const box = segments.find((s) => s.text === "Boxed words");
    expect(segments.filter((s) => s.text === "Boxed words")).toHaveLength(1);
    const xml =
      unzipParts(await docxFilter.merge(file, new Map([[box?.id ?? "", "Palabras en caja"]]), OPTIONS))[
        "word/document.xml"
      ] ?? "";
    expect(xml.match(/Palabras en caja/g)).toHaveLength(2);
    expect(xml).not.toContain("Boxed words");
  });

  it("translates a text box that ends its paragraph together with the paragraph", async () => {
    const box = `<w:r><w:drawing><wp:inline><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent><w:p>${run("Inner words")}</w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
    const file = docx({ body: `<w:p>${run("Caption")}${box}</w:p>` });
    expect(await textsOf(file)).toEqual(["Caption", "Inner words"]);
    const { out } = await expectPseudoRoundTrip(docxFilter, file);
    expect(unzipParts(out)["word/document.xml"]).toMatch(/Çáṗţíóñ~+⟧<\/w:t><\/w:r><w:r><w:drawing>.*Íññéŕ ŵóŕďš~+⟧/);
  });

  it("restores edge spaces an engine dropped and repairs lost codes", async () => {
    const file = nasty();
    const segments = await docxFilter.extract(file, OPTIONS);
    const edge = segments.find((s) => s.text === " Leading and trailing ");
    const footnote = segments.find((s) => s.text.startsWith("Water boils"));
    const translations = new Map([
      [edge?.id ?? "", "Delante y detrás"],
      [footnote?.id ?? "", "El agua hierve al nivel del mar."],
    ]);
    const xml = unzipParts(await docxFilter.merge(file, translations, OPTIONS))["word/document.xml"] ?? "";
    expect(xml).toContain('<w:t xml:space="preserve"> Delante y detrás </w:t>');
    // The lost footnote reference is appended rather than dropped.
    expect(xml).toMatch(
      /El agua hierve al nivel del mar\.<\/w:t><\/w:r><w:r><w:rPr><w:rStyle w:val="FootnoteReference"\/><\/w:rPr><w:footnoteReference w:id="1"\/>/,
    );
  });

  it("strips characters XML does not allow and escapes markup characters", async () => {
    const file = docx({ body: `<w:p>${run("Plain")}</w:p>` });
    const out = await docxFilter.merge(file, new Map([["word/document.xml#1", "A\u0001B & <C>\u000b"]]), OPTIONS);
    expect(unzipParts(out)["word/document.xml"]).toContain('<w:t xml:space="preserve">AB &amp; &lt;C&gt;</w:t>');
  });

  it("leaves a segment the translations do not mention in its source language", async () => {
    const file = nasty();
    const segments = await docxFilter.extract(file, OPTIONS);
    const translations = translationsOf(segments.slice(1), pseudo);
    const after = await docxFilter.extract(await docxFilter.merge(file, translations, OPTIONS), OPTIONS);
    expect(after[0]?.text).toBe("The quick brwn fox jumps.");
  });
});

describe("docx content controls", () => {
  it("wraps an inline content control in a paired code and keeps a data-bound one whole", async () => {
    const inline = `<w:sdt><w:sdtPr><w:alias w:val="Client"/></w:sdtPr><w:sdtContent>${run("ACME Corp")}</w:sdtContent></w:sdt>`;
    const bound = `<w:sdt><w:sdtPr><w:dataBinding w:xpath="/x" w:storeItemID="{2}"/></w:sdtPr><w:sdtContent>${run("Bound value")}</w:sdtContent></w:sdt>`;
    const file = docx({ body: `<w:p>${run("Dear ")}${inline}${run(", see ")}${bound}${run(".")}</w:p>` });
    const [segment] = await docxFilter.extract(file, OPTIONS);
    expect(segment?.text).toBe("Dear <g1>ACME Corp</g1>, see <x2/>.");
    const out = await docxFilter.merge(
      file,
      new Map([["word/document.xml#1", "Estimado <g1>ACME Corp</g1>, vea <x2/>."]]),
      OPTIONS,
    );
    const xml = unzipParts(out)["word/document.xml"] ?? "";
    expect(xml).toContain(
      `<w:sdt><w:sdtPr><w:alias w:val="Client"/></w:sdtPr><w:sdtContent><w:r><w:t xml:space="preserve">ACME Corp</w:t></w:r></w:sdtContent></w:sdt>`,
    );
    expect(xml).toContain(bound);
    expect(xml).toContain("Estimado ");
  });

  it("keeps a wrapper's own properties first inside it", async () => {
    const tag = `<w:smartTag w:uri="urn:x" w:element="place"><w:smartTagPr><w:attr w:name="n" w:val="v"/></w:smartTagPr>${run("Paris")}</w:smartTag>`;
    const file = docx({ body: `<w:p>${run("Visit ")}${tag}${run(" soon.")}</w:p>` });
    expect(await textsOf(file)).toEqual(["Visit <g1>Paris</g1> soon."]);
    const out = await docxFilter.merge(
      file,
      new Map([["word/document.xml#1", "Visite <g1>París</g1> pronto."]]),
      OPTIONS,
    );
    expect(unzipParts(out)["word/document.xml"]).toContain(
      '<w:smartTag w:uri="urn:x" w:element="place"><w:smartTagPr><w:attr w:name="n" w:val="v"/></w:smartTagPr><w:r><w:t xml:space="preserve">París</w:t></w:r></w:smartTag>',
    );
  });
});

describe("docx size", () => {
  it("lets the event loop run while a large document is read and written", async () => {
    const paragraphs = Array.from(
      { length: 12_000 },
      (_, i) => `<w:p>${run(`Paragraph number ${i} of a long report.`)}</w:p>`,
    ).join("");
    const file = docx({ body: paragraphs });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const segments = await docxFilter.extract(file, OPTIONS);
      expect(segments).toHaveLength(12_000);
      const extractTicks = ticks;
      expect(extractTicks).toBeGreaterThan(0);
      await docxFilter.merge(file, translationsOf(segments, pseudo), OPTIONS);
      expect(ticks).toBeGreaterThan(extractTicks);
    } finally {
      clearInterval(timer);
    }
  });
});

describe("docx charts", () => {
  it("translates a chart title of the body and its cached category names", async () => {
    const chart =
      `<?xml version="1.0"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">` +
      `<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Monthly totals</a:t></a:r></a:p></c:rich></c:tx></c:title>` +
      `<c:plotArea><c:barChart><c:ser><c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>January</c:v></c:pt></c:strCache></c:strRef></c:cat></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`;
    const file = docx({
      body: `<w:p>${run("Body")}</w:p>`,
      rels: [["rId9", "chart", "charts/chart1.xml"]],
      extraParts: { "word/charts/chart1.xml": chart },
    });
    const segments = await docxFilter.extract(file, OPTIONS);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["word/document.xml#1", "Body"],
      ["word/charts/chart1.xml#1", "Monthly totals"],
      ["word/charts/chart1.xml#caption1", "January"],
    ]);
    const { out } = await expectPseudoRoundTrip(docxFilter, file);
    expect(unzipParts(out)["word/charts/chart1.xml"]).toContain("<c:v>⟦Ĵáñúáŕý~~~⟧</c:v>");
  });
});

describe("docx refusals", () => {
  it("refuses a macro-enabled document and a spreadsheet uploaded as .docx", async () => {
    const docm = docx({
      body: `<w:p>${run("x")}</w:p>`,
      mainContentType: "application/vnd.ms-word.document.macroEnabled.main+xml",
    });
    await expect(docxFilter.extract(docm, OPTIONS)).rejects.toMatchObject({
      code: "unsafe_file",
      message: expect.stringMatching(/macro/),
    });
    const wrong = docx({
      body: "",
      mainContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    });
    await expect(docxFilter.extract(wrong, OPTIONS)).rejects.toMatchObject({
      code: "invalid_file",
      message: expect.stringMatching(/not a Word document/),
    });
  });

  it("refuses a part that is not UTF-8 as invalid_encoding", async () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(
        `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>caf`,
      ),
      0xe9,
      ...new TextEncoder().encode("</w:t></w:r></w:p></w:body></w:document>"),
    ]);
    const file = docx({ body: "", extraParts: { "word/document.xml": latin1 } });
    await expect(docxFilter.extract(file, OPTIONS)).rejects.toMatchObject({ code: "invalid_encoding" });
  });

  it("refuses a body that is not well-formed, naming the part", async () => {
    const broken = docx({ body: "<w:p><w:r><w:t>open</w:r></w:p>" });
    const error = await docxFilter.extract(broken, OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ code: "invalid_file", message: expect.stringContaining("word/document.xml") });
  });
});

describe("a file written by LibreOffice 7.4", () => {
  it("extracts its paragraphs and survives identity and pseudo-translation round trips", async () => {
    const file = libreOfficeFile("report.docx");
    const texts = (await docxFilter.extract(file, OPTIONS)).map((s) => s.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        "The <g1>quick</g1> brown fox <g2>jumps over</g2> the lazy dog.<x3/> It was <g4>very</g4> fast.",
        "Quarterly report header",
        "Measured at noon.",
      ]),
    );
    await expectIdentityRoundTrip(docxFilter, file);
    await expectPseudoRoundTrip(docxFilter, file);
  });
});
