/**
 * `pnpm eval`: accuracy and confusion matrices of the analysis on the checked-in sets.
 *
 * - eval/langid/*-test.jsonl: language identification, on the test split of the sets in
 *   langid-sets.ts (each set's build script is named there);
 * - eval/domain-formality-test.jsonl: domain and formality, the test split of public texts
 *   (build-domain-formality-set.ts; the model was trained on other sources only);
 * - the in-process latency of analyzing a 2,000-character text (p50, p95).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { type Domain, type Formality, domains, formalities } from "@tolk/contract";
import {
  AUTO,
  analyzeText,
  classifyDomainByLexicon,
  detectLanguage,
  extractFeatures,
  rateFormalityByMarkers,
} from "@tolk/domain/evaluation";

import { LANGID_SETS, type LangidSample, readSet } from "./langid-sets";
import { asSource, score as langidScore, percent, weakest } from "./langid-score";

const read = <T>(file: string): T[] =>
  readFileSync(join(import.meta.dirname, file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

function confusion(title: string, labels: readonly string[], pairs: readonly [string, string][]): void {
  const predicted = [...new Set([...labels, ...pairs.map((p) => p[1])])];
  const width = Math.max(6, ...predicted.map((l) => l.length)) + 1;
  const cell = (s: string | number) => String(s).padStart(width);
  console.log(`\n${title} (rows: expected, columns: predicted)`);
  console.log(cell("") + predicted.map(cell).join(""));
  for (const expected of labels) {
    const row = predicted.map((p) => pairs.filter(([e, g]) => e === expected && g === p).length);
    console.log(cell(expected) + row.map((n) => cell(n === 0 ? "." : n)).join(""));
  }
}

const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)}% (${n}/${of})`;

// Language identification: every test set of langid-sets.ts that is built on this machine
// (figures only from the test split; the tuning split is for writing the rules).
const LANG_TARGET = { macro: 0.97, floor: 0.9, auto: 0.02 };
const langTest: LangidSample[] = [];
const langAnswers: string[] = [];
for (const set of LANGID_SETS.filter((s) => s.split === "test")) {
  const samples = readSet(set);
  if (!samples) {
    console.log(`Language identification, ${set.name}: not built on this machine (${set.build})`);
    continue;
  }
  const answers: string[] = [];
  for (const s of samples) answers.push((await detectLanguage(s.text)).language);
  const r = langidScore(samples, answers, AUTO);
  console.log(
    `Language identification, ${set.name}: ${r.texts} texts, ${r.groups.size} languages; macro accuracy ${percent(r.macro)}, ` +
      `"auto" ${percent(r.auto)}; below 90 %: ${weakest(r, LANG_TARGET.floor).join(", ") || "none"}`,
  );
  langTest.push(...samples);
  langAnswers.push(...answers);
}
const lang = langidScore(langTest, langAnswers, AUTO);
console.log(
  `\nLanguage identification, test split (all test sets): ${lang.texts} texts, ${lang.groups.size} languages (targets: macro ≥ 97 %, ` +
    `none below 90 %, "auto" ≤ 2 %)\n  macro accuracy ${percent(lang.macro, 2)}, micro ${percent(lang.micro)}, "auto" ${percent(lang.auto)}`,
);
const asSourceScore = langidScore(langTest, asSource(langTest, langAnswers), AUTO);
console.log(
  `  as a source language (bs/hr/sr count as one: one analyser reads all three): macro ${percent(asSourceScore.macro, 2)}; ` +
    `below 90 %: ${weakest(asSourceScore, LANG_TARGET.floor).join(", ") || "none"}`,
);
console.log(
  "  per language: " +
    [...lang.groups]
      .sort((a, b) => a[1][0] / a[1][1] - b[1][0] / b[1][1])
      .map(([g, [right, n]]) => `${g} ${((right / n) * 100).toFixed(0)}% (${n})`)
      .join(", "),
);
console.log(
  `  most frequent errors (expected→answered): ${lang.errors
    .slice(0, 40)
    .map(([k, v]) => `${k} ×${v}`)
    .join(", ")}`,
);

// Domain and formality: the test split of public texts (built by build-domain-formality-set.ts,
// sources listed in domain-formality-manifest.json; no source of it was trained or tuned on).
interface Labelled {
  id: string;
  source: string;
  lang: string;
  domain: Domain;
  formality: Formality;
  text: string;
}
const set = read<Labelled>("domain-formality-test.jsonl");
const right = (pairs: [string, string][]) => pairs.filter(([e, g]) => e === g).length;
const results = await Promise.all(set.map(async (s) => ({ s, r: await analyzeText({ text: s.text }) })));
const lexicon = set.map((s) => {
  const f = extractFeatures(s.text, s.lang);
  return { domain: classifyDomainByLexicon(f).domain, formality: rateFormalityByMarkers(f).formality };
});
const domainPairs = results.map(({ s, r }) => [s.domain, r.domain] as [string, string]);
const formalityPairs = results.map(({ s, r }) => [s.formality, r.formality] as [string, string]);
const sourcesOf = (d: string) => new Set(set.filter((s) => s.domain === d).map((s) => s.source)).size;
console.log(
  `\nDomain and formality, test split (domain-formality-test.jsonl): ${set.length} texts, ${new Set(set.map((s) => s.source)).size} sources, ${new Set(set.map((s) => s.lang)).size} languages`,
);
console.log(`  sources per domain: ${domains.map((d) => `${d} ${sourcesOf(d)}`).join(", ")}`);
console.log(
  `  domain    ${pct(right(domainPairs), set.length)}   (lexicon rules alone: ${pct(set.filter((s, i) => lexicon[i]?.domain === s.domain).length, set.length)})`,
);
console.log(
  `  formality ${pct(right(formalityPairs), set.length)}   (marker rules alone: ${pct(set.filter((s, i) => lexicon[i]?.formality === s.formality).length, set.length)})`,
);
for (const lang of [...new Set(set.map((s) => s.lang))].sort()) {
  const mine = results.filter(({ s }) => s.lang === lang);
  const d = mine.filter(({ s, r }) => s.domain === r.domain).length;
  const f = mine.filter(({ s, r }) => s.formality === r.formality).length;
  console.log(`  ${lang}: domain ${pct(d, mine.length)}, formality ${pct(f, mine.length)}`);
}
confusion("Domain confusion", domains, domainPairs);
confusion("Formality confusion", formalities, formalityPairs);
if (process.argv.includes("--errors")) {
  console.log("\nMisclassified:");
  for (const { s, r } of results) {
    if (s.domain !== r.domain || s.formality !== r.formality) {
      console.log(
        `  ${s.id} [${s.lang}] ${s.source}: expected ${s.domain}/${s.formality}, got ${r.domain}/${r.formality}: ${s.text.slice(0, 110)}`,
      );
    }
  }
}

// Latency of one analysis of a 2,000-character text, in process.
const long = set.map((s) => s.text).join(" ");
const sample = [...long].slice(0, 2000).join("");
for (let i = 0; i < 50; i++) await analyzeText({ text: sample });
const times: number[] = [];
for (let i = 0; i < 500; i++) {
  const t0 = performance.now();
  await analyzeText({ text: sample });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const q = (p: number) => (times[Math.floor(p * (times.length - 1))] ?? 0).toFixed(2);
console.log(`\nLatency of analyzeText on a 2,000-character text (500 runs): p50 ${q(0.5)} ms, p95 ${q(0.95)} ms`);
