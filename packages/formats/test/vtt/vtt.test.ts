import { WebVTTParser } from "webvtt-parser";
import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { vttFilter } from "../../src/vtt";
import {
  EN_DE,
  fixture,
  leftoverSourceWords,
  normalizeSpace,
  pseudo,
  roundTrip,
  translate,
} from "../support/roundtrip";

const FIXTURES = ["features.vtt", "bom-crlf.vtt"];
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const timingLines = (s: string) => s.split(/\r?\n/).filter((l) => l.includes("-->"));
const validate = (s: string) => new WebVTTParser().parse(s.replace(/^\ufeff/, ""), "metadata");

describe("vtt extract", () => {
  it("takes cue text only: not the header, STYLE, REGION, NOTE, cue ids or settings", async () => {
    const segments = await vttFilter.extract(fixture("vtt", "features.vtt"), EN_DE);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["1", "Welcome to the show, everybody."],
      ["2", "<g1>Thanks & hello!</g1> <g2>It is</g2> great to be here."],
      ["3.1", "Did you see that?"],
      ["3.2", "I did\u00a0not."],
      ["4", "<g2>Tokyo<g1>capital</g1></g2> is a big city with <x3/>many people and even more trains."],
      ["6", "Goodbye for now <3"],
    ]);
    expect(segments[0]?.context).toBe("cue intro 00:00:01.000 --> 00:00:04.000 align:start line:0 region:fred");
  });
});

describe("vtt merge", () => {
  it.each(FIXTURES)("gives back %s byte for byte with an identity engine", async (name) => {
    const file = fixture("vtt", name);
    const { output } = await roundTrip(vttFilter, file, (t) => t);
    expect(Buffer.from(output)).toEqual(Buffer.from(file));
  });

  it.each(FIXTURES)(
    "pseudo-translates %s into valid WebVTT with the same timing lines and no source text",
    async (name) => {
      const file = fixture("vtt", name);
      const { source, output, again } = await roundTrip(vttFilter, file, pseudo);
      expect(again.map((s) => [s.id, normalizeSpace(s.text)])).toEqual(
        source.map((s) => [s.id, normalizeSpace(pseudo(s.text))]),
      );
      expect(timingLines(text(output))).toEqual(timingLines(text(file)));
      expect(leftoverSourceWords(source, text(output))).toEqual([]);
      // The validator predates REGION blocks and header metadata: the output may not add any error.
      const before = validate(text(file));
      const after = validate(text(output));
      expect(after.errors).toEqual(before.errors);
      expect(after.cues).toHaveLength(before.cues.length);
    },
  );

  it("gives a clean file that the validator accepts with zero errors", async () => {
    const { output } = await roundTrip(vttFilter, fixture("vtt", "bom-crlf.vtt"), pseudo);
    expect(validate(text(output)).errors).toEqual([]);
    expect([...output.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(output).endsWith("⟧")).toBe(true);
    expect(text(output)).toContain("2\r\n00:00:02.500 --> 00:00:04.000 line:90%\r\n⟦");
  });

  it("keeps everything around the cue text and escapes what WebVTT needs", async () => {
    const file = fixture("vtt", "features.vtt");
    const source = text(file);
    const translations = new Map([
      ["1", "Willkommen zur Show, alle --> zusammen."],
      ["2", "<g1>Danke & hallo!</g1> <g2>Es ist</g2> schön, hier zu sein."],
      ["3.2", "Ich\u00a0nicht."],
      ["6", "Bis bald <3"],
    ]);
    const output = text(await vttFilter.merge(file, translations, EN_DE));
    const head = source.slice(0, source.indexOf("intro\n"));
    expect(output.startsWith(head)).toBe(true);
    expect(output).toContain(
      "intro\n00:00:01.000 --> 00:00:04.000 align:start line:0 region:fred\n<v Anna>Willkommen zur Show, alle --&gt; zusammen.\n",
    );
    const cue2 = /position:10%,line-left\n(.+)\n(.+)\n\n/.exec(output);
    expect(`${cue2?.[1]} ${cue2?.[2]}`).toBe(
      "<v.loud Bob>Danke &amp; hallo!</v> <c.loud>Es ist</c> schön, hier zu sein.",
    );
    expect(output).toContain("- Did you see that?\n- Ich&nbsp;nicht.\n");
    expect(output).toContain("NOTE\nA note block between cues.\n\n00:02:18.000 --> 00:02:20.000\nBis bald &lt;3\n");
    expect(validate(output).errors).toEqual(validate(source).errors);
  });

  it("is deterministic", async () => {
    const file = fixture("vtt", "features.vtt");
    const segments = await vttFilter.extract(file, EN_DE);
    const a = await vttFilter.merge(file, translate(segments, pseudo), EN_DE);
    const b = await vttFilter.merge(file, translate(segments, pseudo), EN_DE);
    expect(Buffer.from(a)).toEqual(Buffer.from(b));
  });
});

describe("vtt refuses files that are not WebVTT", () => {
  const refuse = async (content: string | Uint8Array) => {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    try {
      await vttFilter.extract(bytes, EN_DE);
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return error as FormatError;
    }
    throw new Error("expected a FormatError");
  };

  it("needs the WEBVTT signature", async () => {
    expect((await refuse("1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n")).message).toMatch(
      /^Line 1: a WebVTT file starts with "WEBVTT"/,
    );
    expect((await refuse("WEBVTTX\n")).code).toBe("invalid_file");
  });

  it("names the line when no block has a timing it can read", async () => {
    const error = await refuse("WEBVTT\n\nHello\nthere\n\nmore prose\n");
    expect(error.code).toBe("invalid_file");
    expect(error.message).toMatch(/^Line 3: expected a cue timing/);
  });

  it("refuses tags nested too deeply to walk, instead of crashing", async () => {
    const error = await refuse(
      `WEBVTT\n\n00:00.000 --> 00:01.000\n${"<i>".repeat(60000)}Hello${"</i>".repeat(60000)}\n`,
    );
    expect(error.message).toMatch(/nested too deeply/);
  });

  it("refuses an empty file and bytes that are not UTF-8", async () => {
    expect((await refuse("")).code).toBe("invalid_file");
    expect((await refuse(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x0a, 0xe9]))).code).toBe(
      "invalid_encoding",
    );
  });
});

describe("STYLE blocks with a blank line", () => {
  it("accepts them as browsers do and keeps the style sheet byte for byte", async () => {
    const source =
      "WEBVTT\n\nSTYLE\n::cue {\n  color: yellow;\n}\n\n::cue(b) {\n  color: red;\n}\n\n00:00:01.000 --> 00:00:02.000\nHello there\n";
    const file = new TextEncoder().encode(source);
    const opts = { sourceLang: "en", targetLang: "es" };
    const segments = await vttFilter.extract(file, opts);
    expect(segments.map((s) => s.text)).toEqual(["Hello there"]);
    const out = new TextDecoder().decode(await vttFilter.merge(file, new Map([["1", "Hola"]]), opts));
    expect(out).toBe(source.replace("Hello there", "Hola"));
    await expect(vttFilter.extract(new TextEncoder().encode("WEBVTT\n\nnot a cue\n"), opts)).rejects.toThrow(
      /Line 3: expected a cue timing/,
    );
  });
});

/** Options that collect the filter's warnings, as the document job does. */
function collecting() {
  const warnings: string[] = [];
  return { warnings, options: { ...EN_DE, warn: (w: string) => warnings.push(w) } };
}
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("vtt as real files write it", () => {
  it("starts a new cue at a timing line that follows cue text without a blank line (YouTube)", async () => {
    // webvtt-py's youtube_dl.vtt fixture, as YouTube writes auto-captions.
    const source = [
      "WEBVTT",
      "",
      "00:04:46.470 --> 00:05:04.080 align:start position:0%",
      "yeah",
      "<c.colorCCCCCC>what</c>",
      "00:05:04.080 --> 00:05:05.069 align:start position:0%",
      "this is it",
      "",
    ].join("\n");
    const segments = await vttFilter.extract(utf8(source), EN_DE);
    expect(segments.map((s) => s.text)).toEqual(["yeah <g1>what</g1>", "this is it"]);
    const out = text(await vttFilter.merge(utf8(source), translate(segments, pseudo), EN_DE));
    expect(timingLines(out)).toEqual(timingLines(source));
    expect(out).not.toContain("yeah");
    // Browsers' parser (webvtt-parser) reads the same two cues from the translation.
    const starts = (s: string) => (validate(s).cues as { startTime: number }[]).map((c) => c.startTime);
    expect(starts(out)).toEqual(starts(source));
    expect(validate(out).cues).toHaveLength(2);
  });

  it("translates karaoke cues as whole sentences: no word is lost to its own timing tag", async () => {
    const cue = "this<00:05:04.199><c> will</c><c.colorE5E5E5><00:05:04.379><c> happen</c></c>";
    const source = `WEBVTT\n\n00:05:04.080 --> 00:05:05.069 align:start position:0%\n${cue}\n`;
    const segments = await vttFilter.extract(utf8(source), EN_DE);
    // One sentence for the engine; the styled <c.colorE5E5E5> stays a code around its words.
    expect(segments.map((s) => s.text)).toEqual(["this will<g1> happen</g1>"]);
    // "will happen" is one word in Spanish: an engine that merges them leaves no empty tag.
    const out = text(await vttFilter.merge(utf8(source), new Map([["1", "esto<g1> pasará</g1>"]]), EN_DE));
    expect(out).toContain("\nesto<c.colorE5E5E5> pasará</c>\n");
    expect(validate(out).errors).toEqual([]);
    // Left as it was, the cue keeps its word timings byte for byte.
    expect(
      text(
        await vttFilter.merge(
          utf8(source),
          translate(segments, (t) => t),
          EN_DE,
        ),
      ),
    ).toBe(source);
  });

  it("reads timings without milliseconds or with two-digit fractions as players do, and says so", async () => {
    // astisub's example-in.vtt, a parser-leniency fixture.
    const source =
      "WEBVTT\n\n1\n00:01:39 --> 00:01:41.04 region:bill\n(deep rumbling)\n\n00:02:20.240 --> 00:02:22.280\nSmells like rain.\n";
    const { warnings, options } = collecting();
    const segments = await vttFilter.extract(utf8(source), options);
    expect(segments.map((s) => s.text)).toEqual(["(deep rumbling)", "Smells like rain."]);
    expect(warnings).toEqual(["1 cue timing line is not standard (line 4): kept as written, the cue text translated."]);
    const out = text(await vttFilter.merge(utf8(source), translate(segments, pseudo), options));
    expect(timingLines(out)).toEqual(timingLines(source));
    expect(out).not.toContain("deep rumbling");
  });

  it("keeps a block it cannot read as it is and translates the rest", async () => {
    const source = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n\n00:00:03 to 00:00:04\nBye\n";
    const { warnings, options } = collecting();
    const segments = await vttFilter.extract(utf8(source), options);
    expect(segments.map((s) => s.text)).toEqual(["Hello"]);
    expect(warnings).toEqual(["1 block has no cue timing that can be read (line 6): kept as written, not translated."]);
    const out = text(await vttFilter.merge(utf8(source), new Map([["1", "Hallo"]]), options));
    expect(out).toBe(source.replace("Hello", "Hallo"));
  });
});
