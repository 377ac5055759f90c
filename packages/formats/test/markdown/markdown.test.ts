import { type Nodes } from "mdast";
import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { markdownFilter } from "../../src/markdown";
import { parseMarkdown } from "../../src/markdown/parse";
import {
  EN_DE,
  fixture,
  leftoverSourceWords,
  normalizeSpace,
  pseudo,
  roundTrip,
  translate,
} from "../support/roundtrip";

const FIXTURES = ["features.md", "bom-crlf.md"];
const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

/** Node types in document order: a translation may change text, never structure. */
function nodeTypes(markdown: string): string[] {
  const out: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type !== "text") out.push(node.type);
    if ("children" in node) node.children.forEach(walk);
  };
  walk(parseMarkdown(markdown));
  return out;
}

async function segmentId(file: Uint8Array, startsWith: string): Promise<string> {
  const segments = await markdownFilter.extract(file, EN_DE);
  return segments.find((s) => s.text.startsWith(startsWith))?.id ?? "";
}

describe("markdown extract", () => {
  it("takes blocks with codes for inline syntax, alt text, titles and whitelisted front matter; skips code and HTML", async () => {
    const segments = await markdownFilter.extract(fixture("markdown", "features.md"), EN_DE);
    const texts = segments.map((s) => s.text);
    expect(texts.slice(0, 4)).toEqual([
      "Getting started with boats",
      "A short guide: rivers, lakes & the sea",
      "Boats and rivers",
      "Installation",
    ]);
    expect(texts).toContain(
      "Install the <g1>boat</g1> package with <x2/> and read the <g3>user guide</g3> before you <g4>sail</g4>. See also <g5>the FAQ</g5> and <g6>Changelog</g6> for <g7>old</g7> news.",
    );
    expect(texts).toContain("Quoted wisdom spans two lines of <g1>the quote</g1><x2/>and a hard break.");
    expect(texts).toContain("A lazy blockquote line continues here without a marker.");
    expect(texts).toContain("A small boat | one seat");
    expect(texts).toContain("Fast & light\u00a0boat");
    expect(texts).toEqual(
      expect.arrayContaining([
        "a small boat",
        "Boat title",
        "The complete guide",
        "Frequently asked questions",
        "Lone image alt text",
        "The footnote text itself.",
      ]),
    );
    const all = texts.join("\n");
    for (const skipped of [
      "getting-started",
      "2024",
      "Do not translate",
      "indented code",
      "HTML block",
      "npm install",
      "example.com",
    ])
      expect(all).not.toContain(skipped);
  });
});

describe("markdown merge", () => {
  it.each(FIXTURES)("gives back %s byte for byte with an identity engine", async (name) => {
    const file = fixture("markdown", name);
    const { output } = await roundTrip(markdownFilter, file, (t) => t);
    expect(Buffer.from(output)).toEqual(Buffer.from(file));
  });

  it.each(FIXTURES)("pseudo-translates %s: same ids, same node types, no source text left", async (name) => {
    const file = fixture("markdown", name);
    const { source, output, again } = await roundTrip(markdownFilter, file, pseudo);
    expect(again.map((s) => [s.id, s.context, normalizeSpace(s.text)])).toEqual(
      source.map((s) => [s.id, s.context, normalizeSpace(pseudo(s.text))]),
    );
    expect(leftoverSourceWords(source, again.map((s) => s.text).join("\n"))).toEqual([]);
    // Text nodes may split or merge (the pseudo engine appends after a trailing code); nothing else may change.
    expect(nodeTypes(utf8(output))).toEqual(nodeTypes(utf8(file)));
  });

  it("keeps delimiters, URLs, code, heading ids, references and the blockquote prefix after a hard break", async () => {
    const file = fixture("markdown", "features.md");
    const translations = new Map([
      [
        await segmentId(file, "Install the"),
        "Installiere das <g1>Boot</g1>-Paket mit <x2/> und lies den <g3>Leitfaden</g3>, bevor du <g4>segelst</g4>. Siehe <g5>die FAQ</g5> und <g6>Änderungen</g6> für <g7>alte</g7> Neuigkeiten.",
      ],
      [await segmentId(file, "Installation"), "Installation & *Setup*"],
      [await segmentId(file, "Quoted"), "Zitierte Weisheit über <g1> das Zitat </g1><x2/>und ein harter Umbruch."],
      [await segmentId(file, "The complete guide"), 'Der "ganze" Leitfaden'],
      [await segmentId(file, "A small boat |"), "Ein kleines Boot | ein Sitz"],
      [await segmentId(file, "Fast"), "Schnell & leicht\u00a0Boot"],
      [await segmentId(file, "Numbered step one"), "1. Schritt"],
      [await segmentId(file, "a small boat"), "ein [kleines] Boot"],
      [await segmentId(file, "A short guide"), "Eine kurze Anleitung: Flüsse"],
      [await segmentId(file, "Getting started"), "Erste Schritte mit Booten"],
    ]);
    const output = utf8(await markdownFilter.merge(file, translations, EN_DE));
    expect(output).toContain(
      '---\ntitle: Erste Schritte mit Booten\ndescription: "Eine kurze Anleitung: Flüsse"\nslug: getting-started\n',
    );
    expect(output).toContain("## Installation & \\*Setup\\* {#install}\n");
    expect(output).toContain(
      // Hard-wrapped in the source, so wrapped again near the same width (breaks only at spaces of translated text).
      '\nInstalliere das *Boot*-Paket mit `npm install boat` und lies den\n[Leitfaden](https://example.com/guide?a=1&b=2 "Der \\"ganze\\" Leitfaden"), bevor du\n__segelst__. Siehe [die FAQ][faq] und [Änderungen][Changelog] für ~~alte~~ Neuigkeiten.\n\n',
    );
    // Spaces the engine put inside the bold move outside it (`** x **` is not bold); runs of spaces collapse.
    expect(output).toContain("> Zitierte Weisheit über **das\n> Zitat**   \n> und ein harter Umbruch.\n");
    // Characters the source wrote as references (`&amp;`, `&nbsp;`) are written the same way.
    expect(output).toContain(
      "| Kayak | Ein kleines Boot \\| ein Sitz |\n| `code` | Schnell &amp; leicht&nbsp;Boot |\n",
    );
    expect(output).toContain("1. 1\\. Schritt\n");
    expect(output).toContain('![ein \\[kleines\\] Boot](img/boat.png "Boat title")');
    expect(output).toContain('```js\nconst greeting = "Do not translate this code";\n```\n');
  });

  it("quotes a front matter value that would read back as something else", async () => {
    const file = fixture("markdown", "features.md");
    const output = utf8(await markdownFilter.merge(file, new Map([["1", "No"]]), EN_DE));
    expect(output).toContain('\ntitle: "No"\n');
  });

  it("keeps the BOM, CRLF, the single-quote style and the missing final newline", async () => {
    const file = fixture("markdown", "bom-crlf.md");
    const segments = await markdownFilter.extract(file, EN_DE);
    expect(segments.map((s) => s.text)).toEqual([
      "It's a boat",
      "Title line",
      "First quoted line second quoted line.",
      "A paragraph with <g1>emphasis</g1> and <g2>underscores</g2>. No final newline here.",
    ]);
    const output = utf8(
      await markdownFilter.merge(
        file,
        new Map([
          ["1", "Es ist ein Boot"],
          ["3", "Erste und zweite Zeile."],
          ["4", "Ein Absatz mit <g1>Betonung</g1> und <g2>Unterstrichen</g2>."],
        ]),
        EN_DE,
      ),
    );
    expect(output).toBe(
      "\ufeff---\r\ntitle: 'Es ist ein Boot'\r\n---\r\n\r\n# Title line\r\n\r\n> Erste und zweite\r\n> Zeile.\r\n\r\nEin Absatz mit *Betonung* und _Unterstrichen_.",
    );
  });

  it("leaves TOML front matter as it is", async () => {
    const file = new TextEncoder().encode('+++\ntitle = "Hugo page"\n+++\n\nBody text here.\n');
    expect((await markdownFilter.extract(file, EN_DE)).map((s) => s.text)).toEqual(["Body text here."]);
  });

  it("is deterministic", async () => {
    const file = fixture("markdown", "features.md");
    const segments = await markdownFilter.extract(file, EN_DE);
    const a = await markdownFilter.merge(file, translate(segments, pseudo), EN_DE);
    const b = await markdownFilter.merge(file, translate(segments, pseudo), EN_DE);
    expect(Buffer.from(a)).toEqual(Buffer.from(b));
  });
});

describe("markdown refuses what it cannot read", () => {
  const refuse = async (content: string | Uint8Array) => {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    try {
      await markdownFilter.extract(bytes, EN_DE);
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return error as FormatError;
    }
    throw new Error("expected a FormatError");
  };

  it("names the line of broken front matter", async () => {
    const error = await refuse("---\ntitle: ok\ndescription: [unclosed\n---\n\n# Hi\n");
    expect(error.code).toBe("invalid_file");
    expect(error.message).toMatch(/^Line \d+: the front matter is not valid YAML/);
  });

  it("refuses nesting and delimiter counts that would make the parser crawl, naming the line", async () => {
    const list = Array.from({ length: 200 }, (_, i) => `${" ".repeat(i * 2)}- item`).join("\r\n");
    expect((await refuse(`# Title\r\n\r\n${list}\r\n`)).message).toMatch(/^Line 131: lists or quotes nest too deeply/);
    expect((await refuse(`Intro.\n\n${"*".repeat(3000)}x${"*".repeat(3000)}\n`)).message).toMatch(
      /^Line 3: the block starting here holds more than 5000 emphasis delimiters/,
    );
    expect((await refuse(`${"*".repeat(30000)}x${"*".repeat(30000)}\n`)).code).toBe("invalid_file");
  });

  it("refuses an empty file, binary content and invalid UTF-8", async () => {
    expect((await refuse("")).code).toBe("invalid_file");
    expect((await refuse("# Hi\n\n\0\0")).message).toMatch(/^Line 3: a NUL character/);
    expect((await refuse(new Uint8Array([0x23, 0x20, 0xc3, 0x28]))).code).toBe("invalid_encoding");
  });
});
