/**
 * `pnpm --filter @tolk/engines tagger-warmup`: writes data/tagger-warmup.json, the sentences
 * every new Apertium pipeline translates before it serves anyone (src/apertium/tagger-warmup.ts
 * reads it), stamped with the versions of the Debian packages it was made from.
 *
 * Why: `apertium-tagger -g` changes its own model while it runs. When a word's ambiguity class
 * is not in the model, `find_similar_ambiguity_class` looks for a known superset and assigns
 * it, through a reference, to the model's open class, the class every unknown word is tagged
 * with (apertium 3.8.3, tagger_utils.cc). From then on the process tags unknown words, and so
 * their neighbours, differently: the same sentence comes out differently depending on what the
 * pipeline translated before, and on which pipeline of a pool it lands.
 *
 * The open class only ever shrinks, and once a process has met the new classes of a language in
 * the order they first occur in a large text, later text no longer moves it. So a pipeline that
 * first translates one sentence per new class, in that order, starts in the state a long-lived
 * process settles into, and stays there.
 *
 * For each installed mode whose tagger is `apertium-tagger`:
 * 1. sentences in the mode's source language: the translations (msgstr) of the message catalogs
 *    under /usr/share/locale, read with gettext-parser in each catalog's own charset; for
 *    English, the benchmark corpus built from the same catalogs' msgids;
 * 2. the mode's programs up to the tagger, then the tagger with `-d`, which reports each new
 *    ambiguity class and the word that brought it;
 * 3. per class, the first sentence that brings it;
 * 4. a check: the tagger's output for the whole text, after the warm-up, is the same in forward
 *    and reversed order (printed per mode as "order-independent" or the count that differ).
 *
 * Needs the message catalogs: bash scripts/install-debian-packages.sh e2e/bench/debian-packages.txt
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";

import { deformat } from "../src/apertium/markup";
import { discoverModes } from "../src/apertium/modes";
import { type TaggerWarmupData } from "../src/apertium/tagger-warmup";
import { evenly, localesOf, translatedLines } from "./catalogs";

const OUT = resolve(import.meta.dirname, "..", "data", "tagger-warmup.json");
const ENGLISH = resolve(import.meta.dirname, "..", "..", "..", "e2e", "bench", "corpus", "en.txt");
/** Enough text to meet a language's rarer new classes, few enough to check every mode quickly. */
const MAX_SENTENCES = 30_000;
const NEW_CLASS = /New ambiguity class: (\{[^}\n]*\})/g;

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
const command = (stages: readonly (readonly string[])[]) => stages.map((argv) => argv.map(quote).join(" ")).join(" | ");

/** Runs a shell pipeline over NUL-terminated units; one output per unit, and stderr. */
function pipe(
  stages: readonly (readonly string[])[],
  units: readonly string[],
  options = { reportsInline: false },
): { out: string[]; err: string } {
  const r = spawnSync("bash", ["-c", command(stages) + (options.reportsInline ? " 2>&1" : "")], {
    input: units.map((u) => `${u}\0`).join(""),
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`${command(stages)} exited with ${r.status}: ${r.stderr.toString().slice(-400)}`);
  return { out: r.stdout.toString("utf8").split("\0").slice(0, units.length), err: r.stderr.toString("utf8") };
}

/**
 * Text in `language`: for English the benchmark corpus (the catalogs' msgids), otherwise the
 * msgstr lines of every catalog of the language and its regional variants, distinct.
 */
function sentencesIn(language: string): string[] {
  if (language === "en") return readFileSync(ENGLISH, "utf8").split("\n").filter(Boolean);
  const found = new Set<string>();
  for (const line of translatedLines(localesOf(language))) {
    const text = line.replaceAll("\t", " ").trim();
    if (text.includes("\uFFFD")) continue;
    if (text.length >= 10 && text.length <= 300 && (text.match(/\p{L}{2,}/gu) ?? []).length >= 3) found.add(text);
  }
  return evenly([...found].sort(), MAX_SENTENCES);
}

/** The Debian packages the warm-up depends on (apertium, the tagger, each mode's pair), with their versions. */
function packageVersions(modeFiles: readonly string[]): Record<string, string> {
  const owners = new Set(["apertium", "lttoolbox", "apertium-lex-tools", "cg3"]);
  for (const file of modeFiles) {
    const r = spawnSync("dpkg-query", ["-S", file], { encoding: "utf8" });
    const owner = r.status === 0 ? r.stdout.split(":")[0]?.trim() : undefined;
    if (owner) owners.add(owner);
  }
  const versions: Record<string, string> = {};
  for (const name of [...owners].sort()) {
    try {
      versions[name] = execFileSync("dpkg-query", ["-W", "-f", "${Version}", name], { encoding: "utf8" }).trim();
    } catch {
      // not installed: not part of what the warm-up was made from
    }
  }
  return versions;
}

const differing = (a: readonly string[], b: readonly string[]) => a.reduce((n, x, i) => n + (x === b[i] ? 0 : 1), 0);

async function main(): Promise<void> {
  const { modes } = await discoverModes();
  const texts = new Map<string, string[]>();
  const warmup: Record<string, string[]> = {};
  for (const mode of modes) {
    const at = mode.stages.findIndex((argv) => basename(argv[0] ?? "") === "apertium-tagger");
    if (at < 0) continue;
    const language = mode.pair.source;
    if (!texts.has(language)) texts.set(language, sentencesIn(language));
    const sentences = texts.get(language) ?? [];
    if (sentences.length === 0) {
      console.log(`${mode.name}: no ${language} catalogs, skipped`);
      continue;
    }
    const tagger = mode.stages[at] ?? [];
    const debugTagger = [[tagger[0] ?? "", "-d", ...tagger.slice(1)]];
    const analyses = pipe(mode.stages.slice(0, at), sentences.map(deformat)).out;
    // The tagger flushes its output at every NUL and writes its reports unbuffered, so with
    // both on one pipe, a unit's reports come before that unit's NUL.
    const reports = pipe(debugTagger, analyses, { reportsInline: true }).out;
    const firstUnit = new Map<string, number>();
    let events = 0;
    reports.forEach((chunk, unit) => {
      for (const [, cls = ""] of chunk.matchAll(NEW_CLASS)) {
        events++;
        if (!firstUnit.has(cls)) firstUnit.set(cls, unit);
      }
    });
    const chosen = [...new Set(firstUnit.values())];
    chosen.sort((a, b) => a - b);
    if (chosen.length === 0) {
      console.log(`${mode.name}: ${sentences.length} sentences, no new ambiguity class`);
      continue;
    }
    const warm = chosen.map((i) => analyses[i] ?? "");
    const forward = pipe([tagger], [...warm, ...analyses]).out.slice(warm.length);
    const reversed = pipe([tagger], [...warm, ...analyses.toReversed()])
      .out.slice(warm.length)
      .toReversed();
    const fresh = pipe([tagger], analyses).out;
    const unstable = differing(forward, reversed);
    console.log(
      `${mode.name}: ${sentences.length} sentences, ${events} new-class events, ${firstUnit.size} classes, ` +
        `${chosen.length} warm-up sentences; after them, forward vs reversed: ${unstable === 0 ? "order-independent" : `${unstable} differ`}; ` +
        `vs a fresh tagger in forward order: ${differing(forward, fresh)} differ`,
    );
    warmup[mode.name] = chosen.map((i) => sentences[i] ?? "");
  }
  const data: TaggerWarmupData = {
    generator: "pnpm --filter @tolk/engines tagger-warmup (scripts/build-tagger-warmup.ts); do not edit",
    packages: packageVersions(modes.map((m) => m.file)),
    modes: Object.fromEntries(Object.entries(warmup).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`wrote ${Object.keys(warmup).length} modes to ${OUT}`);
}

await main();
