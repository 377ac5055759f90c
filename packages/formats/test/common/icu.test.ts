import { describe, expect, it } from "vitest";

import { filterFor } from "../../src";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const opts = { sourceLang: "en", targetLang: "es" };
// Upper-cases text outside codes, like an engine that translates every word.
const shout = (text: string) =>
  text.replace(/(<[^>]+>)|([^<]+)/g, (m, code: string | undefined) => code ?? m.toUpperCase());

async function roundTrip(
  ext: string,
  source: string,
  engine = shout,
  options: typeof opts & { warn?: (m: string) => void } = opts,
) {
  const filter = filterFor(ext);
  if (!filter) throw new Error(ext);
  const segments = await filter.extract(enc(source), options);
  const out = await filter.merge(enc(source), new Map(segments.map((s) => [s.id, engine(s.text)])), opts);
  return { segments, out: dec(out) };
}

describe("ICU messages in localization files", () => {
  it("translates each plural/select branch as its own segment and keeps names, keywords, =0, {arg} and # exactly", async () => {
    const source = JSON.stringify({
      files: "You have {count, plural, =0 {no files} one {# file from {name}} other {# files}} left",
      nested:
        "{gender, select, female {She has {n, plural, one {# cat} other {# cats}}} other {They have {n, plural, offset:1 one {# cat} other {# cats}}}}",
      plain: "Hello {name}",
    });
    const { segments, out } = await roundTrip("json", source);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["/files{count:=0}", "no files"],
      ["/files{count:one}", "<x1/> file from <x2/>"],
      ["/files{count:other}", "<x1/> files"],
      ["/files", "You have <x1/> left"],
      ["/nested{gender:female}{n:one}", "<x1/> cat"],
      ["/nested{gender:female}{n:other}", "<x1/> cats"],
      ["/nested{gender:female}", "She has <x1/>"],
      ["/nested{gender:other}{n:one}", "<x1/> cat"],
      ["/nested{gender:other}{n:other}", "<x1/> cats"],
      ["/nested{gender:other}", "They have <x1/>"],
      ["/plain", "Hello {name}"],
    ]);
    expect(JSON.parse(out)).toEqual({
      files: "YOU HAVE {count, plural, =0 {NO FILES} one {# FILE FROM {name}} other {# FILES}} LEFT",
      nested:
        "{gender, select, female {SHE HAS {n, plural, one {# CAT} other {# CATS}}} other {THEY HAVE {n, plural, offset:1 one {# CAT} other {# CATS}}}}",
      plain: "HELLO {NAME}",
    });
  });

  it("quotes braces and # a translation brings into a branch, and keeps a message whose branches are untranslated", async () => {
    const source = JSON.stringify({ k: "{n, plural, one {# item} other {# items}}" });
    const { out } = await roundTrip("json", source, (t) => (t.includes("items") ? `${t} {x} #1` : t));
    expect(JSON.parse(out)).toEqual({ k: "{n, plural, one {# item} other {# items '{'x'}' '#'1}}" });
  });

  it("translates Angular's {VAR_PLURAL, …} in XLIFF with its interpolation codes in the branch", async () => {
    const source = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="p" datatype="html">
        <source>{VAR_PLURAL, plural, =1 {<x id="INTERPOLATION"/> profile} other {profiles}}</source>
      </trans-unit>
    </body>
  </file>
</xliff>`;
    const { segments, out } = await roundTrip("xlf", source);
    expect(segments.map((s) => s.text)).toEqual(["<x1/> profile", "profiles"]);
    expect(out).toContain(
      `<target state="translated" state-qualifier="mt-suggestion">{VAR_PLURAL, plural, =1 {<x id="INTERPOLATION"/> PROFILE} other {PROFILES}}</target>`,
    );
  });
});

describe("XLIFF templates", () => {
  it("reads a file whose target language is its source language as a template, translates every source, sets the target language and warns", async () => {
    const source = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" target-language="en" datatype="plaintext" original="file.ext">
    <body>
      <trans-unit id="1"><source>This value should be false.</source><target>This value should be false.</target></trans-unit>
    </body>
  </file>
</xliff>`;
    const warnings: string[] = [];
    const { out } = await roundTrip("xlf", source, shout, { ...opts, warn: (m) => warnings.push(m) });
    expect(out).toContain(`target-language="es"`);
    expect(out).toContain(
      `<target state="translated" state-qualifier="mt-suggestion">THIS VALUE SHOULD BE FALSE.</target>`,
    );
    expect(warnings).toEqual([expect.stringMatching(/read as a template.*"es"/)]);
    await expect(
      filterFor("xlf")?.extract(enc(source.replace(`target-language="en"`, `target-language="fr"`)), opts),
    ).rejects.toThrow(/target language is "fr"/);
  });
});

describe("ICU arguments used twice in one message", () => {
  it("gives each use its own ids, so an identity engine changes nothing and each use gets its own translation", async () => {
    const source = JSON.stringify({
      m: "{n, plural, one {# file} other {# files}} in {n, plural, one {# folder} other {# folders}}",
    });
    const { segments, out } = await roundTrip("json", source);
    expect(segments.map((s) => s.id)).toEqual(["/m{n:one}", "/m{n:other}", "/m{n#2:one}", "/m{n#2:other}", "/m"]);
    expect(JSON.parse(out)).toEqual({
      m: "{n, plural, one {# FILE} other {# FILES}} IN {n, plural, one {# FOLDER} other {# FOLDERS}}",
    });
    expect((await roundTrip("json", source, (t) => t)).out).toBe(source);
  });
});
