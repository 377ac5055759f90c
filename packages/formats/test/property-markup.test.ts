/**
 * Generated Markdown and HTML documents (headings, lists, quotes, emphasis, links, code, entities,
 * template tags, BOMs, CRLF/LF): an identity engine gives each back byte for byte (an HTML
 * page's `lang` apart, which merge sets to the target).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { filterFor } from "../src/registry";
import { EN_ES } from "./loc-roundtrip";

const RUNS = 40;

const word = fc.constantFrom(
  "file",
  "open",
  "the",
  "Save",
  "hello",
  "world",
  "naïve",
  "café",
  "日本語",
  "it's",
  "🙂",
  "{{ user.name }}",
  "{% if x %}",
);
const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(" "));
const eol = fc.constantFrom("\n", "\r\n");

const inlineMd = fc.oneof(
  { weight: 4, arbitrary: words },
  words.map((w) => `*${w}*`),
  words.map((w) => `**${w}**`),
  words.map((w) => `[${w}](https://example.com/a_b)`),
  fc.constant("`code span`"),
  fc.constant("a &amp; b"),
  fc.constant("snake_case"),
);
const lineMd = fc.array(inlineMd, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));
const blockMd = fc.oneof(
  { weight: 3, arbitrary: lineMd },
  lineMd.map((l) => `# ${l}`),
  fc.array(lineMd, { minLength: 1, maxLength: 3 }).map((items) => items.map((i) => `- ${i}`).join("\n")),
  lineMd.map((l) => `> ${l}`),
  fc.constant("```js\nconst a = 1;\n```"),
  fc.tuple(lineMd, lineMd).map(([a, b]) => `${a}\n${b}`),
);
const markdown = fc
  .tuple(fc.array(blockMd, { minLength: 1, maxLength: 6 }), eol, fc.boolean(), fc.boolean())
  .map(
    ([blocks, lineEnd, bom, finalNewline]) =>
      (bom ? "\uFEFF" : "") + (blocks.join("\n\n") + (finalNewline ? "\n" : "")).replace(/\n/g, lineEnd),
  );

const inlineHtml = fc.oneof(
  { weight: 4, arbitrary: words },
  words.map((w) => `<b>${w}</b>`),
  words.map((w) => `<a href="/x?a=1&amp;b=2" title="Go">${w}</a>`),
  fc.constant("&nbsp;&copy; &amp; &lt;tag&gt;"),
  fc.constant('<img src="a.png" alt="A picture">'),
  fc.constant("<br>"),
);
const lineHtml = fc.array(inlineHtml, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));
const blockHtml = fc.oneof(
  { weight: 3, arbitrary: lineHtml.map((l) => `<p>${l}</p>`) },
  lineHtml.map((l) => `<h2 id="h">${l}</h2>`),
  fc
    .array(lineHtml, { minLength: 1, maxLength: 3 })
    .map((items) => `<ul>\n${items.map((i) => `  <li>${i}</li>`).join("\n")}\n</ul>`),
  fc.constant("<pre>  keep\n   this </pre>"),
  fc.constant("<!-- a comment -->"),
);
const html = fc
  .tuple(fc.array(blockHtml, { minLength: 1, maxLength: 6 }), words, eol, fc.boolean())
  .map(
    ([blocks, title, lineEnd, bom]) =>
      (bom ? "\uFEFF" : "") +
      `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n${blocks.join("\n")}\n</body>\n</html>\n`.replace(
        /\n/g,
        lineEnd,
      ),
  );

describe("generated markup documents", () => {
  for (const [extension, generator] of [
    ["md", markdown],
    ["html", html],
  ] as const) {
    it(`${extension}: an identity engine gives the file back byte for byte`, async () => {
      const filter = filterFor(extension);
      if (!filter) throw new Error(extension);
      await fc.assert(
        fc.asyncProperty(generator, async (source) => {
          const file = new TextEncoder().encode(source);
          const segments = await filter.extract(file, EN_ES);
          const output = await filter.merge(file, new Map(segments.map((s) => [s.id, s.text])), EN_ES);
          // The page's language is set to the target by design, like a bilingual file's slots.
          const unlang = (text: string) =>
            extension === "html" ? text.replace(/(<html\b[^>]*\blang=")[^"]*"/, '$1"') : text;
          expect(unlang(new TextDecoder("utf-8", { ignoreBOM: true }).decode(output))).toBe(unlang(source));
        }),
        { numRuns: RUNS },
      );
    });
  }
});
