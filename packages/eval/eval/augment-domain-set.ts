/**
 * Machine-translated augmentation of the domain training split: Apertium's translations of a
 * capped sample of each domain's training texts in every direction Debian's pairs join between
 * English, Spanish and French, and into Portuguese, Italian and Catalan.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-domain-formality-set.ts --train   # the data
 *   pnpm --filter @tolk/eval exec tsx eval/augment-domain-set.ts
 *   pnpm --filter @tolk/eval exec tsx eval/train-text-model.ts
 *
 * Spanish and French had 1–3 training sources in most domains, English 3–99, and the other
 * languages none: the augmentation lets a domain's words in each language be learned from the
 * sources of the others. Each translated text keeps its original's source, so the source cap and
 * the grouped cross-validation still treat it as that source, and is marked `augmented` (the
 * pairs that made it). The trainer lets these texts teach the domain head only: Apertium writes
 * "you" as tú/vosotros and tu, so their register is not the original's.
 *
 * Deterministic: texts in hash order, taken round-robin over a domain's sources (at most
 * PER_SOURCE per source, PER_DOMAIN per domain and language), one sample per language sent in
 * every direction from it; translations cached in .data/apertium-cache/ (needs apertium and the
 * pairs of DIRECTIONS when not cached).
 * Writes .data/domain-formality-augmented.jsonl. The test split is never read here.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { apertiumFile } from "./apertium-file";
import { TRAIN_FILE, type Unit, isProse, readUnits } from "./build-domain-formality-set";

const DATA = join(import.meta.dirname, "../../../.data");
const OUT = join(DATA, "domain-formality-augmented.jsonl");
const CACHE = join(DATA, "apertium-cache");
const param = (name: string, value: number) => Number(process.env[`AUGMENT_${name}`] ?? value);
const PER_SOURCE = param("PER_SOURCE", 250);
const PER_DOMAIN = param("PER_DOMAIN", 1000);

/**
 * English–Spanish and Spanish–French both ways, English–French through Spanish (Debian has no
 * English–French pair), and Spanish and English (through Spanish) into Portuguese, Italian and
 * Catalan, which have lexicons or users but no training text (eng-cat fails on some texts).
 * German has no pair and takes part in none.
 */
export const DIRECTIONS = [
  { from: "en", lang: "es", pairs: ["eng-spa"] },
  { from: "en", lang: "fr", pairs: ["eng-spa", "es-fr"] },
  { from: "es", lang: "en", pairs: ["spa-eng"] },
  { from: "es", lang: "fr", pairs: ["es-fr"] },
  { from: "fr", lang: "es", pairs: ["fr-es"] },
  { from: "fr", lang: "en", pairs: ["fr-es", "spa-eng"] },
  { from: "es", lang: "pt", pairs: ["es-pt"] },
  { from: "en", lang: "pt", pairs: ["eng-spa", "es-pt"] },
  { from: "es", lang: "it", pairs: ["spa-ita"] },
  { from: "en", lang: "it", pairs: ["eng-spa", "spa-ita"] },
  { from: "es", lang: "ca", pairs: ["spa-cat"] },
  { from: "en", lang: "ca", pairs: ["eng-spa", "spa-cat"] },
] as const;
/** AUGMENT_FROM=en,…: only the originals in these languages (the cross-validation's comparisons). */
const FROM = new Set((process.env.AUGMENT_FROM ?? "en,es,fr").split(","));

export interface AugmentedUnit extends Unit {
  /** The Apertium modes that made the text, e.g. "eng-spa+es-fr". */
  augmented: string;
  /** The id of the original. */
  from: string;
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
/** A line Apertium passes through untouched and that ends a sentence: texts never run across it. */
const SEPARATOR = "\n\n.||.\n\n";

function apertium(mode: string, texts: string[]): string[] {
  return apertiumFile(mode, texts.join(SEPARATOR))
    .split(/\n\s*\.\|\|\.\s*\n/)
    .map((t) =>
      t
        // Marks of a lemma the generator lacked (#) or left untranslated (@).
        .replace(/[#@](?=\p{L})/gu, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
}

/** The separator should survive; where a text swallowed it, the batch is split in halves. */
function inHalves(mode: string, texts: string[]): string[] {
  const out = apertium(mode, texts);
  if (out.length === texts.length) return out;
  if (texts.length === 1) {
    console.warn(`apertium ${mode}: a text came back as ${out.length} parts`);
    return [out.join(" ")];
  }
  const half = Math.ceil(texts.length / 2);
  return [...inHalves(mode, texts.slice(0, half)), ...inHalves(mode, texts.slice(half))];
}

/** Translations of `texts` by one mode, cached text by text. */
export function translate(mode: string, texts: string[]): string[] {
  const file = join(CACHE, `${mode}.json`);
  const cache = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
  const missing = [...new Set(texts.filter((t) => cache[sha(t)] === undefined))];
  for (let i = 0; i < missing.length; i += 200) {
    const batch = missing.slice(i, i + 200);
    const out = inHalves(mode, batch);
    batch.forEach((t, j) => (cache[sha(t)] = out[j] ?? ""));
  }
  if (missing.length) {
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(file, JSON.stringify(cache));
  }
  return texts.map((t) => cache[sha(t)] ?? "");
}

/** Each domain's texts in one language: round-robin over its sources, each in hash order. */
function sample(units: Unit[], lang: string): Unit[] {
  const inLang = units.filter((u) => u.lang === lang);
  const picked: Unit[] = [];
  for (const domain of [...new Set(inLang.map((u) => u.domain))].sort()) {
    const bySource = new Map<string, Unit[]>();
    for (const u of inLang.filter((e) => e.domain === domain))
      bySource.set(u.source, [...(bySource.get(u.source) ?? []), u]);
    const queues = [...bySource.keys()]
      .sort((a, b) => (sha(a) < sha(b) ? -1 : 1))
      .map((s) => (bySource.get(s) ?? []).sort((a, b) => (sha(a.id) < sha(b.id) ? -1 : 1)).slice(0, PER_SOURCE));
    const mine: Unit[] = [];
    for (let round = 0; mine.length < PER_DOMAIN && queues.some((q) => q.length > round); round++)
      for (const q of queues) {
        const u = q[round];
        if (u && mine.length < PER_DOMAIN) mine.push(u);
      }
    picked.push(...mine);
  }
  return picked;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const units = readUnits(TRAIN_FILE);
  const directions = DIRECTIONS.filter((d) => FROM.has(d.from));
  // One sample per source language, shared by every direction from it.
  const samples = new Map([...new Set(directions.map((d) => d.from))].map((lang) => [lang, sample(units, lang)]));
  const originals = [...samples.values()].reduce((n, picked) => n + picked.length, 0);
  const out: AugmentedUnit[] = [];
  for (const target of directions) {
    const picked = samples.get(target.from) ?? [];
    let texts = picked.map((u) => u.text);
    for (const mode of target.pairs) texts = translate(mode, texts);
    picked.forEach((u, i) => {
      const text = texts[i] ?? "";
      if (!isProse(text, true) || text === u.text) return;
      out.push({
        id: sha(`${u.source}\n${target.lang}\n${text}`).slice(0, 12),
        source: u.source,
        lang: target.lang,
        domain: u.domain,
        formality: u.formality,
        text,
        augmented: target.pairs.join("+"),
        from: u.id,
      });
    });
  }
  writeFileSync(OUT, out.map((u) => JSON.stringify(u)).join("\n") + "\n");
  const count = (key: (u: AugmentedUnit) => string) =>
    Object.fromEntries([...new Set(out.map(key))].sort().map((k) => [k, out.filter((u) => key(u) === k).length]));
  console.log(
    `${out.length} translated texts from ${originals} originals (≤ ${PER_SOURCE} a source, ≤ ${PER_DOMAIN} a domain); wrote ${OUT}`,
  );
  console.log(
    "  per language and domain",
    count((u) => `${u.lang} ${u.domain}`),
  );
}
