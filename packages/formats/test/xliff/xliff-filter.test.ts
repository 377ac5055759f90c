import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { InlineCodes } from "../../src/common/inline-codes";
import { decodeText } from "../../src/common/text-encoding";
import { filterFor } from "../../src/registry";
import { xliffFilter } from "../../src/xliff";
import { attributesOf, contentToText, localName } from "../../src/xliff/markup";
import { parseXml } from "../../src/xml/parse";
import { type XElement } from "../../src/xml/tree";
import { EN_ES, placeholders, pseudo, translateWith } from "../loc-roundtrip";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/xliff", name)));
const FIXTURES = ["app-1.2.xlf", "doc-2.0.xliff", "angular.xlf", "utf16-crlf.xlf"];
const text = (bytes: Uint8Array) => decodeText(bytes).text;

/** `xmllint --noout`: the output is well-formed XML for libxml2 as well. */
function xmllint(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "tolk-xliff-"));
  writeFileSync(join(dir, "out.xlf"), bytes);
  return execFileSync("xmllint", ["--noout", "--nonet", join(dir, "out.xlf")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

interface Pair {
  source: string;
  target?: string;
  sourceCodes: string[];
  targetCodes: string[];
  attributes: Record<string, string>;
}

/** Each unit's source and target as segment text with the markup of their codes, by segment id. */
function pairs(xml: string): Map<string, Pair> {
  const root = parseXml(xml, "output").root;
  const out = new Map<string, Pair>();
  const all = (e: XElement): XElement[] =>
    e.children.filter((c): c is XElement => c.kind === "element").flatMap((c) => [c, ...all(c)]);
  const child = (e: XElement, name: string) =>
    e.children.find((c): c is XElement => c.kind === "element" && localName(c) === name);
  const read = (e: XElement | undefined) => {
    const codes = new InlineCodes();
    const value = e ? contentToText(xml, e, codes) : undefined;
    return {
      value,
      codes: [...codes.paired.values()].flatMap((p) => [p.open, p.close]).concat([...codes.isolated.values()]),
    };
  };
  all(root)
    .filter((e) => localName(e) === "file")
    .forEach((file, f) => {
      const units = all(file).filter((e) => localName(e) === "trans-unit" || localName(e) === "unit");
      units.forEach((unit, u) => {
        const segments =
          localName(unit) === "unit"
            ? unit.children.filter((c): c is XElement => c.kind === "element" && localName(c) === "segment")
            : [unit];
        segments.forEach((segment, s) => {
          const id =
            localName(unit) === "unit"
              ? `${f}/${attributesOf(unit).id ?? u}/${attributesOf(segment).id ?? s}`
              : `${f}/${attributesOf(unit).id ?? u}`;
          const source = read(child(segment, "seg-source") ?? child(segment, "source"));
          const targetElement = child(segment, "target");
          const target = read(targetElement);
          out.set(id, {
            source: source.value ?? "",
            target: target.value,
            sourceCodes: source.codes,
            targetCodes: target.codes,
            attributes: { ...attributesOf(segment), ...(targetElement ? attributesOf(targetElement) : {}) } as Record<
              string,
              string
            >,
          });
        });
      });
    });
  return out;
}

describe("xliff filter", () => {
  it("extracts the units to translate from XLIFF 1.2 with inline codes, skipping final, approved and translate=no", async () => {
    const segments = await xliffFilter.extract(fixture("app-1.2.xlf"), EN_ES);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["0/greeting", "Welcome to the & application"],
      ["0/formatted", "Click <g1>here</g1> to <x2/>continue, or <x3/>read more<x4/>."],
      ["0/fresh", "Needs work"],
      ["0/segmented", "<g1>First sentence.</g1> <g2>Second sentence.</g2>"],
      ["0/placeholder", "Hello %1$s, you have {count} messages"],
    ]);
    expect(segments[0]?.context).toBe("app.greeting");
    expect(segments[3]?.maxLength).toBe(60);
    const v2 = await xliffFilter.extract(fixture("doc-2.0.xliff"), EN_ES);
    expect(v2.map((s) => [s.id, s.text])).toEqual([
      ["0/u1/s1", "Press <g1>Start</g1> to begin."],
      ["0/u1/s2", "Then wait <x1/> seconds."],
      ["0/u4/0", "Inline unit on one line"],
    ]);
  });

  it.each(FIXTURES)("gives back %s byte-identical when nothing is translated", async (name) => {
    const file = fixture(name);
    expect(Buffer.from(await xliffFilter.merge(file, new Map(), EN_ES)).equals(Buffer.from(file))).toBe(true);
  });

  it.each(FIXTURES)(
    "pseudo-translates %s: every target filled, codes byte-exact, the rest untouched, well-formed",
    async (name) => {
      const file = fixture(name);
      const { segments, output } = await translateWith(xliffFilter, file, pseudo);
      expect(segments.length).toBeGreaterThan(0);
      const before = pairs(text(file));
      const after = pairs(text(output));
      expect([...after.keys()]).toEqual([...before.keys()]);
      const translated = new Set(segments.map((s) => s.id));
      for (const [id, pair] of after) {
        const old = before.get(id);
        expect(pair.source).toBe(old?.source);
        if (!translated.has(id)) {
          expect(pair).toEqual(old);
          continue;
        }
        expect(pair.target).toBe(pseudo(pair.source));
        expect(pair.targetCodes).toEqual(pair.sourceCodes);
        expect(placeholders(pair.target ?? "")).toEqual(placeholders(pair.source));
      }
      expect(xmllint(output)).toBe("");
      // Nothing left to translate; the same input gives the same bytes.
      expect(await xliffFilter.extract(output, EN_ES)).toEqual([]);
      expect(Buffer.from((await translateWith(xliffFilter, file, pseudo)).output).equals(Buffer.from(output))).toBe(
        true,
      );
    },
  );

  it("writes 1.2 targets with the source's indentation, mt-suggestion state and the target language", async () => {
    const { output } = await translateWith(xliffFilter, fixture("app-1.2.xlf"), (t) =>
      t.replace("Welcome to the & application", "Bienvenido a la <aplicación> & más"),
    );
    const out = text(output);
    expect(out).toContain(
      '<file source-language="en" datatype="plaintext" original="app.properties" target-language="es">',
    );
    expect(out).toContain(
      '        <source>Welcome to the &amp; application</source>\n        <target state="translated" state-qualifier="mt-suggestion">Bienvenido a la &lt;aplicación&gt; &amp; más</target>\n        <note',
    );
    expect(out).toContain(
      '<target state="translated" state-qualifier="mt-suggestion">Click <g id="1" ctype="bold">here</g> to <x id="2" ctype="lb"/>continue',
    );
    expect(out).toContain('<target state="translated" state-qualifier="mt-suggestion">Needs work</target>');
    expect(out).toContain(
      '</seg-source>\n        <target state="translated" state-qualifier="mt-suggestion"><mrk mtype="seg" mid="1">First sentence.</mrk> <mrk mtype="seg" mid="2">Second sentence.</mrk></target>',
    );
    expect(out).toContain('<target state="final">Ya está</target>');
  });

  it("drops characters XML forbids from an engine's output, so the file stays well-formed", async () => {
    // An engine may echo a control character (a bell, a form feed) or a lone surrogate.
    const { output } = await translateWith(xliffFilter, fixture("app-1.2.xlf"), (t) => `${t}\u0007\u000C\uD800 fin`);
    expect(xmllint(output)).toBe("");
    expect(text(output)).toContain("Needs work fin</target>");
  });

  it("writes 2.0 segment state, trgLang and targets after the source", async () => {
    const { output } = await translateWith(xliffFilter, fixture("doc-2.0.xliff"), (t) => t);
    const out = text(output);
    expect(out).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es">',
    );
    expect(out).toContain(
      '<segment id="s1" state="translated">\n        <source>Press <pc id="1" dataRefStart="d1" dataRefEnd="d2">Start</pc> to begin.</source>\n        <target>Press <pc id="1"',
    );
    expect(out).toContain('<segment id="s2" state="translated">');
    expect(out).toContain(
      '<unit id="u4"><segment state="translated"><source>Inline unit on one line</source><target>Inline unit on one line</target></segment></unit>',
    );
    expect(out).toContain(
      '<segment state="final">\n        <source>Final text</source>\n        <target>Texto final</target>',
    );
  });

  it("keeps Angular's interpolation codes and ICU text exactly", async () => {
    const { output } = await translateWith(xliffFilter, fixture("angular.xlf"), pseudo);
    expect(text(output)).toContain(
      '<target state="translated" state-qualifier="mt-suggestion">⟦Hélló~~ <x id="INTERPOLATION" equiv-text="{{ name }}"/>!⟧</target>',
    );
  });

  it("refuses DTDs, external entities, broken XML, other roots and a different target language", async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff version="1.2"><file><body><trans-unit id="1"><source>&e;</source></trans-unit></body></file></xliff>';
    await expect(xliffFilter.extract(enc(xxe), EN_ES)).rejects.toMatchObject({ code: "unsafe_file" });
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><xliff version="1.2">&lol2;</xliff>';
    await expect(xliffFilter.extract(enc(lol), EN_ES)).rejects.toMatchObject({ code: "unsafe_file" });
    await expect(
      xliffFilter.extract(enc('<xliff version="1.2">\n<file>\n<body></file></xliff>'), EN_ES),
    ).rejects.toThrow(/^Invalid XML at line 3/);
    await expect(xliffFilter.extract(enc("<html/>"), EN_ES)).rejects.toMatchObject({ code: "invalid_file" });
    const deep = `<xliff version="1.2"><file><body><trans-unit id="1"><source>${"<g>".repeat(200_000)}x${"</g>".repeat(200_000)}</source></trans-unit></body></file></xliff>`;
    await expect(xliffFilter.extract(enc(deep), EN_ES)).rejects.toMatchObject({
      code: "unsafe_file",
      message: "The XLIFF file nests elements more than 256 levels deep.",
    });
    const german = '<xliff version="1.2"><file source-language="en" target-language="de"><body/></file></xliff>';
    await expect(xliffFilter.extract(enc(german), EN_ES)).rejects.toThrow(/target language is "de", not "es"/);
    await expect(xliffFilter.extract(enc(german), { sourceLang: "en", targetLang: "de-AT" })).resolves.toEqual([]);
  });
});

describe("xliff filter, legacy encodings", () => {
  it("keeps ISO-8859-1 and writes characters it cannot hold as character references", async () => {
    const file = fixture("latin1.xlf");
    const { output } = await translateWith(xliffFilter, file, () => "Kawa ze śmietanką é", {
      sourceLang: "fr",
      targetLang: "pl",
    });
    const out = Buffer.from(output).toString("latin1");
    expect(out).toContain("<source>Caf\u00e9 cr\u00e8me</source>\n        <target");
    expect(out).toContain(">Kawa ze &#x15B;mietank&#x105; \u00e9</target>");
    expect(xmllint(output)).toBe("");
  });
});

describe("xliff as real projects write it", () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const angular = (units: string) =>
    `<?xml version="1.0" encoding="UTF-8" ?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" datatype="plaintext" original="ng2.template">\n    <body>\n${units}\n    </body>\n  </file>\n</xliff>\n`;

  it("gives a unit whose source is only placeholders a target equal to its source (Angular warns without one)", async () => {
    // ndb-core's messages.xlf: the ICU message lives in another unit; this one only points at it.
    const source = angular(
      [
        '      <trans-unit id="7e0f04af" datatype="html">',
        '        <source> <x id="ICU" equiv-text="{event.children.length, plural, one {participant} other {participants}}"/> </source>',
        "      </trans-unit>",
        '      <trans-unit id="t" datatype="html">',
        "        <source>Participants</source>",
        "      </trans-unit>",
      ].join("\n"),
    );
    const filter = filterFor("xlf");
    if (!filter) throw new Error("no xlf filter");
    const segments = await filter.extract(utf8(source), EN_ES);
    expect(segments.map((s) => s.text)).toEqual(["Participants"]);
    const out = text(await filter.merge(utf8(source), new Map([["0/t", "Participantes"]]), EN_ES));
    expect(out).toContain(
      '<source> <x id="ICU" equiv-text="{event.children.length, plural, one {participant} other {participants}}"/> </source>\n        <target state="translated"> <x id="ICU" equiv-text="{event.children.length, plural, one {participant} other {participants}}"/> </target>',
    );
    expect(out).toContain('<target state="translated" state-qualifier="mt-suggestion">Participantes</target>');
    expect(xmllint(utf8(out))).toBe("");
  });

  it("keeps the source's initial case in each ICU branch (engines capitalise every segment)", async () => {
    const source = angular(
      [
        '      <trans-unit id="p" datatype="html">',
        "        <source>{VAR_PLURAL, plural, one {participant} other {participants}}</source>",
        "      </trans-unit>",
      ].join("\n"),
    );
    const filter = filterFor("xlf");
    if (!filter) throw new Error("no xlf filter");
    const segments = await filter.extract(utf8(source), EN_ES);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["0/p{VAR_PLURAL:one}", "participant"],
      ["0/p{VAR_PLURAL:other}", "participants"],
    ]);
    // What an engine gives for a lone word: a capital.
    const translations = new Map([
      ["0/p{VAR_PLURAL:one}", "Participante"],
      ["0/p{VAR_PLURAL:other}", "PDF de participantes"],
    ]);
    const out = text(await filter.merge(utf8(source), translations, EN_ES));
    expect(out).toContain(">{VAR_PLURAL, plural, one {participante} other {PDF de participantes}}</target>");
  });

  it("refuses a file for another target language unless force_target_lang asks, then translates every unit and says so", async () => {
    // okapi's xliff2 test01: trgLang="fr" with French targets.
    const source =
      '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">\n <file id="f1">\n  <unit id="u1">\n   <segment>\n    <source>Sample segment.</source>\n    <target>Exemple de segment.</target>\n   </segment>\n  </unit>\n </file>\n</xliff>\n';
    await expect(xliffFilter.extract(utf8(source), EN_ES)).rejects.toThrow(
      'The XLIFF file\'s target language is "fr", not "es" (send force_target_lang=true to translate it into "es" anyway).',
    );
    const warnings: string[] = [];
    const forced = { ...EN_ES, forceTargetLang: true, warn: (w: string) => warnings.push(w) };
    const segments = await xliffFilter.extract(utf8(source), forced);
    expect(segments.map((s) => s.text)).toEqual(["Sample segment."]);
    expect(warnings).toEqual([
      'The XLIFF file\'s target language is "fr"; as force_target_lang asked, every unit was translated into "es" and the target language replaced.',
    ]);
    const out = text(await xliffFilter.merge(utf8(source), new Map([["0/u1/0", "Segmento de ejemplo."]]), forced));
    expect(out).toContain('trgLang="es"');
    expect(out).toContain("<target>Segmento de ejemplo.</target>");
    expect(xmllint(utf8(out))).toBe("");
  });
});
