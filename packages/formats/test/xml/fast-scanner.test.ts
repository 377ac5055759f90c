import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { decodeText } from "../../src/common/text-encoding";
import { parseXml, parseXmlWithSaxes } from "../../src/xml/parse";
import { type XElement, type XmlDocument, type XNode } from "../../src/xml/tree";

/** Everything a filter reads from the tree: names, namespaces, declarations, offsets, decoded text. */
function shape(doc: XmlDocument): unknown {
  const node = (n: XNode): unknown =>
    n.kind === "text"
      ? n.text
      : [n.name, n.local, n.uri, n.ns ?? null, n.start, n.openEnd, n.closeStart, n.end, n.children.map(node)];
  return node(doc.root);
}

/** Same tree as saxes; `fast`: and read by the scanner itself (saxes was not needed). */
const same = (xml: string, fast = true): void => {
  let handedOver = false;
  expect(shape(parseXml(xml, "t.xml", { restart: () => (handedOver = true) })), xml).toEqual(
    shape(parseXmlWithSaxes(xml, "t.xml")),
  );
  expect(handedOver, xml).toBe(!fast);
};

// The fast scanner must build saxes's tree exactly, and never accept what saxes refuses.
describe("fast XML scanner", () => {
  it("builds the same tree as saxes on every XML part of the LibreOffice documents", () => {
    const dir = join(import.meta.dirname, "../fixtures/libreoffice");
    let parts = 0;
    for (const file of readdirSync(dir).filter((f) => /\.(docx|pptx|xlsx)$/.test(f))) {
      for (const [name, data] of Object.entries(unzipSync(readFileSync(join(dir, file))))) {
        if (!/\.(xml|rels)$/.test(name)) continue;
        same(decodeText(data).text);
        parts++;
      }
    }
    expect(parts).toBeGreaterThan(20);
  });

  it("agrees with saxes on thousands of mutated Office parts (same tree or same error)", () => {
    const dir = join(import.meta.dirname, "../fixtures/libreoffice");
    const texts: string[] = [];
    for (const file of readdirSync(dir).filter((f) => /\.(docx|pptx|xlsx)$/.test(f))) {
      for (const [name, data] of Object.entries(unzipSync(readFileSync(join(dir, file))))) {
        if (/\.(xml|rels)$/.test(name) && data.length < 20_000) texts.push(decodeText(data).text);
      }
    }
    const pieces = [
      "<",
      ">",
      "&",
      '"',
      "'",
      "/",
      ":",
      "=",
      " ",
      "!",
      "?",
      "-",
      "]",
      ";",
      "\r",
      "\u0001",
      "\uD800",
      "&amp;",
      "&#0;",
      "&#x41;",
      "<!--",
      "-->",
      "<![CDATA[",
      "]]>",
      'xmlns:q="u"',
      "q:",
      "<?x ?>",
      '<?xml version="1.0"?>',
    ];
    let seed = 1;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    const outcome = (parse: () => XmlDocument): unknown => {
      try {
        return shape(parse());
      } catch (e) {
        return (e as Error).message;
      }
    };
    let fast = 0;
    for (let i = 0; i < 3000; i++) {
      let xml = texts[random(texts.length)] ?? "";
      for (let k = 0; k <= random(3); k++) {
        const at = random(xml.length);
        const piece = pieces[random(pieces.length)] ?? "";
        const op = random(3);
        xml =
          op === 0
            ? xml.slice(0, at) + piece + xml.slice(at)
            : op === 1
              ? xml.slice(0, at) + xml.slice(at + 1 + random(3))
              : xml.slice(0, at) + piece + xml.slice(at + 1);
      }
      let handedOver = false;
      const got = outcome(() => parseXml(xml, "t.xml", { restart: () => (handedOver = true) }));
      expect(got, xml).toEqual(outcome(() => parseXmlWithSaxes(xml, "t.xml")));
      if (!handedOver && typeof got !== "string") fast++;
    }
    // The scanner itself read a good share of them (the rest went to saxes).
    expect(fast).toBeGreaterThan(300);
  });

  it("builds the same tree on the awkward but well-formed", () => {
    for (const xml of [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<a xmlns="urn:d" xmlns:p=\'urn:p\'><p:b p:x = "1" y="&#x3C;&#60;&lt;&quot;">t\r\nu\rv &amp; &#x1F600;</p:b></a>',
      '<a><b xmlns="urn:x"><c xmlns=""/></b><!-- c - d --><?pi x?><![CDATA[a\r\n]]>b]]</a>',
      '<a xml:space="preserve" xmlns:q="urn:q"><q:b q:c="1" c="2"/>\t</a>\n',
      "<a:b xmlns:a='urn:a'><a:c/ ></a:b>".replace("/ >", "/>"),
      '<a b="1"\n\tc="2"></a >',
    ]) {
      same(xml);
    }
    // One local name under two prefixes of different namespaces is two attributes.
    same('<a xmlns:p="urn:p" xmlns:q="urn:q" p:x="1" q:x="2" p:xy="3" q:y="4"/>');
    // Non-ASCII names, and tags with very many attributes: the scanner leaves them to saxes.
    same('<straße xmlns="urn:ü">ü</straße>', false);
    same(`<a ${Array.from({ length: 65 }, (_, i) => `a${i}="${i}"`).join(" ")}/>`, false);
  });

  it("refuses through saxes whatever is not well-formed, with its line and column", () => {
    for (const xml of [
      "<a><b></a>",
      "<a>&nbsp;</a>",
      '<a b="1" b="2"/>',
      '<a xmlns:p="urn:p" xmlns:q="urn:p" p:x="1" q:x="2"/>',
      '<a xmlns:p="urn:p" xmlns:q="urn:p" q:x="1" p:yy="2" p:x="3"/>',
      "<p:a/>",
      "<a p:x='1'/>",
      "<a>]]></a>",
      "<a>\u0001</a>",
      '<a b="<"/>',
      '<a b="1"c="2"/>',
      "<a/><b/>",
      "text<a/>",
      "<a><!-- x -- y --></a>",
      "<a>&#0;</a>",
      "<a>",
      '<a xmlns:p=""/>',
    ]) {
      expect(() => parseXml(xml, "t.xml"), xml).toThrow(/t\.xml is not well-formed XML: \d+:\d+/);
    }
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', "t.xml")).toThrow(/DTD/);
  });

  it("restarts what prune collected when it hands over to saxes part-way", () => {
    const seen: string[] = [];
    const xml = `<r>${"<p>x</p>".repeat(5)}<späť/><p>y</p></r>`;
    parseXml(xml, "t.xml", {
      prune: (el: XElement) => {
        seen.push(el.name);
        return true;
      },
      restart: () => (seen.length = 0),
    });
    expect(seen).toEqual(["p", "p", "p", "p", "p", "späť", "p"]);
  });
});
