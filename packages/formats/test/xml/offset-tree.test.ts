import { describe, expect, it } from "vitest";

import { parseXml, parseXmlYielding } from "../../src/xml/parse";
import { attr, attributes, descendants, splice, textContent, type XElement } from "../../src/xml/tree";

// The offset tree under the Office filters: every offset must point at the exact source bytes,
// whatever surrounds the element (CRLF, astral characters, comments, CDATA, ">" in attributes).
describe("offset XML tree", () => {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- lead -->\r\n<a:root xmlns:a="urn:a" xmlns:b="urn:b">\r\n' +
    "  <a:p b:x=\"1 &gt; 0\" y='it&apos;s'>😀 café &amp; <![CDATA[<raw>]]><a:r/></a:p>\r\n" +
    "  <?pi data?><a:p><a:t>two</a:t></a:p></a:root>";
  const doc = parseXml(xml, "t.xml");
  const [first, second] = descendants(doc.root, "urn:a", "p");

  it("points start, content and end offsets at the source", () => {
    if (!first || !second) throw new Error("no paragraphs");
    expect(xml.slice(first.start, first.openEnd)).toBe(`<a:p b:x="1 &gt; 0" y='it&apos;s'>`);
    expect(xml.slice(first.openEnd, first.closeStart)).toBe("😀 café &amp; <![CDATA[<raw>]]><a:r/>");
    expect(xml.slice(first.closeStart, first.end)).toBe("</a:p>");
    expect(xml.slice(second.start, second.end)).toBe("<a:p><a:t>two</a:t></a:p>");
    const r = descendants(first, "urn:a", "r")[0];
    expect(r && xml.slice(r.start, r.end)).toBe("<a:r/>");
  });

  it("decodes text and attributes and resolves attribute namespaces", () => {
    if (!first) throw new Error("no paragraph");
    expect(textContent(first)).toBe("😀 café & <raw>");
    expect(attr(first, "x", "urn:b")).toBe("1 > 0");
    expect(attr(first, "x", "urn:a")).toBeUndefined();
    expect(attributes(first).map((a) => [a.name, a.uri, a.value])).toEqual([
      ["b:x", "urn:b", "1 > 0"],
      ["y", "", "it's"],
    ]);
  });

  it("splices replacements without touching the rest", () => {
    if (!first || !second) throw new Error("no paragraphs");
    const out = splice(xml, [
      { start: second.openEnd, end: second.closeStart, replacement: "<a:t>dos</a:t>" },
      { start: first.openEnd, end: first.closeStart, replacement: "uno" },
    ]);
    expect(out).toBe(
      xml.replace("😀 café &amp; <![CDATA[<raw>]]><a:r/>", "uno").replace("<a:t>two</a:t>", "<a:t>dos</a:t>"),
    );
  });

  it("gives the same tree when fed in chunks that split tags, entities and surrogate pairs", async () => {
    for (const chunk of [1, 2, 3, 5, 7, 64]) {
      const chunked = await parseXmlYielding(xml, "t.xml", {}, chunk);
      expect(textContent(chunked.root), `chunk ${chunk}`).toBe(textContent(doc.root));
      const offsets = (el: XElement): number[] => [
        el.start,
        el.openEnd,
        el.closeStart,
        el.end,
        ...el.children.flatMap((c) => (c.kind === "text" ? [] : offsets(c))),
      ];
      expect(offsets(chunked.root), `chunk ${chunk}`).toEqual(offsets(doc.root));
    }
  });

  it("refuses what is not well-formed, naming the part and position", () => {
    expect(() => parseXml("<a><b></a>", "word/document.xml")).toThrow(
      /word\/document\.xml is not well-formed XML: 1:\d+/,
    );
    expect(() => parseXml("<a>&nbsp;</a>", "x.xml")).toThrow(/x\.xml is not well-formed/);
    expect(() => parseXml('<!DOCTYPE a SYSTEM "http://x/a.dtd"><a/>', "y.xml")).toThrow(/DTD/);
  });
});
