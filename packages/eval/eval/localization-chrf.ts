/**
 * `pnpm eval` (after translation-chrf.ts): chrF of English → X translations of software strings
 * against the human translations of the test split of the machine's gettext catalogs (text
 * domains whose sha256 starts with c–f, never used by the localization tables), for every
 * target the embedded engine serves from English with at least MIN_ENTRIES test messages:
 * - raw Apertium: the engine alone, through the pivot where the route has one;
 * - Tolk: the pipeline as it runs on general text (no localization tables);
 * - Tolk + tables: the pipeline with the built-in localization tables (localization formats and
 *   Technical text);
 * and the share of messages the tables change. Offline: reads /usr/share/locale only.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/localization-chrf.ts [--size N] [--pairs es,ca] [--diff]
 *
 * Messages: translated, singular, single-line, 2–200 characters with a letter, msgstr different
 * from msgid (an untranslated string is no reference), one per distinct msgid; sampled by a hash
 * of the msgid (the first SIZE). Keyboard mnemonics (`_`, `&` before a letter) are removed from
 * hypotheses and references before scoring, as a reader never sees them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import {
  LOCALIZATION_DEFAULT_TARGETS,
  LOCALIZATION_TARGETS,
  type LocalizationChoice,
  SegmentCache,
  loadLocalizationTerms,
  localizationApplies,
  resolveRoute,
  segmentText,
  translateSegments,
} from "@tolk/domain/evaluation";

import { catalogPairs, unmnemonic } from "./catalog-messages";
import { corpusChrf } from "./chrf";

const MIN_ENTRIES = 300;
/** The gain over raw Apertium a table needs to apply by default (issue 33). */
const MIN_GAIN = 3;
const GENERAL_SENTENCES = 400;
const { values } = parseArgs({
  options: { size: { type: "string" }, pairs: { type: "string" }, diff: { type: "boolean" } },
});
const SIZE = Number(values.size ?? process.env.EVAL_LOC_SIZE ?? 1000);
const only = values.pairs?.split(",");

// Apertium's marks of unknown (*), untranslatable (#) and ambiguous (@) words.
const unmark = (s: string) => s.replace(/(?<![\p{L}\p{N}])[*#@](?=[\p{L}\p{N}])/gu, "");

// One pipeline a pair: the tagger's state depends on what a pipeline translated before, so with a
// pool the figures would move between runs with how segments spread over the pipelines.
const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS, poolSize: 1 });
try {
  const services = { router: new EngineRouter([engine]), cache: new SegmentCache({ maxEntries: 0 }) };
  const fmt = (n: number) => n.toFixed(2).padStart(6);
  console.log(
    `\nSoftware strings, English → X: chrF against the test split of the catalogs (up to ${SIZE} messages a pair)`,
  );
  console.log(`  pair   msgs  raw Apertium   Tolk   Tolk+tables   Δ vs raw   changed by tables  on by default`);
  const mismatched: string[] = [];
  for (const target of LOCALIZATION_TARGETS) {
    if (only && !only.includes(target)) continue;
    const all = catalogPairs(target, "test");
    const route = services.router.route("en", target);
    const table = await loadLocalizationTerms("en", target);
    if (!route || !table || all.length < MIN_ENTRIES) continue;
    const set = all.slice(0, SIZE);
    const sources = set.map((s) => s.source);
    const references = set.map((s) => unmnemonic(s.reference));
    let raw = sources;
    for (const leg of route.legs)
      raw = (await leg.engine.translate({ pair: leg.pair, segments: raw })).map((r) => unmark(r.text));
    const tolk = (await translateSegments(services, { route: resolveRoute(services, "en", target), segments: sources }))
      .texts;
    const tables = (await translateSegments(services, { route, segments: sources, resources: { localization: table } }))
      .texts;
    const changed = tables.filter((t, i) => t !== tolk[i]).length;
    const scoreRaw = corpusChrf(raw.map(unmnemonic), references);
    const scoreTolk = corpusChrf(tolk.map(unmnemonic), references);
    const scoreTables = corpusChrf(tables.map(unmnemonic), references);
    console.log(
      `  en-${target.padEnd(3)} ${String(set.length).padStart(5)}  ${fmt(scoreRaw)}       ${fmt(scoreTolk)}  ${fmt(scoreTables)}       ${(scoreTables - scoreRaw >= 0 ? "+" : "") + (scoreTables - scoreRaw).toFixed(2)}     ${`${((changed / set.length) * 100).toFixed(1)}% (${changed})`.padEnd(17)} ${(LOCALIZATION_DEFAULT_TARGETS as readonly string[]).includes(target) ? "yes" : "no"}`,
    );
    const bar = scoreTables - scoreRaw >= MIN_GAIN;
    const byDefault = (LOCALIZATION_DEFAULT_TARGETS as readonly string[]).includes(target);
    if (bar !== byDefault) mismatched.push(target);
    if (values.diff) {
      set.forEach((s, i) => {
        if (tables[i] !== tolk[i])
          console.log(
            `    ${s.source}\n      ref    ${s.reference}\n      raw    ${raw[i]}\n      tolk   ${tolk[i]}\n      tables ${tables[i]}`,
          );
      });
    }
  }
  if (mismatched.length > 0)
    console.log(
      `  on by default should be exactly the pairs at +${MIN_GAIN} or more; it differs for: ${mismatched.join(", ")}`,
    );
  await generalText(services);
} finally {
  await engine.close();
}

/**
 * General text: the first GENERAL_SENTENCES sentences of the analysis sets' texts (legal,
 * medical, marketing, finance, general and technical prose written for eval/run-eval.ts). They
 * have no human translation, so no chrF: what is measured is what the tables do to them when they
 * apply as they do by default (per text, by its analysis), against the pipeline without tables.
 */
async function generalText(services: { router: EngineRouter; cache: SegmentCache }): Promise<void> {
  const texts = ["domain-formality-set.jsonl", "domain-formality-holdout.jsonl"].flatMap((file) =>
    readFileSync(join(import.meta.dirname, file), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { text: string }).text),
  );
  const sentences: { text: string; on: LocalizationChoice }[] = [];
  for (const text of texts) {
    const on = localizationApplies({ sourceLang: "en", texts: [text] });
    for (const segment of segmentText(text, "en").segments)
      if (sentences.length < GENERAL_SENTENCES) sentences.push({ text: segment, on });
  }
  console.log(
    `\nGeneral text: ${sentences.length} sentences of ${texts.length} texts (no references: sentences the tables change as applied by default)`,
  );
  for (const target of LOCALIZATION_TARGETS) {
    if (only && !only.includes(target)) continue;
    const route = services.router.route("en", target);
    const table = await loadLocalizationTerms("en", target);
    if (!route || !table) continue;
    const segments = sentences.map((s) => s.text);
    const plain = (await translateSegments(services, { route, segments })).texts;
    const applied = sentences.flatMap((s, i) => (s.on.targets(target) ? [i] : []));
    const withTables = (
      await translateSegments(services, {
        route,
        segments: applied.map((i) => segments[i] ?? ""),
        resources: { localization: table },
      })
    ).texts;
    const changed = applied.filter((i, k) => withTables[k] !== plain[i]).length;
    console.log(
      `  en-${target.padEnd(3)} tables on for ${applied.length} sentences (Technical texts), changed ${changed} (${((changed / segments.length) * 100).toFixed(1)}% of all)`,
    );
  }
}
