import iconv from "iconv-lite";
import { parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { describe, expect, it } from "vitest";

import { stripCodes } from "../../src/common/inline-codes";
import { FormatError } from "../../src/filter";
import { htmlFilter } from "../../src/html";
import {
  EN_DE,
  EN_EN,
  fixture,
  leftoverSourceWords,
  normalizeSpace,
  pseudo,
  roundTrip,
  translate,
} from "../support/roundtrip";

const FIXTURES = ["features.html", "windows-1252.html", "broken.html"];
const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const TRANSLATABLE = new Set(["alt", "title", "placeholder", "aria-label", "content", "value", "lang"]);

/** The element tree with every attribute a translation may not touch: must be equal after merge. */
function skeleton(html: string): string[] {
  const out: string[] = [];
  const walk = (node: T.Node, depth: number) => {
    if ("tagName" in node) {
      const attrs = node.attrs.filter((a) => !TRANSLATABLE.has(a.name)).map((a) => `${a.name}=${a.value}`);
      out.push(`${" ".repeat(depth)}${node.tagName} ${attrs.join(" ")}`);
    }
    if ("childNodes" in node) node.childNodes.forEach((c) => walk(c, depth + 1));
  };
  walk(parse(html), 0);
  return out;
}

describe("html extract", () => {
  it("takes blocks, inline codes, attributes and meta tags; skips code, scripts, styles and translate=no", async () => {
    const segments = await htmlFilter.extract(fixture("html", "features.html"), EN_DE);
    const texts = segments.map((s) => s.text);
    expect(texts).toContain(
      "The <g2>old boat <g1>sails</g1> slowly</g2> past the\u00a0mill © 2024.<x3/> A second line after a break, see <g4>the guide</g4>.",
    );
    expect(texts).toContain("Run <x1/> to begin <x2/> your trip.");
    expect(texts).toContain("Our brand <x1/> makes <g2>great</g2> boats.");
    expect(segments.filter((s) => s.context?.startsWith("meta")).map((s) => s.text)).toEqual([
      "A page about boats and rivers.",
      "Boats & rivers",
      "Sailing for beginners",
    ]);
    expect(segments.filter((s) => s.context?.includes("@")).map((s) => s.context)).toEqual([
      "h1@title",
      "a@title",
      "img@alt",
      "li@title",
      "input@placeholder",
      "input@value",
    ]);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Welcome & hello",
        "Loose text in a div",
        "with a paragraph inside",
        "and a tail.",
        "Name",
        "Small boat",
      ]),
    );
    const all = texts.join("\n");
    for (const skipped of [
      "Not text",
      "Do not translate",
      "RiverCo",
      "Legal text",
      "Another sentence",
      "preformatted",
      "Hello from script",
      "Template text",
      "width=device",
    ]) {
      expect(all).not.toContain(skipped);
    }
  });
});

describe("html merge", () => {
  it.each(FIXTURES)("gives back %s byte for byte with an identity engine", async (name) => {
    const file = fixture("html", name);
    for (const options of [EN_EN, EN_DE]) {
      const { output } = await roundTrip(htmlFilter, file, (t) => t, options);
      expect(Buffer.from(output)).toEqual(Buffer.from(file));
    }
  });

  it("leaves lang alone when nothing is translated: the page is still in its source language", async () => {
    const file = fixture("html", "features.html");
    expect(utf8(await htmlFilter.merge(file, new Map(), EN_DE))).toBe(utf8(file));
  });

  it("sets lang and an XHTML page's xml:lang together (httpd's manual pages say both)", async () => {
    const file = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head>\n<title>Binding to Addresses and Ports</title>\n</head><body></body></html>\n',
    );
    const segments = await htmlFilter.extract(file, EN_DE);
    const output = utf8(await htmlFilter.merge(file, translate(segments, pseudo), EN_DE));
    expect(output).toContain('<html xmlns="http://www.w3.org/1999/xhtml" lang="de" xml:lang="de"><head>\n<title>⟦');
  });

  it("keeps the line breaks of text a translation leaves as it was (a language switcher's separators)", async () => {
    const switcher =
      '<p><span>Available Languages: </span><a href="./de/bind.html" hreflang="de" title="Deutsch">&nbsp;de&nbsp;</a> |\n' +
      '<a href="./en/bind.html" title="English">&nbsp;en&nbsp;</a> |\n<a href="./fr/bind.html" hreflang="fr" title="Français">&nbsp;fr&nbsp;</a></p>\n';
    const file = Buffer.from(`<html lang="en"><body>\n${switcher}</body></html>`);
    const segments = await htmlFilter.extract(file, EN_DE);
    const block = segments.find((s) => s.text.startsWith("<g1>"));
    expect(block?.text).toBe(
      "<g1>Available Languages: </g1><g2>\u00a0de\u00a0</g2> | <g3>\u00a0en\u00a0</g3> | <g4>\u00a0fr\u00a0</g4>",
    );
    const output = utf8(
      await htmlFilter.merge(
        file,
        new Map([
          [
            block?.id ?? "",
            "<g1>Verfügbare Sprachen: </g1><g2>\u00a0de\u00a0</g2> | <g3>\u00a0en\u00a0</g3> | <g4>\u00a0fr\u00a0</g4>",
          ],
        ]),
        EN_DE,
      ),
    );
    expect(output).toContain(switcher.replace("Available Languages", "Verfügbare Sprachen"));
  });

  it.each(FIXTURES)("pseudo-translates %s: same ids, same element tree, no source text left", async (name) => {
    const file = fixture("html", name);
    const { source, output, again } = await roundTrip(htmlFilter, file, pseudo);
    // An element without an end tag takes whatever follows it: compare broken.html without codes.
    const view = (t: string) => normalizeSpace(name === "broken.html" ? stripCodes(t) : t);
    expect(again.map((s) => [s.id, s.context, view(s.text)])).toEqual(
      source.map((s) => [s.id, s.context, view(pseudo(s.text))]),
    );
    expect(leftoverSourceWords(source, again.map((s) => s.text).join("\n"))).toEqual([]);
    const decode = (b: Uint8Array) =>
      name === "windows-1252.html" ? iconv.decode(Buffer.from(b), "windows-1252") : utf8(b);
    expect(skeleton(decode(output))).toEqual(skeleton(decode(file)));
  });

  it("keeps entities, unquoted attributes, comments, code and the doctype line around the translation", async () => {
    const file = fixture("html", "features.html");
    const segments = await htmlFilter.extract(file, EN_DE);
    const id = (text: string) => segments.find((s) => s.text.startsWith(text))?.id ?? "";
    const output = utf8(
      await htmlFilter.merge(
        file,
        new Map([
          [
            id("The <g2>"),
            "Das <g2>alte Boot <g1>segelt</g1> langsam</g2> an der\u00a0Mühle vorbei © 2024.<x3/> Eine zweite Zeile, siehe <g4>den Führer</g4>.",
          ],
          [id("Run"), "Starte <x1/>, um <x2/> deine Reise zu beginnen."],
          [id("Rivers guide"), 'Der "Flüsse" <Führer> & mehr'],
          [id("Tip"), "Ein Tipp"],
          [id("A red boat"), "Ein rotes Boot"],
          [id("Welcome"), "Willkommen & hallo"],
        ]),
        EN_DE,
      ),
    );
    expect(output.startsWith('<!DOCTYPE html>\n<html lang="de" class=no-js>\n')).toBe(true);
    expect(output).toContain(
      "<p>Das <b>alte Boot <i>segelt</i> langsam</b> an der&nbsp;Mühle vorbei &copy; 2024.<br> " +
        "Eine zweite Zeile, siehe <a href=/docs/rivers.html?a=1&amp;b=2 class=link title='Der \"Flüsse\" &lt;Führer&gt; &amp; mehr'>den Führer</a>.</p>",
    );
    expect(output).toContain(
      "<p>Starte <code>boat --start</code>, um <!-- keep this note --> deine Reise zu beginnen.</p>",
    );
    expect(output).toContain('<li title="Ein Tipp">First item</li>');
    expect(output).toContain('<p><img src="boat.png" alt="Ein rotes Boot"> The red boat in the morning.</p>');
    expect(output).toContain("<title>Willkommen &amp; hallo</title>");
  });

  it("sets dir=rtl and lang for a right-to-left target", async () => {
    const file = fixture("html", "features.html");
    const options = { sourceLang: "en", targetLang: "ar" };
    const output = utf8(
      await htmlFilter.merge(file, translate(await htmlFilter.extract(file, options), pseudo), options),
    );
    expect(output).toContain('<html dir="rtl" lang="ar" class=no-js>');
  });

  it("reads and writes a windows-1252 page in its charset, with references for what it cannot hold", async () => {
    const file = fixture("html", "windows-1252.html");
    const segments = await htmlFilter.extract(file, EN_DE);
    expect(segments.map((s) => s.text)).toEqual(["Café", "Le café est très bon – vraiment."]);
    const output = await htmlFilter.merge(
      file,
      new Map([
        ["1", "Кафе"],
        ["2", "Der Kaffee ist sehr gut – wirklich."],
      ]),
      EN_DE,
    );
    const text = iconv.decode(Buffer.from(output), "windows-1252");
    expect(text).toBe(
      '<!DOCTYPE html>\r\n<html lang="de">\r\n<head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>&#x41A;&#x430;&#x444;&#x435;</title></head>\r\n<body><p>Der Kaffee ist sehr gut – wirklich.</p></body>\r\n</html>\r\n',
    );
    expect(output.includes(0x96)).toBe(true);
  });

  it("leaves text that parse5 moved (misnested or foster-parented) untouched instead of corrupting it", async () => {
    const file = fixture("html", "broken.html");
    const { output } = await roundTrip(htmlFilter, file, pseudo);
    expect(utf8(output)).toContain("</i> words.\n<table><tr>Stray text in a table<td>");
  });

  it("repairs codes an engine broke", async () => {
    const file = fixture("html", "features.html");
    const segments = await htmlFilter.extract(file, EN_DE);
    const id = segments.find((s) => s.text.startsWith("Second"))?.id ?? "";
    const output = utf8(await htmlFilter.merge(file, new Map([[id, "Zweites <g1>Element</g1 <g7>hier</g7>"]]), EN_DE));
    expect(output).toContain("<li>Zweites Element&lt;/g1 hier</li>");
  });

  it("is deterministic", async () => {
    const file = fixture("html", "features.html");
    const segments = await htmlFilter.extract(file, EN_DE);
    const a = await htmlFilter.merge(file, translate(segments, pseudo), EN_DE);
    const b = await htmlFilter.merge(file, translate(segments, pseudo), EN_DE);
    expect(Buffer.from(a)).toEqual(Buffer.from(b));
  });
});

describe("html refuses what is not a page", () => {
  const refuse = async (bytes: Uint8Array) => {
    try {
      await htmlFilter.extract(bytes, EN_DE);
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return error as FormatError;
    }
    throw new Error("expected a FormatError");
  };

  it("refuses markup nested too deeply to walk, instead of crashing", async () => {
    const error = await refuse(
      new TextEncoder().encode(`<p>${"<span>".repeat(60000)}Hello world${"</span>".repeat(60000)}</p>`),
    );
    expect(error.code).toBe("invalid_file");
    expect(error.message).toMatch(/nested too deeply/);
  });

  it("refuses an empty file, binary content and bytes that are not UTF-8 without a declared charset", async () => {
    expect((await refuse(new Uint8Array())).code).toBe("invalid_file");
    expect((await refuse(new TextEncoder().encode("<p>a</p>\n<p>\0</p>"))).message).toMatch(/^Line 2: a NUL character/);
    expect((await refuse(new Uint8Array([0x3c, 0x70, 0x3e, 0xe9, 0x3c]))).code).toBe("invalid_encoding");
  });
});

describe("template tags", () => {
  it("keeps Liquid, Jinja, Go and Handlebars tags in HTML and Markdown byte for byte, out of the engine's reach", async () => {
    const { htmlFilter } = await import("../../src/html");
    const { markdownFilter } = await import("../../src/markdown");
    const opts = { sourceLang: "en", targetLang: "es" };
    const html = `<p>Read the {{ page.title | escape }} guide {% if user %}now{% endif %} {# note #} and {{{ raw_html }}}.</p>`;
    const md = `Read the {{ page.title | escape }} guide {% if user %}now{% endif %} and {{ .Site.Title }} \\_\\_init\\_\\_ {# note #}.\n`;
    for (const [filter, source] of [
      [htmlFilter, html],
      [markdownFilter, md],
    ] as const) {
      const file = new TextEncoder().encode(source);
      const segments = await filter.extract(file, opts);
      expect(segments.map((s) => s.text).join(" ")).not.toMatch(/[{}]/);
      const shouted = new Map(
        segments.map((s) => [
          s.id,
          s.text.replace(/(<[^>]+>)|([^<]+)/g, (m, code: string | undefined) => code ?? m.toUpperCase()),
        ]),
      );
      const out = new TextDecoder().decode(await filter.merge(file, shouted, opts));
      for (const tag of source.match(/\{%[^%]*%\}|\{\{\{?[^}]*\}?\}\}|\{#[^#]*#\}/g) ?? []) expect(out).toContain(tag);
      expect(out).toContain("READ THE");
    }
  });
});
