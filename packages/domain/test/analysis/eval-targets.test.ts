import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { analyzeText } from "../../src/analysis/analyze-text";
import { detectLanguage } from "../../src/analysis/detect-language";

// The targets on the checked-in evaluation sets (`pnpm eval` prints the details), so a
// change to a lexicon or a rule that costs accuracy fails here.
const read = <T>(file: string): T[] =>
  readFileSync(join(import.meta.dirname, "../../eval", file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

const DOMAIN_FLOOR = 0.64;
const FORMALITY_FLOOR = 0.69;

describe("evaluation targets", () => {
  it("identifies at least 97% of the language-ID set", async () => {
    const set = read<{ lang: string; text: string }>("langid-set.jsonl");
    expect(set.length).toBeGreaterThanOrEqual(2_900);
    const detected = await Promise.all(set.map((s) => detectLanguage(s.text)));
    const right = set.filter((s, i) => detected[i]?.language === s.lang).length;
    expect(right / set.length).toBeGreaterThanOrEqual(0.97);
  });

  it("keeps domain and formality accuracy on the test split of public texts", async () => {
    // The test split (eval/domain-formality-test.jsonl) was never trained or tuned on. The
    // floors are the figures docs/analysis.md reports, less two points; the targets
    // (85 % / 80 %) are not reached yet, so a change may not lose what there is.
    const set = read<{ domain: string; formality: string; text: string }>("domain-formality-test.jsonl");
    expect(set.length).toBeGreaterThanOrEqual(300);
    const results = await Promise.all(set.map(async (s) => ({ s, r: await analyzeText({ text: s.text }) })));
    expect(results.filter(({ s, r }) => s.domain === r.domain).length / set.length).toBeGreaterThanOrEqual(DOMAIN_FLOOR);
    expect(results.filter(({ s, r }) => s.formality === r.formality).length / set.length).toBeGreaterThanOrEqual(FORMALITY_FLOOR);
  });
});
