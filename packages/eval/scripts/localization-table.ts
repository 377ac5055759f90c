/**
 * A localization table of one language pair from human-translated gettext catalogs: what many
 * independent projects agree a software string or term becomes. Three lists:
 *
 * - phrases: short strings (menu labels, buttons, common phrases) and their translation, used for
 *   a whole segment that is one of them;
 * - terms: words and short phrases whose translation also holds inside longer messages (the
 *   target is found in the translations of most messages that contain the source), used as term
 *   constraints in sentences;
 * - commands: the first word of short labels (`Open …`, `Save …`) and the form translators give
 *   it there (the infinitive in Spanish, Catalan and French UIs), used for the first word of a
 *   short label no phrase covers.
 *
 * Agreement is counted in catalogs, not messages: one project repeating a string many times is
 * one vote. A translation is kept only when enough catalogs give it and it is the majority.
 */
import stopword from "stopword";

import { splitUiString } from "@tolk/domain/evaluation";

/** Stopword lists of the stopword package, by the ISO 639-1 code Tolk uses. */
const STOPWORDS: Readonly<Record<string, readonly string[]>> = {
  en: stopword.eng,
  es: stopword.spa,
  ca: stopword.cat,
  fr: stopword.fra,
  gl: stopword.glg,
  eo: stopword.epo,
  hr: stopword.hrv,
  it: stopword.ita,
  pt: stopword.por,
  sl: stopword.slv,
};

export interface TableInput {
  domain: string;
  messages: readonly { source: string; target: string }[];
}

/** A term: source, target, and other translations the catalogs also use (`|`-separated, may be empty). */
export type TableTerm = [string, string, string];

export interface LocalizationTable {
  phrases: [string, string][];
  terms: TableTerm[];
  commands: [string, string][];
}

export interface TableOptions {
  /** Catalogs that must give the winning translation. */
  minCatalogs: number;
  /** Share of the catalogs with the source that must give the winning translation. */
  minAgreement: number;
  /** Longest phrase, in words. */
  maxPhraseWords: number;
  /** Longest term, in words. */
  maxTermWords: number;
  /** Messages containing a term that must exist to judge it, and the share whose translation must contain its target. */
  minTermContexts: number;
  minTermAgreement: number;
  /** Longest target of an aligned term, in words; messages longer than `maxAlignWords` are not read for them. */
  maxTermTargetWords: number;
  maxAlignWords: number;
  /** Dice coefficient of an aligned term and its target, at least; share of its messages the target is in. */
  minDice: number;
  minAlignedShare: number;
  /** Share of a term's messages another translation must be in to count as an accepted alternative. */
  minAlternativeShare: number;
  /** Target language (for its stopword list); without a list, its most frequent `commonWords` words stand for one. */
  target?: string;
  commonWords: number;
}

export const DEFAULT_OPTIONS: TableOptions = {
  minCatalogs: 2,
  minAgreement: 0.5,
  maxPhraseWords: 6,
  maxTermWords: 3,
  minTermContexts: 8,
  minTermAgreement: 0.6,
  maxTermTargetWords: 4,
  maxAlignWords: 16,
  minDice: 0.4,
  minAlignedShare: 0.3,
  minAlternativeShare: 0.15,
  commonWords: 30,
};

/** Text a table never holds: placeholders, markup and code a phrase must not stand for. */
const NOT_PLAIN = /[%{}<>$\\/@#=|[\]`"]|\d/u;
const WORDS = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;
const words = (text: string) => text.match(WORDS) ?? [];

const clean = (text: string) => splitUiString(text).core.replace(/\s+/gu, " ").trim();

class Votes {
  private readonly byKey = new Map<string, Map<string, Set<string>>>();
  private readonly domainsOf = new Map<string, Set<string>>();

  add(key: string, target: string, domain: string): void {
    let targets = this.byKey.get(key);
    if (!targets) this.byKey.set(key, (targets = new Map<string, Set<string>>()));
    let domains = targets.get(target);
    if (!domains) targets.set(target, (domains = new Set()));
    domains.add(domain);
    let all = this.domainsOf.get(key);
    if (!all) this.domainsOf.set(key, (all = new Set()));
    all.add(domain);
  }

  /** Per key, the winning target when it passes the thresholds; sorted by key. */
  winners(minCatalogs: number, minAgreement: number): [string, string][] {
    const out: [string, string][] = [];
    for (const [key, targets] of this.byKey) {
      let best = "";
      let votes = 0;
      for (const [target, domains] of targets) {
        // Ties go to the shorter, then alphabetically first target, so the build is deterministic.
        if (
          domains.size > votes ||
          (domains.size === votes && (target.length < best.length || (target.length === best.length && target < best)))
        ) {
          best = target;
          votes = domains.size;
        }
      }
      const total = this.domainsOf.get(key)?.size ?? 0;
      if (votes >= minCatalogs && votes / total >= minAgreement) out.push([key, best]);
    }
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
}

export function buildLocalizationTable(
  catalogs: readonly TableInput[],
  options: TableOptions = DEFAULT_OPTIONS,
): LocalizationTable {
  const phraseVotes = new Votes();
  const commandVotes = new Votes();
  for (const { domain, messages } of catalogs) {
    for (const { source, target } of messages) {
      const s = clean(source);
      const t = clean(target);
      if (!s || !t || NOT_PLAIN.test(s) || NOT_PLAIN.test(t) || s.length > 80 || t.length > 120) continue;
      const sw = words(s);
      // A single letter is a prompt's answer (`y` → `s`) or a strftime field (`%y`), not a term.
      if (sw.length === 0 || sw.length > options.maxPhraseWords || !sw.some((w) => w.length > 1)) continue;
      // Keyed as written: "PATH" (a usage placeholder) and "path" are different strings.
      phraseVotes.add(s, t, domain);
      // A label in sentence case starting with a verb-like word: what translators make of that word.
      const first = sw[0] ?? "";
      const tFirst = words(t)[0];
      if (sw.length >= 2 && sw.length <= 5 && s.startsWith(first) && /^\p{Lu}\p{Ll}+$/u.test(first) && tFirst) {
        commandVotes.add(first.toLowerCase(), tFirst.toLowerCase(), domain);
      }
    }
  }
  const phrases = phraseVotes.winners(options.minCatalogs, options.minAgreement);
  const held = termsHoldingInContext(catalogs, phrases, options);
  const known = new Set(held.map(([source]) => source));
  const aligned = alignedTerms(catalogs, options);
  const terms: TableTerm[] = [
    ...held.map(([source, target]): TableTerm => [source, target, aligned.find((a) => a[0] === source)?.[2] ?? ""]),
    ...aligned.filter(([source]) => !known.has(source)),
  ].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // A first word counts as a command only when translators give it the same form standing alone
  // ("Show" → "Mostrar"): a word that starts labels in varied roles ("The", "Cannot") does not.
  const alone = new Map(phrases);
  const termOf = new Map(terms.map(([source, target]) => [source, target]));
  const standing = (word: string) =>
    (alone.get(word) ?? alone.get(word.charAt(0).toUpperCase() + word.slice(1)) ?? termOf.get(word))?.toLowerCase();
  const commands = commandVotes
    .winners(options.minCatalogs, options.minAgreement)
    .filter(([source, target]) => standing(source) === target && source !== target);
  return { phrases, terms, commands };
}

/**
 * The phrases of up to `maxTermWords` words whose target appears in the translation of most
 * longer messages containing them: the sense the catalogs use everywhere, not just as a label.
 */
function termsHoldingInContext(
  catalogs: readonly TableInput[],
  phrases: readonly [string, string][],
  options: TableOptions,
): [string, string][] {
  const candidates = new Map<string, string>();
  for (const [source, target] of phrases) {
    const n = words(source).length;
    // Lowercase sources only: the form a term takes inside a sentence.
    if (
      n >= 1 &&
      n <= options.maxTermWords &&
      source.length > 1 &&
      words(source).join(" ") === source &&
      source === source.toLowerCase() &&
      words(target).length > 0 &&
      source !== target
    ) {
      candidates.set(source, target.toLowerCase());
    }
  }
  const seen = new Map<string, number>();
  const held = new Map<string, number>();
  const domains = new Map<string, Set<string>>();
  for (const { domain, messages } of catalogs) {
    for (const { source, target } of messages) {
      const sw = words(source.toLowerCase());
      if (sw.length < 3) continue;
      const tw = ` ${words(target.toLowerCase()).join(" ")} `;
      const found = new Set<string>();
      for (let n = 1; n <= options.maxTermWords; n++) {
        for (let i = 0; i + n <= sw.length; i++) {
          const gram = sw.slice(i, i + n).join(" ");
          if (candidates.has(gram)) found.add(gram);
        }
      }
      for (const gram of found) {
        seen.set(gram, (seen.get(gram) ?? 0) + 1);
        if (tw.includes(` ${candidates.get(gram)} `)) held.set(gram, (held.get(gram) ?? 0) + 1);
        let d = domains.get(gram);
        if (!d) domains.set(gram, (d = new Set()));
        d.add(domain);
      }
    }
  }
  const out: [string, string][] = [];
  for (const [source, target] of phrases) {
    if (!candidates.has(source)) continue;
    const n = seen.get(source) ?? 0;
    if (n < options.minTermContexts || (domains.get(source)?.size ?? 0) < options.minCatalogs) continue;
    if ((held.get(source) ?? 0) / n >= options.minTermAgreement) out.push([source, target]);
  }
  return out;
}

/** Placeholders and punctuation end a phrase: no n-gram spans them (`%s is` is no term). */
const BREAK = /%\S*|\{[^}]*\}|<[^>]*>|[\p{P}\p{S}]+(?=\s|$)|(?<=^|\s)[\p{P}\p{S}]+|[\p{Ps}\p{Pe}"“”«»:;,!?¿¡…]/u;

/** n-grams of 1..max words within the phrases of a message, each once. */
function grams(text: string, max: number): Set<string> {
  const out = new Set<string>();
  for (const chunk of text.toLowerCase().split(new RegExp(BREAK.source, "gu"))) {
    const ws = words(chunk);
    for (let n = 1; n <= max; n++) for (let i = 0; i + n <= ws.length; i++) out.add(ws.slice(i, i + n).join(" "));
  }
  return out;
}

/**
 * Terms from the alignment of whole messages, not only standalone strings: for each English
 * n-gram met in enough messages of enough catalogs, the target n-gram that co-occurs with it most
 * specifically (highest Dice coefficient), kept when it is in enough of those messages'
 * translations (`could not` → `no se pudo`, `file` → `archivo`). An n-gram made only of
 * stopwords (`the`, `of`; the stopword package's lists) is no term.
 */
function alignedTerms(catalogs: readonly TableInput[], options: TableOptions): TableTerm[] {
  const pairs: { s: Set<string>; t: Set<string>; domain: string }[] = [];
  const df = (side: "s" | "t") => {
    const counts = new Map<string, number>();
    for (const p of pairs) for (const g of p[side]) counts.set(g, (counts.get(g) ?? 0) + 1);
    return counts;
  };
  const common = (max: number, list: readonly Set<string>[]) => {
    const counts = new Map<string, number>();
    for (const ws of list) for (const w of ws) if (!w.includes(" ")) counts.set(w, (counts.get(w) ?? 0) + 1);
    return new Set(
      [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, max)
        .map(([w]) => w),
    );
  };
  for (const { domain, messages } of catalogs) {
    for (const { source, target } of messages) {
      const sn = words(source).length;
      const tn = words(target).length;
      if (sn === 0 || sn > options.maxAlignWords || tn === 0 || tn > options.maxAlignWords * 1.5) continue;
      pairs.push({ s: grams(source, options.maxTermWords), t: grams(target, options.maxTermTargetWords), domain });
    }
  }
  const sCommon = new Set(STOPWORDS.en);
  const list = options.target ? STOPWORDS[options.target] : undefined;
  const tCommon = list
    ? new Set(list)
    : common(
        options.commonWords,
        pairs.map((p) => p.t),
      );
  const contentful = (gram: string, stop: Set<string>) => gram.split(" ").some((w) => !stop.has(w) && w.length > 1);
  const sCount = df("s");
  const tCount = df("t");
  const sKeep = new Set(
    [...sCount].filter(([g, c]) => c >= options.minTermContexts && contentful(g, sCommon)).map(([g]) => g),
  );
  // A target that starts with an elided article (`l'àrea`) would double it after the engine's own.
  // Nor one that ends with a function word (`pas pu ouvrir le`): that word belongs to what follows.
  const tKeep = new Set(
    [...tCount]
      .filter(
        ([g, c]) =>
          c >= options.minCatalogs &&
          contentful(g, tCommon) &&
          !/^\p{L}{1,3}['’]/u.test(g) &&
          !tCommon.has(g.slice(g.lastIndexOf(" ") + 1)),
      )
      .map(([g]) => g),
  );
  // A target with more content words than the term has words carries a neighbour's translation
  // (`open file` → `pu ouvrir le fichier`, where `pu` is the rendering of `could`).
  const fits = (s: string, t: string) => t.split(" ").filter((w) => !tCommon.has(w)).length <= s.split(" ").length;
  const joint = new Map<string, Map<string, { n: number; domains: Set<string> }>>();
  for (const p of pairs) {
    const targets = [...p.t].filter((g) => tKeep.has(g));
    for (const s of p.s) {
      if (!sKeep.has(s)) continue;
      let row = joint.get(s);
      if (!row) joint.set(s, (row = new Map<string, { n: number; domains: Set<string> }>()));
      for (const t of targets) {
        let cell = row.get(t);
        if (!cell) row.set(t, (cell = { n: 0, domains: new Set() }));
        cell.n++;
        cell.domains.add(p.domain);
      }
    }
  }
  // An n-gram that mostly occurs inside one longer one (`open file` inside `not open file`) has
  // no translation of its own in the data: its aligned target would carry the context's words.
  const embedded = new Set<string>();
  for (const [g, c] of sCount) {
    const parts = g.split(" ");
    if (parts.length < 2) continue;
    for (const inner of [parts.slice(1).join(" "), parts.slice(0, -1).join(" ")]) {
      const added = parts.length === 2 ? (inner === parts[1] ? parts[0] : parts[1]) : "";
      const ci = sCount.get(inner) ?? 0;
      if (ci > 0 && c >= 0.6 * ci && (added === "" || !sCommon.has(added ?? ""))) embedded.add(inner);
    }
  }
  const out: TableTerm[] = [];
  for (const [s, row] of joint) {
    if (embedded.has(s)) continue;
    const cs = sCount.get(s) ?? 0;
    const scored = [...row]
      .filter(([t, cell]) => cell.domains.size >= options.minCatalogs && fits(s, t))
      .map(([t, cell]) => ({
        t,
        n: cell.n,
        dice: (2 * cell.n) / (cs + (tCount.get(t) ?? 0)),
        words: t.split(" ").length,
      }));
    const top = Math.max(0, ...scored.map((c) => c.dice));
    if (top < options.minDice) continue;
    // Among targets nearly as specific as the best, the longest: `no se pudo abrir` over
    // `pudo abrir`, which would drop the negation where it replaces the engine's rendering.
    const near = scored
      .filter((c) => c.dice >= 0.85 * top)
      .sort((a, b) => b.words - a.words || b.dice - a.dice || (a.t < b.t ? -1 : 1));
    const best = near[0];
    if (!best || best.n / cs < options.minAlignedShare || best.t === s) continue;
    const alternatives = scored
      .filter((c) => c.t !== best.t && c.n / cs >= options.minAlternativeShare)
      .sort((a, b) => b.n - a.n || (a.t < b.t ? -1 : 1))
      .slice(0, 6)
      .map((c) => c.t);
    out.push([s, best.t, alternatives.join("|")]);
  }
  return out;
}

/** A verb reading of Apertium's analyser (`abrir<vblex><inf>`, `ser<vbser><pri><p3><sg>`). */
const VERB = /<vb[a-z]*>/u;

/**
 * Verb forms checked with the target language's morphological analyser (`analyse` gives each
 * word's readings; null when there is no analyser):
 * - a command keeps its form only when that can be an infinitive, the form Spanish, Catalan and
 *   French UIs give commands: a word that starts labels as a noun, an adjective or a conjugated
 *   verb is no command, and without an analyser there are none;
 * - a one-word term whose target can only be a verb is no term: in a sentence the engine
 *   conjugates the verb itself or reads the word as a noun or an adjective, and a verb form put in
 *   its place breaks the sentence (`Fitxer obrir`, `Document de imprimeix`). An infinitive among
 *   them becomes the word's command when it has none.
 */
export function keepVerbForms(
  table: LocalizationTable,
  analyse: (words: readonly string[]) => ReadonlyMap<string, readonly string[]> | null,
): LocalizationTable {
  const single = table.terms.filter(([source]) => !source.includes(" "));
  const readings = analyse([
    ...new Set([...table.commands.map(([, form]) => form), ...single.map(([, target]) => target)]),
  ]);
  if (!readings) return { ...table, commands: [] };
  const infinitive = (word: string) => (readings.get(word) ?? []).some((r) => VERB.test(r) && r.includes("<inf>"));
  const onlyVerb = (word: string) => {
    const r = readings.get(word) ?? [];
    return r.length > 0 && r.every((x) => VERB.test(x));
  };
  const commands = new Map(table.commands.filter(([, form]) => infinitive(form)));
  for (const [source, target] of single)
    if (infinitive(target) && onlyVerb(target) && !commands.has(source)) commands.set(source, target);
  return {
    phrases: table.phrases,
    terms: table.terms.filter(([source, target]) => source.includes(" ") || !onlyVerb(target)),
    commands: [...commands].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  };
}
