import { describe, expect, it } from "vitest";

import { segmentText } from "../src/translation/segment-text";
import { pick, random } from "./translation-helpers";

const split = (text: string, lang?: string) => segmentText(text, lang).segments;

describe("segmentText: where sentences end", () => {
  it.each([
    ["Mr. Smith arrived. He left.", ["Mr. Smith arrived.", "He left."]],
    ["Mrs. Jones and Dr. Who met. They talked.", ["Mrs. Jones and Dr. Who met.", "They talked."]],
    ["Version 3.14 is out. Get it!", ["Version 3.14 is out.", "Get it!"]],
    ["Use a fruit, e.g. Apples are fine. Then eat.", ["Use a fruit, e.g. Apples are fine.", "Then eat."]],
    [
      "Some fruit, i.e. apples, pears, etc. are fine. Done.",
      ["Some fruit, i.e. apples, pears, etc. are fine.", "Done."],
    ],
    ["I bought apples, pears, etc. Then I left.", ["I bought apples, pears, etc.", "Then I left."]],
    ["It was Ali vs. Frazier. Nobody forgot.", ["It was Ali vs. Frazier.", "Nobody forgot."]],
    ["See No. 5 in the list. It is short.", ["See No. 5 in the list.", "It is short."]],
    ["He moved to the U.S. Army base. It was big.", ["He moved to the U.S. Army base.", "It was big."]],
    ["J. R. R. Tolkien wrote it. We read it.", ["J. R. R. Tolkien wrote it.", "We read it."]],
    ["Wait... what? I was... Then it happened.", ["Wait... what?", "I was...", "Then it happened."]],
    ["Well… maybe. Yes.", ["Well… maybe.", "Yes."]],
    ["Usage: %s [OPTION]... [FILE]... Then run it.", ["Usage: %s [OPTION]... [FILE]...", "Then run it."]],
    ['He said "Hi." Then…', ['He said "Hi."', "Then…"]],
    ["(It works.) Then it fails!", ["(It works.)", "Then it fails!"]],
    ["Really?! Yes!! No.", ["Really?!", "Yes!!", "No."]],
    ["Yahoo! is a company. Really.", ["Yahoo! is a company.", "Really."]],
    ["Visit https://example.com/a.b?c=1. Then go.", ["Visit https://example.com/a.b?c=1.", "Then go."]],
    ["Mail john.doe@example.co.uk. He answers.", ["Mail john.doe@example.co.uk.", "He answers."]],
    ["Open file.txt now. Save it.", ["Open file.txt now.", "Save it."]],
    [
      "Done: {count, plural, one {# file. Saved.} other {# files. Saved.}}. Next one.",
      ["Done: {count, plural, one {# file. Saved.} other {# files. Saved.}}.", "Next one."],
    ],
    ['<a title="Hi. There">link</a> here. Next.', ['<a title="Hi. There">link</a> here.', "Next."]],
    ["It is 5 p.m. Then we eat.", ["It is 5 p.m.", "Then we eat."]],
    [`Far apart.${" ".repeat(100)}Still two.`, ["Far apart.", "Still two."]],
  ])("%j", (text, expected) => {
    expect(split(text, "en")).toEqual(expected);
  });

  it.each([
    [
      "es",
      "El Sr. García llegó. La Sra. López también. ¿Vienes? ¡Sí!",
      ["El Sr. García llegó.", "La Sra. López también.", "¿Vienes?", "¡Sí!"],
    ],
    ["es", "¿Qué hora es? Son las tres.", ["¿Qué hora es?", "Son las tres."]],
    [
      "fr",
      "M. Dupont et Mme Durand sont là. Ils partent. Me Martin aussi.",
      ["M. Dupont et Mme Durand sont là.", "Ils partent.", "Me Martin aussi."],
    ],
    ["fr", "Des fruits, p.ex. Pommes ou poires. Voilà.", ["Des fruits, p.ex. Pommes ou poires.", "Voilà."]],
    [
      "de",
      "Das ist z.B. Obst. Dr. Müller kommt am 3. Oktober. Bzw. nicht.",
      ["Das ist z.B. Obst.", "Dr. Müller kommt am 3. Oktober.", "Bzw. nicht."],
    ],
    [
      "de",
      "Äpfel, Birnen usw. Dann gingen wir. Siehe Nr. 5 bzw. Nr. 6.",
      ["Äpfel, Birnen usw.", "Dann gingen wir.", "Siehe Nr. 5 bzw. Nr. 6."],
    ],
    ["pt", "O Sr. Silva chegou. A Dra. Costa saiu.", ["O Sr. Silva chegou.", "A Dra. Costa saiu."]],
    [
      "it",
      "Frutta, ecc. Poi il Sig. Rossi e il Dott. Bianchi. Fine.",
      ["Frutta, ecc.", "Poi il Sig. Rossi e il Dott. Bianchi.", "Fine."],
    ],
    ["it", "Mele, pere ecc. sono buone. Sì.", ["Mele, pere ecc. sono buone.", "Sì."]],
    ["zh", "你好。我很好！你呢？谢谢。", ["你好。", "我很好！", "你呢？", "谢谢。"]],
    ["ja", "こんにちは。元気ですか？", ["こんにちは。", "元気ですか？"]],
    ["zh", "价格是３．５元。好的。", ["价格是３．５元。", "好的。"]],
  ])("%s: %j", (lang, text, expected) => {
    expect(split(text, lang)).toEqual(expected);
  });

  it("does not treat an English word as a French abbreviation", () => {
    expect(split("Call me. Then go.", "en")).toEqual(["Call me.", "Then go."]);
    expect(split("Call me. Then go.")).toEqual(["Call me.", "Then go."]);
  });

  it("uses the abbreviations of every listed language when no source language is given", () => {
    expect(split("Frau Dr. Müller, z.B. Obst. Sr. García llegó. Fin.")).toEqual([
      "Frau Dr. Müller, z.B. Obst.",
      "Sr. García llegó.",
      "Fin.",
    ]);
  });

  it("ends a sentence at every line break, and keeps blank lines out of the segments", () => {
    expect(split("Title\n\nFirst line\r\nsecond line\rthird")).toEqual(["Title", "First line", "second line", "third"]);
  });
});

describe("segmentText: whitespace and line breaks come back exactly", () => {
  it("round-trips tabs, CRLF, blank lines and indentation", () => {
    const text = "  Hello there.\tHow are you?\r\n\r\n  indented\t";
    const result = segmentText(text);
    expect(result.segments).toEqual(["Hello there.", "How are you?", "indented"]);
    expect(result.gaps).toEqual(["  ", "\t", "\r\n\r\n  ", "\t"]);
    expect(result.join(result.segments)).toBe(text);
  });

  it("puts each translation where its sentence was", () => {
    const result = segmentText("First one.  Second one!\n\n\tThird one?\n");
    expect(result.join(["Uno.", "Dos!", "Tres?"])).toBe("Uno.  Dos!\n\n\tTres?\n");
    expect(result.join([" Uno. ", "\tDos!", "Tres?\u00a0"])).toBe("Uno.  Dos!\n\n\tTres?\n");
  });

  it("returns no segments for empty or blank input, and joins back to it", () => {
    for (const text of ["", " ", "\n", "\r\n\t \r\n", "\u00a0\u3000"]) {
      const result = segmentText(text);
      expect(result.segments).toEqual([]);
      expect(result.join([])).toBe(text);
    }
  });

  it("refuses a translation list of the wrong length", () => {
    expect(() => segmentText("One. Two.").join(["Uno."])).toThrow(RangeError);
  });

  const PIECES = [
    "Mr.",
    "Dr.",
    "e.g.",
    "U.S.",
    "3.14",
    "word",
    "Word",
    "J.",
    "é",
    "Über",
    "¿Qué",
    "?",
    "!",
    ".",
    "…",
    "...",
    "。",
    "！",
    "你好",
    '"',
    "'",
    ")",
    "(",
    "{name}",
    "%s",
    "<b>",
    "</b>",
    "https://x.io/a.b",
    "a@b.co",
    "😀",
    "\u00a0",
    " ",
    " ",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    "\u2028",
    "\f",
    "\v",
  ];

  it("holds join(segments) === text, and segment invariants, for 3,000 random strings", () => {
    const next = random(20_260_301);
    for (let run = 0; run < 3_000; run++) {
      let text = "";
      const length = Math.floor(next() * 40);
      for (let i = 0; i < length; i++) text += pick(next, PIECES);
      const lang = [undefined, "en", "de", "fr", "es", "pt", "it", "zh"][run % 8];
      const result = segmentText(text, lang);
      const context = JSON.stringify({ text, lang });
      expect(result.join(result.segments), context).toBe(text);
      expect(result.gaps.length, context).toBe(result.segments.length + 1);
      for (const segment of result.segments) {
        expect(segment.length, context).toBeGreaterThan(0);
        expect(segment, context).not.toMatch(/[\n\r\v\f\u0085\u2028\u2029]/);
        expect(segment, context).not.toMatch(/^\s|\s$/u);
      }
      for (const gap of result.gaps) expect(gap, context).toMatch(/^\s*$/u);
    }
  });

  // Its speed is measured by a benchmark, not asserted here; a regression to quadratic work
  // would show as this test's timeout.
  it("segments half a million characters", () => {
    const text = "Mr. Smith arrived at 3.14 p.m. with J. R. R. Tolkien. He left!\n".repeat(8_000);
    const result = segmentText(text, "en");
    expect(result.segments.length).toBe(16_000);
    expect(result.join(result.segments)).toBe(text);
  });
});
