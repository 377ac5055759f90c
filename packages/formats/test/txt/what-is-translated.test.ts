import { describe, expect, it } from "vitest";

import { txtFilter } from "../../src/txt/txt-filter";
import { EN_DE, pseudo, translate } from "../support/roundtrip";

// The rules of docs/documents.md, "What is translated, format by format", plain text, each
// with a snippet of a real file (Vim's user manual and README, Apache httpd's INSTALL).
const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

async function pseudoTranslated(text: string): Promise<{ texts: string[]; output: string }> {
  const file = Buffer.from(text);
  const segments = await txtFilter.extract(file, EN_DE);
  return {
    texts: segments.map((s) => s.text),
    output: utf8(await txtFilter.merge(file, translate(segments, pseudo), EN_DE)),
  };
}

const VIM_HELP = [
  "*usr_02.txt*\tFor Vim version 9.2.  Last change: 2026 Feb 14",
  "",
  "|02.1|\tRunning Vim for the First Time",
  "",
  "     Next chapter: |usr_03.txt|  Moving around",
  "",
  "==============================================================================",
  "*02.1*\tRunning Vim for the First Time",
  "",
  "To start Vim, enter this command: >",
  "",
  "\tgvim file.txt",
  "",
  "In UNIX you can type this at any command prompt.  Press <Esc> to stop Insert",
  "mode, CTRL-R to redo, and type :help or :q! when 'compatible' is set.",
  "",
  "Copyright: see |manual-copyright|  vim:tw=78:ts=8:noet:ft=help:norl:",
  "",
].join("\n");

describe("plain text: what is translated", () => {
  it("in a Vim help file, tags, links, keys, options, commands, examples and the modeline are code", async () => {
    const { texts, output } = await pseudoTranslated(VIM_HELP);
    // Tokens at a line's edges stay out of the segment: the engine cannot move them.
    expect(texts).toEqual([
      "For Vim version 9.2.  Last change: 2026 Feb 14",
      "Running Vim for the First Time",
      "Next chapter: <x1/>Moving around",
      "Running Vim for the First Time",
      "To start Vim, enter this command:",
      "In UNIX you can type this at any command prompt.  Press <x1/> to stop Insert mode, <x2/> to redo, and type <x3/> or <x4/> when <x5/> is set.",
      "Copyright: see",
    ]);
    for (const kept of [
      "*usr_02.txt*\t⟦För",
      "|02.1|\t⟦Rüññíñg",
      "|usr_03.txt|  Mövíñg",
      "*02.1*\t⟦Rüññíñg",
      "çömmáñd:··········⟧ >",
      "\n\n\tgvim file.txt\n\n",
      "<Esc>",
      "CTRL-R",
      ":help",
      ":q!",
      "'compatible'",
      "⟧ |manual-copyright|  vim:tw=78:ts=8:noet:ft=help:norl:",
    ])
      expect(output).toContain(kept);
  });

  it("in any text file, a quoted Ex command, a modeline, a command-line option and a shell prompt's command are code", async () => {
    const { texts, output } = await pseudoTranslated(
      [
        'The best is to use ":help" in Vim.  See ":help user-manual".',
        "",
        "     $ ./configure --prefix=PREFIX",
        "     $ make install",
        "",
        "# vim: set tw=72 et :",
        "",
        "Run configure with --prefix=PREFIX and -v to build it.",
        "",
      ].join("\n"),
    );
    expect(texts).toEqual([
      "The best is to use <x1/> in Vim.  See <x2/>.",
      "Run configure with <x1/> and <x2/> to build it.",
    ]);
    for (const kept of [
      '":help"',
      '":help user-manual"',
      "     $ ./configure --prefix=PREFIX\n     $ make install\n",
      "# vim: set tw=72 et :",
      "--prefix=PREFIX ",
      " -v ",
    ])
      expect(output).toContain(kept);
  });

  it("outside Vim help, stars and bars are words' punctuation, and a dollar amount is no prompt: translated with the text", async () => {
    const { texts } = await pseudoTranslated(
      "Use *only* the |pipe| symbol, <never> a tab.\n\n$ 5 a month is the price.\n",
    );
    expect(texts).toEqual(["Use *only* the |pipe| symbol, <never> a tab.", "$ 5 a month is the price."]);
  });
});
