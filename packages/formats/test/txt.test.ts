import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { filterFor } from "../src/registry";
import { txtFilter, wrap } from "../src/txt/txt-filter";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "fixtures", "txt", name)));
const options = { sourceLang: "en", targetLang: "es" };

/** Merges with every segment replaced by `fn(text)`. */
async function mergeWith(file: Uint8Array, fn: (text: string) => string): Promise<Uint8Array> {
  const segments = await txtFilter.extract(file, options);
  return txtFilter.merge(file, new Map(segments.map((s) => [s.id, fn(s.text)])), options);
}

// Pseudo-translation: accented, 30% longer, bracketed, so a wrong splice shows.
const pseudo = (s: string) => `⟦${s.replace(/a/g, "á").replace(/e/g, "é")} ${"x".repeat(Math.ceil(s.length * 0.3))}⟧`;

describe("txt filter", () => {
  it("is registered for .txt", () => {
    expect(filterFor("TXT")).toBe(txtFilter);
  });

  it("gives every fixture back byte-identical through an identity engine", async () => {
    for (const name of ["wrapped.txt", "bom-crlf.txt", "latin1.txt", "mixed-eol.txt"]) {
      const file = fixture(name);
      expect(Buffer.from(await mergeWith(file, (s) => s)), name).toEqual(Buffer.from(file));
    }
  });

  it("gives an untranslated wrapped paragraph back as written, two spaces after a full stop included", async () => {
    // Project Gutenberg's licence header, CRLF.
    const file = Buffer.from(
      "This eBook is for the use of anyone anywhere at no cost and with\r\nalmost no restrictions whatsoever.  You may copy it, give it away or\r\nre-use it under the terms of the Project Gutenberg License included\r\n",
    );
    const segments = await txtFilter.extract(file, options);
    expect(segments).toHaveLength(1);
    expect(Buffer.from(await mergeWith(file, (s) => s))).toEqual(file);
  });

  it("joins a hard-wrapped paragraph into one segment and keeps lists, tables and code line by line", async () => {
    const segments = await txtFilter.extract(fixture("wrapped.txt"), options);
    expect(segments.map((s) => s.text)).toEqual([
      "Release notes",
      "The new version of the editor opens large files much faster than before, because it reads them in small pieces and only draws the lines that are visible on the screen.",
      "Changes:",
      "Faster start.",
      "A new dark theme.",
      "Saved settings are kept.",
      "Name      Size    Date",
      "report    12 KB   Monday",
      "indented code stays as it is",
      "No final newline here.",
    ]);
    expect(new Set(segments.map((s) => s.id)).size).toBe(segments.length);
  });

  it("re-wraps a translated paragraph to the original width and keeps markers, trailing spaces and the missing final newline", async () => {
    const out = new TextDecoder().decode(await mergeWith(fixture("wrapped.txt"), pseudo));
    const lines = out.split("\n");
    const paragraph = lines.slice(2, lines.indexOf("", 2));
    expect(paragraph.length).toBeGreaterThan(3);
    for (const line of paragraph.slice(0, -1)) expect([...line].length).toBeLessThanOrEqual(65);
    expect(paragraph.at(-1)).toMatch(/⟧ {3}$/);
    expect(out).toContain("\n- ⟦Fástér stárt. xxxx⟧\n");
    expect(out).toContain("\n  1. ⟦");
    expect(out).toContain("\n    ⟦indéntéd codé");
    expect(out.endsWith("⟧")).toBe(true);
    // Re-extracting the output gives the same skeleton: the same ids in the same order.
    const again = await txtFilter.extract(new TextEncoder().encode(out), options);
    const source = await txtFilter.extract(fixture("wrapped.txt"), options);
    expect(again.map((s) => s.id)).toEqual(source.map((s) => s.id));
  });

  it("keeps the BOM, CRLF line endings and trailing spaces", async () => {
    const out = Buffer.from(await mergeWith(fixture("bom-crlf.txt"), (s) => s.toUpperCase()));
    expect(out.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(out.subarray(3).toString()).toBe("HELLO WORLD.\r\n\r\nTHE HOUSE IS BIG.  \r\nGOOD MORNING.\r\n");
  });

  it("reads a file that is not UTF-8 as Latin-1 and writes it back in Latin-1", async () => {
    const file = fixture("latin1.txt");
    expect((await txtFilter.extract(file, options))[0]?.text).toBe("Café au lait.");
    const out = await mergeWith(file, (s) => s.replace("Café", "Té"));
    expect(Buffer.from(out)).toEqual(Buffer.from("Té au lait.\nThe garçon is here.\n", "latin1"));
  });

  it("never lets a translation add a line break, and keeps the source for a missing translation", async () => {
    const file = new TextEncoder().encode("One.\nTwo.\n");
    const out = await txtFilter.merge(file, new Map([["b0.0", "Uno\n\nmás."]]), options);
    expect(new TextDecoder().decode(out)).toBe("Uno más.\nTwo.\n");
  });

  it("handles an empty file and a file of blank lines", async () => {
    expect(await txtFilter.extract(new Uint8Array(), options)).toEqual([]);
    const blank = new TextEncoder().encode("\n  \n\t\n");
    expect(await txtFilter.extract(blank, options)).toEqual([]);
    expect(Buffer.from(await mergeWith(blank, pseudo))).toEqual(Buffer.from(blank));
  });

  it("wraps greedily, a word longer than the width on a line of its own", () => {
    expect(wrap("aa bb cc dd", 5, 0)).toEqual(["aa bb", "cc dd"]);
    expect(wrap("a verylongword b", 5, 0)).toEqual(["a", "verylongword", "b"]);
    expect(wrap("aa bb", 5, 2)).toEqual(["aa", "bb"]);
  });
});
