import { describe, expect, it } from "vitest";

import { markdownChunks } from "../../src/markdown/chunks";
import { readMarkdownUnits } from "../../src/markdown/read";

/** A document whose blocks would go wrong if cut in the wrong place. */
function longDocument(): string {
  let s = "---\ntitle: Long\n\ndescription: Front matter with a blank line\n---\n\n";
  for (let i = 0; i < 40; i++) {
    s += `## Part ${i} {#p${i}}\n\nSee [the index][idx] and [Shortcut] and a note.[^n]\n\n`;
    s += "```md\nfenced code\n\n## not a heading\n\nstill code\n```\n\n";
    s += "<!--\na comment block\n\n## not a heading either\n-->\n\n";
    s += `- a loose list item ${i}\n\n  with a second paragraph\n\n- and another item\n\n`;
    s += "---\n\n";
    s += `> a quote that *spans*\nlazy lines ${i}\n\n`;
  }
  return `${s}[idx]: https://example.com/index "The index"\n[shortcut]: https://example.com/s\n\n[^n]: The note.\n`;
}

describe("markdown chunks", () => {
  it("cuts a long file only between top-level blocks and finds the same units as one parse", () => {
    const text = longDocument();
    const chunks = markdownChunks(text, 1000);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.map((c) => text.slice(c.start, c.end)).join("")).toBe(text);
    for (const c of chunks.slice(1)) expect(text.slice(c.start, c.start + 3)).not.toMatch(/^(---|\s)/);

    const whole = readMarkdownUnits(text, Infinity);
    const chunked = readMarkdownUnits(text, 1000);
    const view = (units: typeof whole) =>
      units.map((u) => [u.id, u.kind, u.context, u.text, u.range.start, u.range.end]);
    expect(view(chunked)).toEqual(view(whole));
    // References resolve across chunks (they stay codes, not literal brackets).
    expect(chunked.find((u) => u.text.startsWith("See"))?.text).toBe(
      "See <g1>the index</g1> and <g2>Shortcut</g2> and a note.<x3/>",
    );
    expect(whole.some((u) => u.text.includes("not a heading"))).toBe(false);
  });
});
