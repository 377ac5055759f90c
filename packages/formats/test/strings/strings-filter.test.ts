import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { stringsFilter } from "../../src/strings";
import { parseStrings } from "../../src/strings/tokenize";
import { EN_ES, placeholders, pseudo, translateWith } from "../loc-roundtrip";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/strings", name)));
const FIXTURES = ["Localizable-utf16.strings", "InfoPlist.strings", "Nobom-utf16.strings"];
const utf16 = (bytes: Uint8Array) => Buffer.from(bytes.subarray(2)).toString("utf16le");

/** The text outside the values: keys, comments, spacing, `=` and `;`. */
async function skeleton(file: Uint8Array): Promise<string> {
  const marked = await stringsFilter.merge(
    file,
    new Map((await stringsFilter.extract(file, EN_ES)).map((s) => [s.id, "VALUE"])),
    EN_ES,
  );
  return Buffer.from(marked)
    .toString("latin1")
    .replace(/"VALUE"|"(?:\0V\0A\0L\0U\0E)\0"|V\0A\0L\0U\0E\0"\0/g, "");
}

describe("strings filter", () => {
  it("extracts values with their keys, across comments, escapes and unquoted keys", async () => {
    const segments = await stringsFilter.extract(fixture("Localizable-utf16.strings"), EN_ES);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["main.title", "Welcome"],
      ["inbox.summary", "%1$@, you have %2$ld new messages"],
      ["quote.example", 'Press "Done" when ready'],
      ["unquoted_key", "Settings"],
      ["menu.help", "Help"],
    ]);
    const utf8 = await stringsFilter.extract(fixture("InfoPlist.strings"), EN_ES);
    expect(utf8.map((s) => [s.id, s.text])).toEqual([
      ["NSCameraUsageDescription", "The camera is used to scan documents."],
      ["multi", "First line\nSecond line"],
      ["escaped", "Café — open"],
      ["tab\tkey", "Tabbed\tvalue"],
      ["same", "Same"],
      ["same#2", "Same again"],
    ]);
  });

  it.each(FIXTURES)("gives back %s byte-identical with an identity engine", async (name) => {
    const file = fixture(name);
    const { output } = await translateWith(stringsFilter, file, (t) => t);
    expect(Buffer.from(output).equals(Buffer.from(file))).toBe(true);
  });

  it.each(FIXTURES)("pseudo-translates %s: same keys, encoding and skeleton, no source text left", async (name) => {
    const file = fixture(name);
    const { segments, output } = await translateWith(stringsFilter, file, pseudo);
    const again = await stringsFilter.extract(output, EN_ES);
    expect(again.map((s) => s.id)).toEqual(segments.map((s) => s.id));
    again.forEach((s, i) => {
      const source = segments[i]?.text ?? "";
      expect(s.text).toBe(pseudo(source));
      expect(placeholders(s.text)).toEqual(placeholders(source));
    });
    expect(Buffer.from(output.subarray(0, 2)).equals(Buffer.from(file.subarray(0, 2)))).toBe(true);
    expect(await skeleton(output)).toBe(await skeleton(file));
    const second = await translateWith(stringsFilter, file, pseudo);
    expect(Buffer.from(second.output).equals(Buffer.from(output))).toBe(true);
  });

  it("writes UTF-16LE with its BOM and CRLF, escaping quotes, the way the file did", async () => {
    const { output } = await translateWith(stringsFilter, fixture("Localizable-utf16.strings"), (t) =>
      t.startsWith("Press") ? 'Pulse "Hecho" \\ listo' : t,
    );
    expect([output[0], output[1]]).toEqual([0xff, 0xfe]);
    const text = utf16(output);
    expect(text).toContain('// A line comment\r\n"quote.example" = "Pulse \\"Hecho\\" \\\\ listo";\r\n');
    expect(parseStrings(text).map((p) => p.key.value)).toEqual(
      parseStrings(utf16(fixture("Localizable-utf16.strings"))).map((p) => p.key.value),
    );
  });

  it("keeps real line breaks where the value had them, and \\U escapes in an ASCII file", async () => {
    const { output } = await translateWith(stringsFilter, fixture("InfoPlist.strings"), (t) =>
      t === "Café — open" ? "Señal — ábrela" : t === "First line\nSecond line" ? "Primera línea\nSegunda" : t,
    );
    const text = Buffer.from(output).toString();
    // The file is ASCII-only and escapes with \U: so does the translation.
    expect(text).toContain('"multi" = "Primera l\\U00EDnea\nSegunda";');
    expect(text).toContain('"escaped" = "Se\\U00F1al \\U2014 \\U00E1brela";');
  });

  it("refuses a broken file with a line and column", async () => {
    await expect(
      stringsFilter.extract(new TextEncoder().encode('"a" = "b";\n"c" = "d"\n"e" = "f";'), EN_ES),
    ).rejects.toThrow(/line 3, column 1: expected ";"/);
    await expect(stringsFilter.extract(new TextEncoder().encode('"a" = "b'), EN_ES)).rejects.toMatchObject({
      code: "invalid_file",
    });
    await expect(stringsFilter.extract(new TextEncoder().encode("/* never closed"), EN_ES)).rejects.toMatchObject({
      code: "invalid_file",
    });
    await expect(
      stringsFilter.extract(new Uint8Array([0x22, 0x61, 0x22, 0x3d, 0x22, 0xff, 0x22, 0x3b]), EN_ES),
    ).rejects.toMatchObject({
      code: "invalid_encoding",
    });
  });
});

describe("strings as real apps write them", () => {
  it("translates values only: keys (often the English text), comments and printf placeholders stay (Sparkle)", async () => {
    const source = [
      "/* No comment provided by engineer. */",
      '"%@ %@ is currently the newest version available." = "%1$@ %2$@ is currently the newest version available.";',
      "",
      '"CFBundleIdentifier" = "org.sparkle-project.Sparkle";',
      "",
    ].join("\n");
    const file = new TextEncoder().encode(source);
    const { segments, output } = await translateWith(stringsFilter, file, pseudo);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["%@ %@ is currently the newest version available.", "%1$@ %2$@ is currently the newest version available."],
    ]);
    const out = new TextDecoder().decode(output);
    expect(out).toContain(
      '/* No comment provided by engineer. */\n"%@ %@ is currently the newest version available." = "⟦%1$@ %2$@',
    );
    expect(out).toContain('"CFBundleIdentifier" = "org.sparkle-project.Sparkle";');
    expect(placeholders(segments[0]?.text ?? "")).toEqual(placeholders(out.split(" = ")[1] ?? ""));
  });
});
