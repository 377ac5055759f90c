import { describe, expect, it } from "vitest";

import { poParagraphs, rstParagraphs } from "../eval/build-domain-formality-set";

describe("documentation readers of the domain sets", () => {
  it("reads a reStructuredText page as its prose: no titles, directives, lists or literal blocks", () => {
    const page = [
      "Getting Started",
      "===============",
      "",
      "Run :program:`syncthing` once, then open the `web GUI <http://localhost:8384>`_ and add a **folder**.",
      "",
      ".. note::",
      "",
      "   This is a note.",
      "",
      "- a list item",
      "",
      "::",
      "",
      "    $ syncthing serve",
    ].join("\n");
    expect(rstParagraphs(page)).toEqual(["Run syncthing once, then open the web GUI and add a folder."]);
  });

  it("reads a Sphinx catalog's translations, and its English messages when asked, without markup", () => {
    const catalog = [
      'msgid ""',
      'msgstr "Content-Type: text/plain; charset=UTF-8\\n"',
      "",
      'msgid "The :func:`open` function returns a ``file object``."',
      'msgstr "La función :func:`open` devuelve un ``objeto archivo``."',
      "",
      'msgid "Not translated yet."',
      'msgstr ""',
    ].join("\n");
    expect(poParagraphs(catalog, true)).toEqual([
      { text: "La función open devuelve un objeto archivo.", english: false },
      { text: "The open function returns a file object.", english: true },
    ]);
    expect(poParagraphs(catalog, false).map((p) => p.text)).toEqual(["La función open devuelve un objeto archivo."]);
  });

  it("gives no text for a catalog gettext cannot read, instead of failing the build", () => {
    expect(poParagraphs('msgid "a"\nmsgstr "b"\n* a stray line\n', true)).toEqual([]);
  });
});
