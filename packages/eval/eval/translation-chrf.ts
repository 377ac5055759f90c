/**
 * `pnpm eval` (after run-eval.ts): chrF of English→Spanish translations against human
 * references, the msgstr of the machine's gettext catalogs (eval/en-es-set.jsonl, built by
 * eval/build-en-es-set.ts), for:
 * - raw Apertium: the engine alone (its marks removed), nothing protected;
 * - Tolk: the translation pipeline (placeholders, code, identifiers, capitals, versions, labels
 *   and names protected, engine, restore).
 * Also the share of sentences the protection rules of code, identifiers, paths, flags,
 * variables, capitals, versions, labels and names change, and chrF on that share alone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import { SegmentCache, findPlaceholders, isNamingKind, resolveRoute, translateSegments } from "@tolk/domain/evaluation";

import { corpusChrf } from "./chrf";

const set = readFileSync(join(import.meta.dirname, "en-es-set.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { source: string; reference: string });

const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS });
try {
  const services = { router: new EngineRouter([engine]), cache: new SegmentCache({ maxEntries: 0 }) };
  const route = resolveRoute(services, "en", "es");
  const sources = set.map((s) => s.source);
  const references = set.map((s) => s.reference);
  const raw = (await engine.translate({ pair: { source: "en", target: "es" }, segments: sources })).map((r) => r.text);
  const tolk = (await translateSegments(services, { route, segments: sources })).texts;
  const changed = sources.flatMap((s, i) => (findPlaceholders(s).some((span) => isNamingKind(span.kind)) ? [i] : []));
  const pick = (list: readonly string[], indexes: readonly number[]) => indexes.map((i) => list[i] ?? "");
  const fmt = (n: number) => n.toFixed(2);
  console.log(`\nEnglish→Spanish chrF against the catalogs' human translations (${set.length} messages)`);
  console.log(`  raw Apertium ${fmt(corpusChrf(raw, references))}  ·  Tolk ${fmt(corpusChrf(tolk, references))}`);
  console.log(
    `  changed by the naming rules: ${((changed.length / set.length) * 100).toFixed(1)}% (${changed.length}); on those:`,
  );
  console.log(
    `  raw Apertium ${fmt(corpusChrf(pick(raw, changed), pick(references, changed)))}  ·  Tolk ${fmt(corpusChrf(pick(tolk, changed), pick(references, changed)))}`,
  );
  const byKind = new Map<string, number[]>();
  for (const i of changed) {
    for (const kind of new Set(
      findPlaceholders(sources[i] ?? "")
        .map((s) => s.kind)
        .filter(isNamingKind),
    )) {
      byKind.set(kind, [...(byKind.get(kind) ?? []), i]);
    }
  }
  for (const [kind, indexes] of [...byKind].sort()) {
    console.log(
      `    ${kind.padEnd(10)} ${String(indexes.length).padStart(4)}  raw ${fmt(corpusChrf(pick(raw, indexes), pick(references, indexes)))}  Tolk ${fmt(corpusChrf(pick(tolk, indexes), pick(references, indexes)))}`,
    );
  }
  if (process.env.EVAL_SHOW) {
    for (const i of changed.slice(0, Number(process.env.EVAL_SHOW)))
      console.log(`\n  ${sources[i]}\n  raw:  ${raw[i]}\n  tolk: ${tolk[i]}\n  ref:  ${references[i]}`);
  }
} finally {
  await engine.close();
}
