import { describe, expect, it } from "vitest";

import { countWords, hasWords } from "../src/engine";

// Word counts feed the quality score (unknown words per word) and decide which segments go to
// an engine at all (a segment without words is kept as it is).
describe("countWords and hasWords", () => {
  it("count letters and digits, with inner apostrophes and hyphens, in any script", () => {
    expect(countWords("Don't re-run the 2nd job, Mr. O’Brien!")).toBe(7);
    expect(countWords("Привет, мир. 你好 123")).toBe(4);
    expect(countWords("... -- !? {0} ")).toBe(1);
    expect(countWords("")).toBe(0);
  });

  it("give the same answer each call (the global pattern's position is reset)", () => {
    const text = "one two three";
    expect([countWords(text), countWords(text), countWords("four")]).toEqual([3, 3, 1]);
  });

  it("hasWords is countWords > 0", () => {
    for (const text of ["", " ", "...", "<b></b>", "%s", "a", "¿Qué?", "  42  ", "[[1]]", "— –"]) {
      expect(hasWords(text), JSON.stringify(text)).toBe(countWords(text) > 0);
    }
  });
});
