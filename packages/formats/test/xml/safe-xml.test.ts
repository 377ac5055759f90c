import { describe, expect, it } from "vitest";

import { xliffFilter } from "../../src/xliff";
import { readSimpleTree } from "../../src/xml/element-tree";
import { parseXml, XmlSyntaxError } from "../../src/xml/parse";

const XXE = '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<r>&e;</r>';
const deep = (n: number) => `<r>${"<a>".repeat(n)}x${"</a>".repeat(n)}</r>`;

describe("the safe-XML module", () => {
  it("refuses a DTD, the same way, in every reader", async () => {
    const refusals = [
      (() => {
        try {
          parseXml(XXE, "word/document.xml");
        } catch (e) {
          return e;
        }
      })(),
      (() => {
        try {
          readSimpleTree(XXE, "The file");
        } catch (e) {
          return e;
        }
      })(),
      await xliffFilter
        .extract(new TextEncoder().encode(XXE.replace(/r>/g, "xliff>")), { sourceLang: "en", targetLang: "es" })
        .catch((e: unknown) => e),
    ];
    for (const e of refusals)
      expect(e).toMatchObject({
        code: "unsafe_file",
        message: expect.stringMatching(
          /declares a DTD \(<!DOCTYPE> or <!ENTITY>\); DTDs and external entities are not allowed\.$/,
        ),
      });
  });

  it("bounds nesting at 256 levels in every reader", async () => {
    expect(parseXml(deep(255), "a.xml").root.local).toBe("r");
    expect(() => parseXml(deep(256), "a.xml")).toThrow(/more than 256 levels/);
    expect(() => readSimpleTree(deep(256), "The file")).toThrow(/more than 256 levels/);
  });

  it("reads a simple tree with local names, attributes as written, text and start-tag lines", () => {
    const tree = readSimpleTree(
      '<?xml version="1.0"?>\n<tmx version="1.4">\n  <body>\n    <tu><tuv xml:lang="en"><seg>A &amp; <![CDATA[<b>]]></seg></tuv></tu>\n  </body>\n</tmx>',
      "The file",
    );
    expect(tree).toMatchObject({ name: "tmx", attributes: { version: "1.4" }, line: 2 });
    const body = tree.children.find((c) => typeof c !== "string");
    const tu = typeof body === "string" ? undefined : body?.children.find((c) => typeof c !== "string");
    expect(tu).toMatchObject({
      name: "tu",
      line: 4,
      children: [
        { name: "tuv", attributes: { "xml:lang": "en" }, children: [{ name: "seg", children: ["A & ", "<b>"] }] },
      ],
    });
  });

  it("reports markup that is not well-formed with its line and column", () => {
    const error = (() => {
      try {
        readSimpleTree("<tmx>\n<body>\n</tmx>", "The file");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(XmlSyntaxError);
    expect(error).toMatchObject({ code: "invalid_file", line: 3 });
  });
});
