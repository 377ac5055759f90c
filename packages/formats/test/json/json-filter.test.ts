import { readFileSync } from "node:fs";
import { join } from "node:path";

import { parseTree } from "jsonc-parser";
import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { jsonFilter } from "../../src/json";
import { EN_ES, placeholders, pseudo, translateWith } from "../loc-roundtrip";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/json", name)));
const FIXTURES = ["app.json", "ascii-escaped.json", "i18next-bom-crlf.json", "app.arb.json"];

/** Non-string leaves of a JSON text with their paths: must not change. */
function nonStrings(text: string): string[] {
  const out: string[] = [];
  const walk = (node: ReturnType<typeof parseTree>, path: string) => {
    if (!node) return;
    if (node.type === "object")
      for (const p of node.children ?? []) walk(p.children?.[1], `${path}/${String(p.children?.[0]?.value)}`);
    else if (node.type === "array") (node.children ?? []).forEach((c, i) => walk(c, `${path}/${i}`));
    else if (node.type !== "string") out.push(`${path}=${text.slice(node.offset, node.offset + node.length)}`);
  };
  walk(parseTree(text), "");
  return out;
}

describe("json filter", () => {
  it("extracts string leaves only, skipping data-like values and ARB metadata", async () => {
    const segments = await jsonFilter.extract(fixture("app.json"), EN_ES);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["/title", "Welcome back, {name}!"],
      ["/nested/save", "Save changes"],
      ["/title#2", "Duplicate title wins in JSON.parse"],
      ["/items/0", "First item"],
      ["/items/1", "Second item"],
      ["/files", "{count, plural, one {# file} other {# files}}"],
      ["/quote", 'Say "hello" and go\\back'],
      ["/path~1with~0tilde", "Key with a slash"],
    ]);
    const arb = await jsonFilter.extract(fixture("app.arb.json"), EN_ES);
    expect(arb.map((s) => s.id)).toEqual(["/helloWorld", "/nWombats"]);
  });

  it.each(FIXTURES.filter((f) => !f.includes("arb")))(
    "gives back %s byte-identical with an identity engine",
    async (name) => {
      const file = fixture(name);
      const { output } = await translateWith(jsonFilter, file, (t) => t);
      expect(Buffer.from(output).equals(Buffer.from(file))).toBe(true);
    },
  );

  it("sets @@locale of an ARB file and changes nothing else with an identity engine", async () => {
    const file = fixture("app.arb.json");
    const { output } = await translateWith(jsonFilter, file, (t) => t);
    expect(Buffer.from(output).toString()).toBe(
      Buffer.from(file).toString().replace('"@@locale": "en"', '"@@locale": "es"'),
    );
  });

  it.each(FIXTURES)(
    "pseudo-translates %s: same ids, no source text left, same shape and non-string values",
    async (name) => {
      const file = fixture(name);
      const { segments, output } = await translateWith(jsonFilter, file, pseudo);
      const again = await jsonFilter.extract(output, EN_ES);
      expect(again.map((s) => s.id)).toEqual(segments.map((s) => s.id));
      again.forEach((s, i) => {
        const source = segments[i]?.text ?? "";
        expect(s.text).toBe(pseudo(source));
        expect(placeholders(s.text)).toEqual(placeholders(source));
      });
      const [before, after] = [Buffer.from(file).toString(), Buffer.from(output).toString()];
      expect(nonStrings(after)).toEqual(nonStrings(before));
      expect(after.startsWith("\ufeff")).toBe(before.startsWith("\ufeff"));
      expect(after.split("\r\n").length).toBe(before.split("\r\n").length);
      // Determinism: the same input twice gives the same bytes.
      const second = await translateWith(jsonFilter, file, pseudo);
      expect(Buffer.from(second.output).equals(Buffer.from(output))).toBe(true);
    },
  );

  it("keeps big integers, duplicate keys and the source's escape style", async () => {
    const big = await translateWith(jsonFilter, fixture("app.json"), pseudo);
    const text = Buffer.from(big.output).toString();
    expect(text).toContain('"id": 12345678901234567890,');
    expect(text.match(/"title":/g)).toHaveLength(2);
    expect(text).toContain('"quote": "⟦Sáý~ \\"hélló~~\\" áñd~ gó\\\\báçk~~⟧"');

    const escaped = await translateWith(jsonFilter, fixture("ascii-escaped.json"), () => "Café / señor");
    // The file was pure ASCII with \u escapes and escaped slashes: the translation follows suit.
    expect(Buffer.from(escaped.output).toString()).toContain('"greeting": "Caf\\u00e9 \\/ se\\u00f1or"');
  });

  it("refuses a file that does not parse, naming line and column", async () => {
    const broken = new TextEncoder().encode('{\n  "a": "b",\n  "c" "d"\n}');
    await expect(jsonFilter.extract(broken, EN_ES)).rejects.toThrow(/line 3, column 7/);
    await expect(jsonFilter.extract(new Uint8Array(), EN_ES)).rejects.toBeInstanceOf(FormatError);
    await expect(jsonFilter.extract(new Uint8Array([0x7b, 0xff, 0x7d]), EN_ES)).rejects.toMatchObject({
      code: "invalid_encoding",
    });
    const deep = new TextEncoder().encode(`${"[".repeat(200_000)}"x"${"]".repeat(200_000)}`);
    await expect(jsonFilter.extract(deep, EN_ES)).rejects.toMatchObject({
      code: "invalid_file",
      message: "The JSON file is nested more than 256 levels deep (line 1); that is the limit.",
    });
    const atLimit = new TextEncoder().encode(`${'{"a":'.repeat(256)}"Deep text"${"}".repeat(256)}`);
    expect((await jsonFilter.extract(atLimit, EN_ES)).map((s) => s.text)).toEqual(["Deep text"]);
  });
});
