import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { analyzeText, detectLanguage } from "@tolk/domain/evaluation";

import { LANGID_SETS, readSet } from "../eval/langid-sets";
import { score } from "../eval/langid-score";

// The targets on the checked-in evaluation sets (`pnpm eval` prints the details), so a
// change to a lexicon or a rule that costs accuracy fails here.
const read = <T>(file: string): T[] =>
  readFileSync(join(import.meta.dirname, "../eval", file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

const DOMAIN_FLOOR = 0.75;
const FORMALITY_FLOOR = 0.84;

describe("evaluation targets", () => {
  // Language identification on the committed test sets (the UDHR set is not committed). The
  // issue's target, 97 % macro accuracy with no language below 90 %, is not reached yet; these
  // floors sit just under today's figures (docs/analysis.md) so that a change that costs accuracy
  // fails here.
  it.each([
    ["debian-catalogs-test", 0.9],
    ["mozilla-www-test", 0.94],
  ])(
    "identifies the languages of %s (macro accuracy ≥ %s, auto ≤ 0.02)",
    async (name, floor) => {
      const set = LANGID_SETS.find((s) => s.name === name);
      const samples = set ? readSet(set) : null;
      expect(samples?.length).toBeGreaterThan(4_000);
      const answers: string[] = [];
      for (const s of samples ?? []) answers.push((await detectLanguage(s.text)).language);
      const result = score(samples ?? [], answers);
      expect(result.macro).toBeGreaterThanOrEqual(floor);
      expect(result.auto).toBeLessThanOrEqual(0.02);
    },
    300_000,
  );

  it("keeps domain and formality accuracy on the test split of public texts", async () => {
    // The test split (eval/domain-formality-test.jsonl) was never trained or tuned on. The
    // floors are the figures docs/analysis.md reports, less two points (rounded down); the
    // issue's domain target (85 %) is not reached yet, so a change may not lose what there is.
    const set = read<{ domain: string; formality: string; text: string }>("domain-formality-test.jsonl");
    expect(set.length).toBeGreaterThanOrEqual(300);
    const results = await Promise.all(set.map(async (s) => ({ s, r: await analyzeText({ text: s.text }) })));
    expect(results.filter(({ s, r }) => s.domain === r.domain).length / set.length).toBeGreaterThanOrEqual(
      DOMAIN_FLOOR,
    );
    expect(results.filter(({ s, r }) => s.formality === r.formality).length / set.length).toBeGreaterThanOrEqual(
      FORMALITY_FLOOR,
    );
  });
});
