import { EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS, type ApertiumEngine } from "@tolk/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SegmentCache } from "../src/translation/segment-cache";
import { TermSet } from "../src/translation/term-matcher";
import { protectPlaceholders, restorePlaceholders } from "../src/translation/placeholders";
import { resolveRoute, translateSegments } from "../src/translation/translate-segments";

// What names something rather than says something comes back as written: code, identifiers,
// paths, flags, variables, runs of capitals, versions, single-letter labels, names after a title.
// Real strings from the issue and from the machine's gettext catalogs (packages/eval/eval/en-es-set.jsonl).
const tokensOf = (text: string) => protectPlaceholders(text).tokens;

describe("naming rules", () => {
  it.each([
    ["Use DROP FOREIGN TABLE to remove a foreign table.", ["DROP FOREIGN TABLE"]],
    ["Set the column A to 5.", ["A"]],
    ["A", ["A"]],
    ["Mr. Smith and Dr. Emma Peel", ["Smith", "Emma Peel"]],
    ["Run `git push --force` first", ["`git push --force`"]],
    ["Copy ~/.ssh/id_rsa.pub to /etc/ssh/keys/", ["~/.ssh/id_rsa.pub", "/etc/ssh/keys/"]],
    ["Edit config.yaml or call os.path.join()", ["config.yaml", "os.path.join"]],
    ["Set max_connections, MAX_SIZE and maxRetries", ["max_connections", "MAX_SIZE", "maxRetries"]],
    ["Use --no-verify or -v", ["--no-verify", "-v"]],
    ["Expand $HOME and %APPDATA% first", ["$HOME", "%APPDATA%"]],
    // Bottles' launch options (a c-format msgid: gettext reads %c in it, so it must not move).
    ["e.g.: VAR=value %command% -example1", ["VAR", "%command%"]],
    // Deluge's console usage line.
    ["Usage: connect <host[:port]> [<username>]", ["<host[:port]>", "<username>"]],
    ["Requires GTK 3.24.1 or v2", ["GTK", "3.24.1", "v2"]],
    ["Open the PDF with JavaScript on GitHub", ["PDF", "JavaScript", "GitHub"]],
  ])("%j", (source, expected) => {
    const { text, tokens } = protectPlaceholders(source);
    expect(tokens).toEqual(expected);
    expect(restorePlaceholders(text, tokens)).toEqual({ text: source, repaired: 0 });
  });

  it.each([
    "A cat sat on the mat.", // a sentence-initial article
    "I think I can.", // the pronoun
    "He said: A is first.", // first word of a sentence after a colon
    "WARNING: DO NOT TOUCH THE CABLE", // a shouted sentence is translated
    "Pi is 3.14, e.g. roughly.", // decimals and abbreviations
    "Use the - sign or a well-known pre-made form.", // dashes and hyphenated words
    "Print the strings in files",
    "Mr. and Mrs. are titles.", // a title with no name after it
  ])("leaves prose alone: %j", (source) => {
    expect(tokensOf(source)).toEqual([]);
  });
});

describe("naming rules through Apertium (en→es)", () => {
  let engine: ApertiumEngine;
  beforeAll(async () => {
    engine = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
  });
  afterAll(() => engine.close());

  it("keeps names, commands and labels as written, and still translates the sentence", async () => {
    const services = { router: new EngineRouter([engine]), cache: new SegmentCache() };
    const route = resolveRoute(services, "en", "es");
    const sources = [
      "Use DROP FOREIGN TABLE to remove a foreign table.",
      "Mr. Smith opened the door.",
      "A",
      "Run `make install` in /usr/local/src as root.",
      "Upgrade to version 2.4.1 with --upgrade.",
    ];
    const { texts } = await translateSegments(services, { route, segments: sources });
    expect(texts[0]).toMatch(/^Uso DROP FOREIGN TABLE para sacar una mesa extranjera\.$/);
    expect(texts[1]).toMatch(/Smith/);
    expect(texts[1]).not.toMatch(/Herrero/);
    expect(texts[2]).toBe("A");
    expect(texts[3]).toContain("`make install`");
    expect(texts[3]).toContain("/usr/local/src");
    expect(texts[4]).toContain("2.4.1");
    expect(texts[4]).toContain("--upgrade");
    // Translated, not copied.
    expect(texts[3]).toMatch(/como raíz|como root/);
  });

  it("lets a glossary term take the place of a naming rule, never of a placeholder", async () => {
    const services = { router: new EngineRouter([engine]), cache: new SegmentCache() };
    const route = resolveRoute(services, "en", "es");
    const terms = new TermSet([
      { source: "DROP TABLE", target: "ELIMINAR TABLA", origin: "g1" },
      { source: "name", target: "nombre", origin: "g1" },
    ]);
    const { texts, termsApplied } = await translateSegments(services, {
      route,
      segments: ["Run DROP TABLE now.", "Hello {name}, run MAX_SIZE."],
      resources: { terms },
    });
    expect(texts[0]).toContain("ELIMINAR TABLA");
    expect(termsApplied[0]).toEqual([{ source: "DROP TABLE", target: "ELIMINAR TABLA", origin: "g1" }]);
    expect(texts[1]).toContain("{name}");
    expect(texts[1]).toContain("MAX_SIZE");
    expect(termsApplied[1]).toEqual([]);
  });
});
