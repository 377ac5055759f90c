/**
 * Generated documents for the data, localization and subtitle formats: random nesting,
 * placeholders, ICU messages, template tags, characters each format must escape, BOMs and
 * CRLF/LF. Two properties per format: the identity round trip gives the file back byte for byte
 * (PO and XLIFF: outside the slots merge fills), and a translating fake engine that rewrites
 * every word leaves every placeholder, ICU argument and inline code in place.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, stringify } from "yaml";

import { filterFor } from "../src/registry";
import { EN_ES, pseudo } from "./loc-roundtrip";
import { BILINGUAL, withoutTargets } from "./support/bilingual";

const RUNS = 40;

/** What must come back exactly as many times (twice in PO and XLIFF: source and translation). */
const PROTECTED = [
  "{name}",
  "%s",
  "%1$@",
  "{{count}}",
  "%(n)s",
  "{count, plural,",
  "{{ user.name }}",
  "<x id=",
  "<g id=",
  "<i>",
  "</i>",
  "<b>",
  "</b>",
];

const word = fc.constantFrom(
  "file",
  "open",
  "the",
  "Save",
  "hello",
  "world",
  "naïve",
  "café",
  "über",
  "日本語",
  "it's",
  "größer",
  "🙂",
  "résumé",
  "Ελλάδα",
);
const placeholder = fc.constantFrom("{name}", "%s", "%1$@", "{{count}}", "%(n)s");
/** In an ICU message `{{count}}` is not a placeholder but braces around an argument: i18next's and ICU's syntaxes do not mix. */
const icuPlaceholder = fc.constantFrom("{name}", "%s", "%1$@", "%(n)s");
const icu = fc.constantFrom(
  "{count, plural, one {# file} other {# files}}",
  "{count, plural, =0 {no files} other {{name} has # files}}",
);
const templateTag = fc.constant("{{ user.name }}");
/** Characters a format must escape or quote somewhere. */
const special = fc.constantFrom("&", "<", ">", '"', "'", "\\", ":", "#", "-", ",", "[", "]", "*");

/** A sentence: words with placeholders, ICU, tags and specials between them, no edge whitespace. */
const sentence = (extra: fc.Arbitrary<string>[] = []) =>
  fc
    .tuple(
      word,
      fc.array(
        fc.oneof({ weight: 4, arbitrary: word }, extra.includes(icu) ? icuPlaceholder : placeholder, special, ...extra),
        { maxLength: 7 },
      ),
      word,
    )
    .map(([first, rest, last]) => [first, ...rest, last].join(" "));
const eol = fc.constantFrom("\n", "\r\n");
const bom = fc.boolean();

const withEol = (text: string, lineEnd: string) => text.replace(/\r?\n/g, lineEnd);
const encode = (text: string, withBom: boolean) => new TextEncoder().encode((withBom ? "\uFEFF" : "") + text);
// The BOM is kept, so the comparisons see it.
const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** A JSON or YAML value: nested maps and lists of sentences, numbers and booleans. */
const tree = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    sentence([icu, templateTag]),
    fc.integer(),
    fc.boolean(),
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("title", "body", "menu", "save_button", "k1", "nested", "label"), tie("node"), {
      maxKeys: 4,
    }),
  ),
})).node;
const root = fc.dictionary(fc.constantFrom("app", "errors", "messages", "greeting", "items"), tree, {
  minKeys: 1,
  maxKeys: 4,
});

interface Generated {
  extension: string;
  file: Uint8Array;
}

const GENERATORS: Record<string, fc.Arbitrary<Generated>> = {
  json: fc.tuple(root, fc.constantFrom(0, 2, "\t"), eol, bom).map(([value, indent, lineEnd, withBom]) => ({
    extension: "json",
    file: encode(withEol(JSON.stringify(value, null, indent), lineEnd) + lineEnd, withBom),
  })),
  yaml: fc.tuple(root, eol, bom).map(([value, lineEnd, withBom]) => ({
    extension: "yaml",
    file: encode(withEol(stringify(value), lineEnd), withBom),
  })),
  po: fc
    .tuple(
      fc.array(
        fc.tuple(sentence([icu]), fc.option(sentence(), { nil: undefined }), fc.option(word, { nil: undefined })),
        { minLength: 1, maxLength: 6 },
      ),
      eol,
      bom,
    )
    .map(([entries, lineEnd, withBom]) => {
      const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
      const header = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Language: es\\n"', ""];
      // Two entries with the same msgid need different contexts.
      const body = entries.flatMap(([msgid, plural, context], i) => [
        ...(context === undefined ? [] : [`msgctxt ${q(`${context} ${i}`)}`]),
        `msgid ${q(msgid)}`,
        ...(plural === undefined ? ['msgstr ""'] : [`msgid_plural ${q(plural)}`, 'msgstr[0] ""', 'msgstr[1] ""']),
        "",
      ]);
      return { extension: "po", file: encode(withEol([...header, ...body].join("\n"), lineEnd), withBom) };
    }),
  xliff: fc
    .tuple(
      fc.array(
        fc.array(
          fc.oneof({ weight: 3, arbitrary: sentence([icu]) }, fc.constantFrom('<x id="1"/>', '<g id="2">bold</g>')),
          { minLength: 1, maxLength: 4 },
        ),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      eol,
      bom,
    )
    .map(([units, lineEnd, withBom]) => {
      const escape = (s: string) =>
        s.startsWith("<x ") || s.startsWith("<g ")
          ? s
          : s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      const body = units.map(
        (parts, i) =>
          `      <trans-unit id="u${i}">\n        <source>${parts.map(escape).join(" ")} end</source>\n      </trans-unit>`,
      );
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
        '  <file source-language="en" datatype="plaintext" original="app">',
        "    <body>",
        ...body,
        "    </body>",
        "  </file>",
        "</xliff>",
        "",
      ].join("\n");
      return { extension: "xliff", file: encode(withEol(xml, lineEnd), withBom) };
    }),
  strings: fc
    .tuple(fc.array(fc.tuple(sentence(), sentence([icu])), { minLength: 1, maxLength: 6 }), eol, bom)
    .map(([pairs, lineEnd, withBom]) => {
      const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
      const lines = pairs.flatMap(([key, value], i) => [`/* Entry ${i} */`, `${q(`${key} ${i}`)} = ${q(value)};`, ""]);
      return { extension: "strings", file: encode(withEol(lines.join("\n"), lineEnd), withBom) };
    }),
  srt: fc
    .tuple(
      fc.array(fc.tuple(fc.array(sentence(), { minLength: 1, maxLength: 2 }), fc.boolean()), {
        minLength: 1,
        maxLength: 5,
      }),
      eol,
      bom,
    )
    .map(([cues, lineEnd, withBom]) => {
      const blocks = cues.map(([lines, italic], i) => {
        const text = lines.map((l) => l.replace(/<|>/g, "")).join("\n");
        return `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\n${italic ? `<i>${text}</i>` : text}`;
      });
      return { extension: "srt", file: encode(withEol(blocks.join("\n\n") + "\n", lineEnd), withBom) };
    }),
  vtt: fc
    .tuple(
      fc.array(fc.tuple(fc.array(sentence(), { minLength: 1, maxLength: 2 }), fc.boolean(), fc.boolean()), {
        minLength: 1,
        maxLength: 5,
      }),
      eol,
      bom,
    )
    .map(([cues, lineEnd, withBom]) => {
      const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      const blocks = cues.map(([lines, b, withId], i) => {
        const text = lines.map(escape).join("\n");
        return `${withId ? `cue-${i}\n` : ""}00:00:0${i}.000 --> 00:00:0${i}.900 align:start\n${b ? `<b>${text}</b>` : text}`;
      });
      return {
        extension: "vtt",
        file: encode(withEol(["WEBVTT", "", blocks.join("\n\n"), ""].join("\n"), lineEnd), withBom),
      };
    }),
};

async function roundTrip(generated: Generated, engine: (text: string) => string) {
  const filter = filterFor(generated.extension);
  if (!filter) throw new Error(`no filter for ${generated.extension}`);
  const segments = await filter.extract(generated.file, EN_ES);
  const output = await filter.merge(generated.file, new Map(segments.map((s) => [s.id, engine(s.text)])), EN_ES);
  return { filter, segments, output };
}

describe("generated documents", () => {
  for (const [format, generator] of Object.entries(GENERATORS)) {
    it(`${format}: an identity engine gives the file back byte for byte`, async () => {
      await fc.assert(
        fc.asyncProperty(generator, async (generated) => {
          const { output } = await roundTrip(generated, (t) => t);
          if (BILINGUAL.has(generated.extension)) {
            expect(withoutTargets(generated.extension, decode(output))).toBe(
              withoutTargets(generated.extension, decode(generated.file)),
            );
          } else {
            expect(Buffer.from(output).equals(Buffer.from(generated.file))).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
    });

    it(`${format}: a translating engine changes the words and leaves placeholders, ICU arguments and codes in place`, async () => {
      await fc.assert(
        fc.asyncProperty(generator, async (generated) => {
          const { filter, segments, output } = await roundTrip(generated, pseudo);
          // YAML folds and PO wraps a long line, maybe inside a placeholder: compare the values, not the lines.
          const values = (text: string) =>
            generated.extension === "yaml"
              ? JSON.stringify(
                  parseAllDocuments(text.replace(/^\uFEFF/, "")).map((d): unknown =>
                    "toJS" in d ? (d.toJS() as unknown) : null,
                  ),
                )
              : generated.extension === "po"
                ? text.replace(/"\r?\n"/g, "")
                : text;
          const before = values(decode(generated.file));
          const after = values(decode(output));
          const times = BILINGUAL.has(generated.extension) ? 2 : 1;
          for (const needle of PROTECTED) expect(count(after, needle), needle).toBe(times * count(before, needle));
          if (segments.length > 0) expect(after).toContain("⟦");
          if (!BILINGUAL.has(generated.extension)) {
            // The same segments come back from the translation.
            expect((await filter.extract(output, EN_ES)).map((s) => s.id)).toEqual(segments.map((s) => s.id));
          }
          if (generated.extension === "json") JSON.parse(decode(output).replace(/^\uFEFF/, ""));
          if (generated.extension === "yaml")
            expect(parseAllDocuments(decode(output)).flatMap((d) => ("errors" in d ? d.errors : []))).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
