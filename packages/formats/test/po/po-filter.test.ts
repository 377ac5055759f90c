import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { poFilter } from "../../src/po";
import { parsePo } from "../../src/po/parse";
import { EN_ES, placeholders, pseudo, translateWith } from "../loc-roundtrip";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/po", name)));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const EN_PL = { sourceLang: "en", targetLang: "pl" };
const EN_JA = { sourceLang: "en", targetLang: "ja" };

/** `msgfmt -c` (Debian gettext): the output is a catalog gettext accepts, formats checked. */
function msgfmt(po: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "tolk-po-"));
  writeFileSync(join(dir, "out.po"), po);
  return execFileSync("msgfmt", ["-c", "--statistics", "-o", join(dir, "out.mo"), join(dir, "out.po")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

const comments = (po: string) => po.split(/\r?\n/).filter((l) => l.startsWith("#") && l !== "#, fuzzy");

describe("po filter", () => {
  it("extracts the entries to translate: not the header, not fuzzy, not obsolete, not translated", async () => {
    const pot = await poFilter.extract(fixture("messages.pot"), EN_PL);
    expect(pot.map((s) => [s.id, s.text, s.context])).toEqual([
      ["1", "Welcome to the application", undefined],
      ["2", "Hello %1$s, you have %2$d new messages", undefined],
      ["3", "Deleted %d file", undefined],
      ["3/plural", "Deleted %d files", undefined],
      ["4", "Open", "menu"],
      ["5", "Open", "door state"],
      [
        "6",
        "This is a long help text that was wrapped by xgettext because it is longer than seventy-nine columns.\nIt has a second line.\n",
        undefined,
      ],
      ["7", 'Saved %(count)s items to "%(name)s"', undefined],
    ]);
    const po = await poFilter.extract(fixture("app-pl.po"), EN_PL);
    expect(po.map((s) => s.id)).toEqual(["3", "3/plural", "4"]);
  });

  it.each(["messages.pot", "app-pl.po", "messages-crlf.po"])(
    "gives back %s byte-identical when nothing is translated",
    async (name) => {
      const file = fixture(name);
      const output = await poFilter.merge(file, new Map(), EN_PL);
      expect(Buffer.from(output).equals(Buffer.from(file))).toBe(true);
    },
  );

  it("with an identity engine changes only the empty msgstr lines of a target-language catalog", async () => {
    const file = fixture("app-pl.po");
    const { output } = await translateWith(poFilter, file, (t) => t, EN_PL);
    const expected = text(file)
      .replace(
        'msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""',
        'msgstr[0] "Deleted %d file"\nmsgstr[1] "Deleted %d files"\nmsgstr[2] "Deleted %d files"',
      )
      .replace('msgid "Sign out"\nmsgstr ""', 'msgid "Sign out"\nmsgstr "Sign out"');
    expect(text(output)).toBe(expected);
    expect(msgfmt(output)).toBe("");
  });

  it("fills a template for Polish: three plural forms, header set, comments and order kept, msgfmt -c clean", async () => {
    const file = fixture("messages.pot");
    const { segments, output } = await translateWith(poFilter, file, pseudo, EN_PL);
    const out = text(output);
    const header = parsePo(out)[0]?.msgstr[0]?.value ?? "";
    expect(header).toContain("Language: pl\n");
    expect(header).toContain(
      "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n",
    );
    expect(header).toContain("Content-Type: text/plain; charset=UTF-8\n");
    expect(out).not.toContain("#, fuzzy");
    expect(comments(out)).toEqual(comments(text(file)));

    const entries = parsePo(out);
    const bySource = new Map(segments.map((s) => [s.id, s.text]));
    for (const entry of entries.slice(1)) {
      const singular = pseudo(bySource.get(String(entry.ordinal)) ?? "");
      if (entry.msgidPlural) {
        const plural = pseudo(bySource.get(`${entry.ordinal}/plural`) ?? "");
        expect(entry.msgstr.map((s) => s.value)).toEqual([singular, plural, plural]);
      } else {
        expect(entry.msgstr[0]?.value).toBe(singular);
        expect(placeholders(entry.msgstr[0]?.value ?? "")).toEqual(placeholders(entry.msgid.value));
      }
    }
    // The wrapped msgid gets a wrapped msgstr, every line within 79 columns.
    expect(out).toMatch(/msgstr ""\n"⟦Thís~~ ís á lóñg~~/);
    expect(Math.max(...out.split("\n").map((l) => [...l].length))).toBeLessThanOrEqual(79);
    expect(msgfmt(output)).toBe("");
    // Nothing left to translate, and the same input gives the same bytes.
    expect(await poFilter.extract(output, EN_PL)).toEqual([]);
    expect(text((await translateWith(poFilter, file, pseudo, EN_PL)).output)).toBe(out);
  });

  it("gives Japanese one plural form carrying the plural text", async () => {
    const { output } = await translateWith(poFilter, fixture("messages.pot"), pseudo, EN_JA);
    const out = text(output);
    expect(out).toContain('"Plural-Forms: nplurals=1; plural=0;\\n"');
    expect(out).toContain(`msgid_plural "Deleted %d files"\nmsgstr[0] "${pseudo("Deleted %d files")}"\n\n`);
    expect(msgfmt(output)).toBe("");
  });

  it("leaves fuzzy and obsolete entries and keeps the target header of a Polish catalog", async () => {
    const file = fixture("app-pl.po");
    const { output } = await translateWith(poFilter, file, pseudo, EN_PL);
    const out = text(output);
    expect(out).toContain('#, fuzzy\n#| msgid "Settings"\nmsgid "Account settings"\nmsgstr "Ustawienia"\n');
    expect(out).toContain('#~ msgid "Old string"\n#~ msgstr "Stary napis"\n');
    expect(out.split("\n").slice(0, 14)).toEqual(text(file).split("\n").slice(0, 14));
    expect(msgfmt(output)).toBe("");
  });

  it("keeps CRLF line endings, including in the lines it adds", async () => {
    const { output } = await translateWith(poFilter, fixture("messages-crlf.po"), pseudo, EN_PL);
    const out = text(output);
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
    expect(out).toContain('"Language: pl\\n"\r\n');
    expect(msgfmt(output)).toBe("");
  });

  it("refuses a file that is not PO, naming the line", async () => {
    const broken = new TextEncoder().encode('msgid "a"\nmsgstr "b"\n\nthis is not po\n');
    await expect(poFilter.extract(broken, EN_PL)).rejects.toThrow(/line 4/);
    await expect(poFilter.extract(new TextEncoder().encode('msgid "a\nmsgstr ""\n'), EN_PL)).rejects.toBeInstanceOf(
      FormatError,
    );
    await expect(poFilter.extract(new Uint8Array([0x6d, 0xff, 0xfe, 0x41]), EN_PL)).rejects.toMatchObject({
      code: "invalid_encoding",
    });
  });

  it("translates a real catalog (msgunfmt of Debian's sed.mo, emptied by msgfilter) into Spanish: two plural forms, msgfmt -c clean", async () => {
    const translated = fixture("sed-pl.po");
    expect(await poFilter.extract(translated, EN_PL)).toEqual([]);
    const file = fixture("sed-template.po");
    const { segments, output } = await translateWith(poFilter, file, pseudo);
    expect(segments.length).toBe(147); // 146 entries, one of them plural
    const out = text(output);
    const header = parsePo(out)[0]?.msgstr[0]?.value ?? "";
    expect(header).toContain("Language: es\n");
    expect(header).toContain("Plural-Forms: nplurals=2; plural=(n != 1);\n");
    expect(out).toContain(
      `msgid_plural "couldn't write %llu items to %s: %s"\nmsgstr[0] "${pseudo("couldn't write %llu item to %s: %s")}"\nmsgstr[1] "${pseudo("couldn't write %llu items to %s: %s")}"\n\n`,
    );
    expect(msgfmt(output)).toBe("");
    expect(await poFilter.extract(output, EN_ES)).toEqual([]);
  });

  it("gives a catalog without a header one, so gettext knows the charset and plural forms", async () => {
    const file = new TextEncoder().encode('msgid "One apple"\nmsgid_plural "%d apples"\nmsgstr[0] ""\nmsgstr[1] ""\n');
    const { output } = await translateWith(poFilter, file, pseudo, EN_PL);
    expect(
      text(output).startsWith('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: pl\\n"\n'),
    ).toBe(true);
    expect(parsePo(text(output))[1]?.msgstr).toHaveLength(3);
    expect(msgfmt(output)).toBe("");
  });
});

describe("po as real catalogs write it", () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it("accepts a blank line inside the header's strings, as msgfmt does (Kodi's strings.po)", async () => {
    const source = [
      "# Kodi Media Center language file",
      'msgid ""',
      'msgstr ""',
      "",
      '"MIME-Version: 1.0\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Language: en\\n"',
      "",
      'msgctxt "#30100"',
      'msgid "General"',
      'msgstr ""',
      "",
    ].join("\n");
    expect(msgfmt(utf8(source))).toBe("");
    const { segments, output } = await translateWith(poFilter, utf8(source), pseudo);
    expect(segments.map((s) => [s.id, s.text, s.context])).toEqual([["1", "General", "#30100"]]);
    expect(text(output)).toContain(`msgctxt "#30100"\nmsgid "General"\nmsgstr "${pseudo("General")}"`);
    expect(text(output)).toContain('"Language: es\\n"');
    expect(msgfmt(output)).toBe("");
  });

  it("still refuses an entry whose msgstr is missing", async () => {
    await expect(poFilter.extract(utf8('msgid "a"\n\nmsgid "b"\nmsgstr ""\n'), EN_ES)).rejects.toThrow(
      /line 3: a msgid without a msgstr/,
    );
  });

  it("reads a catalog in the source language whose msgstrs copy the msgids as a template, and says so (Weblate)", async () => {
    // bottles.pot from Weblate: `Language: en`, every msgstr a copy of its msgid.
    const source = [
      'msgid ""',
      'msgstr ""',
      '"Language: en\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Plural-Forms: nplurals=2; plural=n != 1;\\n"',
      "",
      "#, python-brace-format",
      'msgid "Backup {0}"',
      'msgstr "Backup {0}"',
      "",
      'msgid "No path specified"',
      'msgstr "No path specified"',
      "",
    ].join("\n");
    const warnings: string[] = [];
    const options = { ...EN_ES, warn: (w: string) => warnings.push(w) };
    const { segments, output } = await translateWith(poFilter, utf8(source), pseudo, options);
    expect(segments.map((s) => s.text)).toEqual(["Backup {0}", "No path specified"]);
    expect(warnings).toEqual([expect.stringMatching(/read as a template/)]);
    const out = text(output);
    expect(out).toContain(`msgstr "${pseudo("Backup {0}")}"`);
    expect(out).toContain('"Language: es\\n"');
    expect(out).not.toContain('msgstr "No path specified"');
    expect(msgfmt(output)).toBe("");
  });

  it("also without a language, when every msgstr copies its msgid; not when one is a real translation", async () => {
    const copies =
      'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Open"\nmsgstr "Open"\n\nmsgid "Close"\nmsgstr ""\n';
    expect((await poFilter.extract(utf8(copies), EN_ES)).map((s) => s.text)).toEqual(["Open", "Close"]);
    const spanish = copies.replace('msgid "Close"\nmsgstr ""', 'msgid "Close"\nmsgstr "Cerrar"');
    expect(await poFilter.extract(utf8(spanish), EN_ES)).toEqual([]);
  });
});
