import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { srtFilter } from "../../src/srt";
import {
  EN_DE,
  fixture,
  leftoverSourceWords,
  normalizeSpace,
  pseudo,
  roundTrip,
  translate,
} from "../support/roundtrip";

const FIXTURES = ["features.srt", "bom-crlf.srt", "windows-1252.srt"];
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const timingLines = (s: string) => s.split(/\r?\n/).filter((l) => l.includes("-->"));

describe("srt extract", () => {
  it("gives one segment per cue, dialogue lines apart, tags as codes, nothing from timings or indexes", async () => {
    const segments = await srtFilter.extract(fixture("srt", "features.srt"), EN_DE);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["1", "The rain in Spain stays mainly on the plain."],
      ["2.1", "Where are you going?"],
      ["2.2", "Home, before the storm."],
      [
        "3",
        "<g1>This is a very long sentence that somebody wrote on three lines because the speaker would not stop.</g1>",
      ],
      ["5", "<g1>Yellow warning</g1> ahead & <g2>beware</g2>."],
      ["7", "Thank you for watching."],
    ]);
    expect(segments[0]?.context).toBe("cue 1 00:00:01,000 --> 00:00:03,500 X1:100 X2:600 Y1:20 Y2:80");
  });
});

describe("srt merge", () => {
  it.each(FIXTURES)("gives back %s byte for byte with an identity engine", async (name) => {
    const file = fixture("srt", name);
    const { output } = await roundTrip(srtFilter, file, (t) => t);
    expect(Buffer.from(output)).toEqual(Buffer.from(file));
  });

  it.each(FIXTURES)("pseudo-translates %s: same ids, same timing lines, no source text left", async (name) => {
    const file = fixture("srt", name);
    const { source, output, again } = await roundTrip(srtFilter, file, pseudo);
    expect(again.map((s) => [s.id, normalizeSpace(s.text)])).toEqual(
      source.map((s) => [s.id, normalizeSpace(pseudo(s.text))]),
    );
    const decoded = text(output);
    const original = name === "windows-1252.srt" ? iconv.decode(Buffer.from(file), "windows-1252") : text(file);
    expect(timingLines(decoded)).toEqual(timingLines(original));
    expect(leftoverSourceWords(source, decoded)).toEqual([]);
  });

  it("keeps coordinates, {\\an8}, dialogue dashes and the line count of every cue", async () => {
    const file = fixture("srt", "features.srt");
    const { output } = await roundTrip(srtFilter, file, pseudo);
    const blocks = text(output)
      .split("\n\n")
      .filter((b) => b.trim() !== "");
    const before = text(file)
      .split("\n\n")
      .filter((b) => b.trim() !== "");
    expect(blocks).toHaveLength(before.length);
    blocks.forEach((block, i) => expect(block.split("\n").length).toBe(before[i]?.split("\n").length));
    expect(blocks[0]).toMatch(/^1\n00:00:01,000 --> 00:00:03,500 X1:100 X2:600 Y1:20 Y2:80\n\{\\an8\}⟦/);
    expect(blocks[1]?.split("\n").slice(2)).toEqual([
      "- ⟦Whéré áré ýöü göíñg?······⟧",
      "- ⟦Hömé, béföré thé štörm.·······⟧",
    ]);
    expect(blocks[2]?.split("\n")[2]).toMatch(/^⟦<i>/);
    expect(blocks[2]?.split("\n")[4]).toMatch(/<\/i>·+⟧$/);
    expect(blocks[3]).toBe("4\n00:00:09,500 --> 00:00:10,000");
    expect(blocks[5]).toBe("6\n00:00:12,500 --> 00:00:14,000\n♪ ♪");
  });

  it("keeps the BOM and CRLF line endings", async () => {
    const { output } = await roundTrip(srtFilter, fixture("srt", "bom-crlf.srt"), pseudo);
    expect([...output.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(output).replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text(output)).toMatch(/\r\n2\r\n00:00:02,500 --> 00:00:04,000\r\n⟦[^\r\n]+\r\n[^\r\n]+⟧\r\n\r\n3\r\n/);
  });

  it("writes a windows-1252 file back in windows-1252", async () => {
    const file = fixture("srt", "windows-1252.srt");
    const [segment] = await srtFilter.extract(file, EN_DE);
    expect(segment?.text).toBe("Café crème, s'il vous plaît.");
    const output = await srtFilter.merge(file, new Map([["1", "Kaffee mit Sahne, bitte schön."]]), EN_DE);
    expect(iconv.decode(Buffer.from(output), "windows-1252")).toBe(
      "1\n00:00:01,000 --> 00:00:02,000\nKaffee mit Sahne, bitte schön.\n",
    );
    expect(output.includes(0xf6)).toBe(true);
  });

  it("switches a windows-1252 file to UTF-8 with a BOM when the translation needs letters it cannot hold", async () => {
    const file = fixture("srt", "windows-1252.srt");
    const output = await srtFilter.merge(file, new Map([["1", "Kawa ze śmietanką, proszę."]]), EN_DE);
    expect(Buffer.from(output).toString("utf8")).toBe(
      "\ufeff1\n00:00:01,000 --> 00:00:02,000\nKawa ze śmietanką, proszę.\n",
    );
  });

  it("never lets a translation add a blank line or a timing arrow to a payload", async () => {
    const file = fixture("srt", "bom-crlf.srt");
    const output = text(await srtFilter.merge(file, new Map([["1", "Guten Morgen,\n\nalle --> zusammen."]]), EN_DE));
    expect(output).toContain("00:00:01,000 --> 00:00:02,000\r\nGuten Morgen, alle → zusammen.\r\n\r\n\r\n2\r\n");
    expect(await srtFilter.extract(new TextEncoder().encode(output), EN_DE)).toHaveLength(4);
  });

  it("repairs codes an engine broke and keeps untranslated cues as they were", async () => {
    const file = fixture("srt", "features.srt");
    const output = text(
      await srtFilter.merge(file, new Map([["5", "Gelbe <g9>Warnung</g9> voraus <g2>Vorsicht</g2>."]]), EN_DE),
    );
    expect(output).toContain("\nGelbe Warnung voraus <b>Vorsicht</b>.\n");
    expect(output).toContain("{\\an8}The rain in Spain stays mainly\non the plain.\n");
  });

  it("translates dialogue lines apart even when a tag comes before the dash", async () => {
    const file = new TextEncoder().encode(
      "1\n00:00:01,000 --> 00:00:02,000\n<i>- Are you there?</i>\n<i>- I am here.</i>\n",
    );
    const segments = await srtFilter.extract(file, EN_DE);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["1.1", "<g1>- Are you there?</g1>"],
      ["1.2", "<g1>- I am here.</g1>"],
    ]);
    const output = await srtFilter.merge(
      file,
      new Map([
        ["1.1", "<g1>- Bist du da?</g1>"],
        ["1.2", "<g1>- Ich bin hier.</g1>"],
      ]),
      EN_DE,
    );
    expect(text(output)).toBe("1\n00:00:01,000 --> 00:00:02,000\n<i>- Bist du da?</i>\n<i>- Ich bin hier.</i>\n");
  });

  it("is deterministic", async () => {
    const file = fixture("srt", "features.srt");
    const segments = await srtFilter.extract(file, EN_DE);
    const a = await srtFilter.merge(file, translate(segments, pseudo), EN_DE);
    const b = await srtFilter.merge(file, translate(segments, pseudo), EN_DE);
    expect(Buffer.from(a)).toEqual(Buffer.from(b));
  });
});

describe("srt refuses files that are not subtitles", () => {
  const refuse = async (content: string | Uint8Array) => {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    try {
      await srtFilter.extract(bytes, EN_DE);
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return error as FormatError;
    }
    throw new Error("expected a FormatError");
  };

  it("names the line when no block has a timing it can read", async () => {
    const error = await refuse("1\n00:00:01 to 00:00:02\nHello\n");
    expect(error.code).toBe("invalid_file");
    expect(error.message).toMatch(/^Line 2: expected a cue timing/);
  });

  it("refuses an empty file, prose, a binary file and invalid UTF-16", async () => {
    expect((await refuse("")).code).toBe("invalid_file");
    expect((await refuse("Dear diary,\nthis is not a subtitle.\n")).message).toMatch(/^Line 1:/);
    expect((await refuse(new Uint8Array([0x31, 0x0a, 0x00, 0x01, 0x02]))).code).toBe("invalid_file");
    expect((await refuse(new Uint8Array([0xff, 0xfe, 0x31]))).code).toBe("invalid_encoding");
    expect((await refuse("\n\n\n")).code).toBe("invalid_file");
  });
});

describe("srt timings players read", () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it("translates cues whose timing has no milliseconds or a two-digit fraction, with a warning", async () => {
    // astisub's example-in.srt, a parser-leniency fixture.
    const source =
      "1\n00:01:39 --> 00:01:41,04\n(deep rumbling)\n\n2\n00:02:20,240 --> 00:02:22,280\nSmells like rain.\n";
    const warnings: string[] = [];
    const options = { ...EN_DE, warn: (w: string) => warnings.push(w) };
    const segments = await srtFilter.extract(utf8(source), options);
    expect(segments.map((s) => s.text)).toEqual(["(deep rumbling)", "Smells like rain."]);
    expect(warnings).toEqual(["1 cue timing line is not standard (line 2): kept as written, the cue text translated."]);
    const out = text(await srtFilter.merge(utf8(source), translate(segments, pseudo), options));
    expect(timingLines(out)).toEqual(timingLines(source));
    expect(out).not.toContain("deep rumbling");
  });

  it("keeps a block without a readable timing as it is and translates the rest", async () => {
    const source = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03 to 00:00:04\nBye\n";
    const warnings: string[] = [];
    const options = { ...EN_DE, warn: (w: string) => warnings.push(w) };
    const segments = await srtFilter.extract(utf8(source), options);
    expect(segments.map((s) => s.text)).toEqual(["Hello"]);
    expect(warnings).toEqual(["1 block has no cue timing that can be read (line 6): kept as written, not translated."]);
    expect(text(await srtFilter.merge(utf8(source), new Map([["1", "Hallo"]]), options))).toBe(
      source.replace("Hello", "Hallo"),
    );
  });
});

describe("srt re-wrapping", () => {
  it("never starts a line with a dash, which would make it a dialogue line of its own", async () => {
    const source = "1\n00:00:01,000 --> 00:00:02,000\nWait for it\nthe end\n";
    const file = new TextEncoder().encode(source);
    const out = text(await srtFilter.merge(file, new Map([["1", "Esperamos - sí"]]), EN_DE));
    const lines = out.split("\n").slice(2, 4);
    expect(lines.join(" ")).toBe("Esperamos - sí");
    expect(lines.filter((l) => /^\s*-/.test(l))).toEqual([]);
    expect((await srtFilter.extract(new TextEncoder().encode(out), EN_DE)).map((s) => s.id)).toEqual(["1"]);
  });
});
