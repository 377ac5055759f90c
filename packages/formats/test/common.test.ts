import { describe, expect, it } from "vitest";

import { InlineCodes, expandCodes, repairCodes, stripCodes } from "../src/common/inline-codes";
import { decodeText, encodeText } from "../src/common/text-encoding";
import { FormatError } from "../src/filter";

describe("inline codes", () => {
  it("expands codes back to the exact markup and escapes only the text", () => {
    const codes = new InlineCodes();
    const text = `Click ${codes.wrap("here", '<a href="x?a=1&amp;b=2">', "</a>")}${codes.single("<br/>")} & go`;
    expect(text).toBe("Click <g1>here</g1><x2/> & go");
    expect(expandCodes("Pulse <g1>aquí</g1><x2/> & ve", codes, (s) => s.replace(/&/g, "&amp;"))).toBe(
      'Pulse <a href="x?a=1&amp;b=2">aquí</a><br/> &amp; ve',
    );
    expect(stripCodes(text)).toBe("Click here & go");
  });

  it("repairs what an engine broke: unknown codes out, broken pairs dropped, lost isolated codes appended", () => {
    const source = "A <g1>b</g1> c <g2>d</g2><x3/>";
    expect(repairCodes(source, "A <g1>b</g1> c <g2>d</g2><x3/>")).toBe(source);
    expect(repairCodes(source, "<g9>A</g9> <g1>b c <g2>d</g1></g2>")).toBe("A b c <g2>d</g2><x3/>");
    expect(repairCodes(source, "A <g1>b</g1><g1>x</g1> c d<x3/><x3/>")).toBe("A bx c d<x3/>");
  });
});

describe("text encoding", () => {
  it("keeps UTF-16LE with its BOM and UTF-8 without one", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]);
    const decoded = decodeText(utf16);
    expect(decoded).toEqual({ text: "hé", encoding: { name: "utf-16le", bom: true } });
    expect(Buffer.from(encodeText(decoded.text, decoded.encoding))).toEqual(Buffer.from(utf16));
    const utf8 = decodeText(new TextEncoder().encode("ça"));
    expect(Buffer.from(encodeText(utf8.text, utf8.encoding)).toString()).toBe("ça");
  });

  it("refuses invalid UTF-8 with the offset, unless a legacy fallback is allowed", () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    expect(() => decodeText(latin1)).toThrow(FormatError);
    expect(() => decodeText(latin1)).toThrow(/offset 3/);
    expect(decodeText(latin1, { fallback: "windows-1252" }).text).toBe("café");
  });
});
