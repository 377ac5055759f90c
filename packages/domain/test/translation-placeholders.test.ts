import { describe, expect, it } from "vitest";

import {
  containsOnlyPlaceholders,
  findPlaceholders,
  protectPlaceholders,
  restorePlaceholders,
} from "../src/translation/placeholders";
import { pick, random } from "./translation-helpers";

const protectedParts = (text: string) => protectPlaceholders(text).tokens;

describe("protectPlaceholders", () => {
  it("protects the five things of a typical UI string and restores them exactly", () => {
    const source = "Hello {name}, you have %d new <b>messages</b> at https://x.io/a?b=1.";
    const { text, tokens } = protectPlaceholders(source);
    expect(tokens).toEqual(["{name}", "%d", "<b>", "</b>", "https://x.io/a?b=1"]);
    expect(text).toBe("Hello [[0]], you have [[1]] new [[2]]messages[[3]] at [[4]].");
    expect(restorePlaceholders(text, tokens)).toEqual({ text: source, repaired: 0 });
    // A translation that moved them keeps them in its own order.
    expect(restorePlaceholders("Hola [[0]], tienes [[1]] [[2]]mensajes[[3]] nuevos en [[4]].", tokens)).toEqual({
      text: "Hola {name}, tienes %d <b>mensajes</b> nuevos en https://x.io/a?b=1.",
      repaired: 0,
    });
  });

  it.each([
    ["Hi {name}!", ["{name}"]],
    ["Hi {0} and {1}", ["{0}", "{1}"]],
    ["Empty {} and {0:N2}", ["{}", "{0:N2}"]],
    ["Hi {{user.name}} and {{{raw}}}", ["{{user.name}}", "{{{raw}}}"]],
    ["Cost ${price} and #{ruby} and %{rails}", ["${price}", "#{ruby}", "%{rails}"]],
    ["%s of %d, %1$s, %2$d, %@, %lld, %lu, %ld", ["%s", "%d", "%1$s", "%2$d", "%@", "%lld", "%lu", "%ld"]],
    ["Width %5d, %-10s, %05.1f, %.2f, %x, %%", ["%5d", "%-10s", "%05.1f", "%.2f", "%x", "%%"]],
    ["Python %(count)d and %(name)s, Ruby %<n>s, Qt %1 of %2", ["%(count)d", "%(name)s", "%<n>s", "%1", "%2"]],
    [
      "You have {count, plural, one {# message} other {# messages}} from {sender}.",
      ["{count, plural, one {# message} other {# messages}}", "{sender}"],
    ],
    [
      "{gender, select, male {He} female {She} other {They}} left",
      ["{gender, select, male {He} female {She} other {They}}"],
    ],
    ["Sent on {d, date, short}", ["{d, date, short}"]],
    [
      'Click <a href="https://x.io/?a=1&b=2" class="btn">here</a><br/>',
      ['<a href="https://x.io/?a=1&b=2" class="btn">', "</a>", "<br/>"],
    ],
    [
      "A <!-- note --> and <x:tag attr='1'/> &amp; &#160; &nbsp;",
      ["<!-- note -->", "<x:tag attr='1'/>", "&amp;", "&#160;", "&nbsp;"],
    ],
    [
      "See www.example.org/path, or (https://en.wikipedia.org/wiki/Foo_(bar)).",
      ["www.example.org/path", "https://en.wikipedia.org/wiki/Foo_(bar)"],
    ],
    ["Write to jane.doe+tag@mail.example.com. Or mailto:x@y.io!", ["jane.doe+tag@mail.example.com", "mailto:x@y.io"]],
    ["Already [[0]] and a citation [3]", ["[[0]]", "[3]"]],
  ])("%j", (source, expected) => {
    const { text, tokens } = protectPlaceholders(source);
    expect(tokens).toEqual(expected);
    expect(restorePlaceholders(text, tokens)).toEqual({ text: source, repaired: 0 });
  });

  it.each([
    "50% done and 100% sure",
    "a < b and c > d",
    "I said {see above} twice",
    "Pi is 3.14, not 3,14",
    "Get 50%off today",
    "Plain text with no markup at all.",
    "user at example dot com",
  ])("leaves prose alone: %j", (source) => {
    expect(protectedParts(source)).toEqual([]);
    expect(protectPlaceholders(source).text).toBe(source);
  });

  it("keeps an ICU message one unit even with sentences and tags inside", () => {
    const icu = "{n, plural, =0 {No <b>files</b>. Sorry.} other {# files. {name} saved them.}}";
    expect(protectedParts(`Result: ${icu} Done.`)).toEqual([icu]);
  });

  it("leaves only tokens in the engine input", () => {
    const { text } = protectPlaceholders("A {x} %s <i>b</i> https://u.io c@d.io {{y}} [[7]] ${z} %(k)s &amp;");
    expect(text).toBe("A [[0]] [[1]] [[2]]b[[3]] [[4]] [[5]] [[6]] [[7]] [[8]] [[9]] [[10]]");
    expect(findPlaceholders(text).every((span) => span.kind === "token")).toBe(true);
  });
});

describe("restorePlaceholders: repairs what an engine broke", () => {
  const tokens = ["{name}", "<b>", "</b>"];

  it.each([
    ["spaces inside", "Hola [[ 0 ]], [ [1]]hola[[2] ]", "Hola {name}, <b>hola</b>", 3],
    ["single or full-width brackets", "Hola [0], ［［１］］hola【2】", "Hola {name}, <b>hola</b>", 3],
    ["Arabic-Indic digits", "مرحبا [[٠]] [[1]]x[[2]]", "مرحبا {name} <b>x</b>", 1],
    ["a duplicate", "Hola [[0]] [[0]] [[1]]x[[2]]", "Hola {name}  <b>x</b>", 1],
    ["an index the source never had", "Hola [[0]] [[1]]x[[2]] [[9]]", "Hola {name} <b>x</b> ", 1],
    ["one token lost", "Hola [[1]]mundo[[2]].", "Hola <b>mundo</b> {name}.", 1],
    ["every token lost", "Hola mundo.", "Hola mundo {name} <b></b>.", 3],
    ["everything lost", "", "{name} <b></b>", 3],
  ])("%s", (_, translated, expected, repaired) => {
    expect(restorePlaceholders(translated, tokens)).toEqual({ text: expected, repaired });
  });

  it("never inserts a lost token inside a restored one", () => {
    expect(restorePlaceholders("Ver [[0]].", ["[3]", "{x}"])).toEqual({ text: "Ver [3] {x}.", repaired: 1 });
    expect(restorePlaceholders("Ver [[0]]", ["(a.)", "{x}"])).toEqual({ text: "Ver (a.) {x}", repaired: 1 });
  });

  it("does not touch bracketed numbers when nothing is missing", () => {
    expect(restorePlaceholders("Hola [[0]] (1) 2", ["{name}"])).toEqual({ text: "Hola {name} (1) 2", repaired: 0 });
  });

  it("does not re-read a restored original that looks like a token", () => {
    expect(restorePlaceholders("[[1]] y [[0]]", ["[[1]]", "[[0]]"])).toEqual({ text: "[[0]] y [[1]]", repaired: 0 });
  });

  it("brings every token back exactly once whatever the engine does (2,000 random manglings)", () => {
    const next = random(7_001);
    const originals = [
      "{first}",
      "%1$s",
      "<em>",
      "</em>",
      "https://t.io/q",
      "{{second}}",
      "%(k)d",
      "ann@x.io",
      "${third}",
      "%%",
    ];
    const words = ["hola", "mundo", "el", "archivo", ",", ".", "!", "casa", "¿", "?"];
    const mangle = [
      (t: string) => t,
      (t: string) => t,
      (t: string) => t.replace("[[", "[ [").replace("]]", "] ]"),
      (t: string) => t.replace("[[", "[").replace("]]", "]"),
      (t: string) => t.replace("[[", "【").replace("]]", "】"),
      () => "",
      (t: string) => `${t} ${t}`,
    ];
    for (let run = 0; run < 2_000; run++) {
      const count = 1 + Math.floor(next() * originals.length);
      const tokens = originals.slice(0, count);
      const pieces: string[] = [];
      tokens.forEach((_, i) => {
        pieces.push(pick(next, words), pick(next, mangle)(`[[${i}]]`));
      });
      if (next() < 0.2) pieces.push(`[[${count + 3}]]`);
      for (let i = pieces.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [pieces[i], pieces[j]] = [pieces[j] ?? "", pieces[i] ?? ""];
      }
      const translated = pieces.join(" ");
      const { text } = restorePlaceholders(translated, tokens);
      const context = JSON.stringify({ translated, tokens, text });
      for (const original of tokens) expect(text.split(original).length - 1, context).toBe(1);
      expect(text, context).not.toMatch(/\[\s*\[?\s*\d+\s*\]?\s*\]|【\d+】/);
    }
  });
});

describe("placeholders at scale", () => {
  it("protects and restores 100,000 placeholders, and repairs 100,000 lost ones", () => {
    const source = "%s and {x} ".repeat(50_000);
    const { text, tokens } = protectPlaceholders(source);
    expect(tokens).toHaveLength(100_000);
    expect(restorePlaceholders(text, tokens)).toEqual({ text: source, repaired: 0 });
    expect(restorePlaceholders("Nothing came back.", tokens).repaired).toBe(100_000);
    expect(protectPlaceholders("{n, plural, ".repeat(40_000)).tokens).toEqual([]);
  });
});

describe("containsOnlyPlaceholders", () => {
  it.each([
    ["{name}", true],
    ["<br/>", true],
    ["<b>{count}</b>:", true],
    ["%s %s", true],
    ["https://x.io", true],
    ["Hello {name}", false],
    ["<b>Save</b>", false],
    ["Plain", false],
    ["", false],
    ["...", false],
  ])("%j → %s", (segment, expected) => {
    expect(containsOnlyPlaceholders(segment)).toBe(expected);
  });
});

describe("protect → restore is the identity", () => {
  it("for 3,000 random strings of prose and placeholders", () => {
    const next = random(99);
    const pieces = [
      "word",
      " ",
      " ",
      "Hello",
      ".",
      ",",
      "3.14",
      "50%",
      "%",
      "{",
      "}",
      "<",
      ">",
      "[",
      "]",
      "{name}",
      "{{x}}",
      "${y}",
      "%s",
      "%1$s",
      "%(n)d",
      "%%",
      "<b>",
      "</b>",
      "<br/>",
      "https://a.io/b?c=1",
      "a@b.io",
      "[[2]]",
      "[9]",
      "&amp;",
      "é",
      "😀",
      "\n",
      "{n, plural, one {# x} other {# y}}",
    ];
    for (let run = 0; run < 3_000; run++) {
      let source = "";
      const length = Math.floor(next() * 25);
      for (let i = 0; i < length; i++) source += pick(next, pieces);
      const { text, tokens } = protectPlaceholders(source);
      expect(restorePlaceholders(text, tokens), JSON.stringify(source)).toEqual({ text: source, repaired: 0 });
    }
  });
});
