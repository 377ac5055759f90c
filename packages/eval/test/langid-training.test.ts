import { describe, expect, it } from "vitest";

import { trainLogistic } from "../eval/cluster-logistic";
import { wikitextLines } from "../eval/mediawiki-messages";

// The training text and the learner of the close-neighbour models (train-langid-clusters.ts).

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

describe("the logistic regression of the cluster models", () => {
  it("weighs a feature by how well it separates the members, not by how often it occurs", () => {
    // Feature 0 occurs in every text of both members; feature 1 only in member 0's, feature 2
    // only in member 1's.
    const samples = Array.from({ length: 40 }, (_, i) => ({
      features: Int32Array.from(i % 2 === 0 ? [0, 0, 1] : [0, 0, 2]),
      label: i % 2,
      weight: 1,
    }));
    const w = trainLogistic(samples, 3, 2, { epochs: 5, rate: 0.2, l2: 1e-5 });
    const [, , own0 = 0, other0 = 0, other1 = 0, own1 = 0] = w;
    expect(own0).toBeGreaterThan(other0);
    expect(own1).toBeGreaterThan(other1);
    expect(Math.abs((w[0] ?? 0) - (w[1] ?? 0))).toBeLessThan(Math.abs(own0 - other0));
  });
});
