import { describe, expect, it } from "vitest";

import { wikitextLines } from "../eval/mediawiki-messages";

// The training text of the close-neighbour models (train-langid-clusters.ts).

describe("MediaWiki messages as training text", () => {
  it("keeps the words a reader sees: a switch's first form, a link's label, no parameters or markup", () => {
    expect(
      wikitextLines("Uređeno je $1 {{PLURAL:$1|stranica|stranice|stranica}} na [[Special:Preferences|postavkama]]."),
    ).toEqual(["Uređeno je stranica na postavkama."]);
    expect(wikitextLines("'''Napomena:''' pogledajte [https://example.org uputstvo]\n* prva stavka")).toEqual([
      "Napomena: pogledajte uputstvo",
      "prva stavka",
    ]);
  });
});
