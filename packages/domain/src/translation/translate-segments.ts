import { createHash } from "node:crypto";

import { type Formality } from "@tolk/contract";
import {
  type Engine,
  type EngineRouter,
  type ModelTier,
  type Route,
  type SegmentResult,
  type TranslationContext,
  countWords,
  hasWords,
  isEngineError,
  pairKey,
} from "@tolk/engines";

import { engineUnavailable, unsupportedLanguagePair } from "../errors";
import { metrics } from "../ports/metrics";
import { removeForbiddenTerms, voiceInstructions } from "./brand-voice-rules";
import {
  findPlaceholders,
  isNamingKind,
  placeholderToken,
  protectPlaceholders,
  restorePlaceholders,
} from "./placeholders";
import { type SegmentQualitySignals } from "./quality-score";
import { type SegmentResources } from "./resolve-resources";
import { type OrgEngines } from "./org-engines";
import { type SegmentCache } from "./segment-cache";
import { LOCALIZATION_ORIGIN, type LocalizationTerms } from "./localization-terms";
import { type Span, findSoftwareNames } from "./software-names";
import { agreeWithTerms, guessSpanishForm } from "./term-agreement";
import { type Repair, repairFuzzyMatch } from "./tm-repair";
import { type TermMatch, type TermSet, followCase } from "./term-matcher";
import { type UiString, joinUiString, keepInitialCase, splitUiString } from "./ui-strings";

/** What translation use cases need besides the database: the engines and their result cache. */
export interface TranslationServices {
  router: EngineRouter;
  cache: SegmentCache;
  /** The source language of a text too short or mixed to detect (TOLK_DEFAULT_SOURCE_LANG); none: a 400. */
  defaultSourceLang?: string;
  /** Organizations' own engines (their DeepL key), joined in per organization by translationFor. */
  orgEngines?: OrgEngines;
  /**
   * Why an organization's own engine is missing from `router` (its key was refused when it
   * started, its server unreachable): a pair no engine serves is then a 503 saying so.
   */
  unavailable?: string;
}

/** The translation-memory unit a segment reused. */
export interface SegmentTmMatch {
  score: number;
  unitId: string;
  level: "exact" | "fuzzy";
  repaired: Repair[];
}

/** A term rendered as its target in one segment. */
export interface TermUse {
  source: string;
  target: string;
  origin: string;
}

export type FormalityAppliedBy = "prompt" | "post_edit" | "none";

export interface TranslatedSegments {
  texts: string[];
  signals: SegmentQualitySignals[];
  pivot: string | null;
  /** Per segment: the memory unit reused, or null (translated by the engine). */
  tmMatches: (SegmentTmMatch | null)[];
  /** Per segment: the terms rendered as their targets. */
  termsApplied: TermUse[][];
  /** Per segment: forbidden terms that had to be removed (no replacement given). */
  removedForbidden: string[][];
  formalityAppliedBy: FormalityAppliedBy;
}

/** TM matches from this score on are considered (peers.md §3: the usual fuzzy band starts at 75). */
export const TM_MIN_SCORE = 75;
/** Fuzzy candidates tried for a repair, best first. */
const TM_CANDIDATES = 5;

/** The route of a pair; 400 unsupported_language_pair when no engine can serve it. */
export function resolveRoute(services: TranslationServices, source: string, target: string, tier?: ModelTier): Route {
  const route = services.router.route(source, target, tier);
  if (!route && services.unavailable) throw engineUnavailable(services.unavailable, 60);
  if (!route) throw unsupportedLanguagePair(source, target, services.router.availablePairs());
  return route;
}

/**
 * Sentences through the pipeline, each step per segment:
 * 1. Translation memory (when given): an exact match is reused as is; else the best fuzzy
 *    matches (≥ 75) are tried for a repair (tm-repair.ts). Reused segments skip the engine.
 * 2. Protect placeholders, then glossary / brand-voice terms, as `[[i]]` tokens; a term's token
 *    is restored as its target.
 * 3. Engine: each leg of the route, through the cache, all segments in one request; the last leg
 *    gets the brand voice as instructions (engines that take them).
 * 4. Determiners agree with the terms (term-agreement.ts); restore tokens; the formality's address set by the engine where it took no instructions (Apertium); remove forbidden
 *    terms from every segment, reused ones included.
 * Returns one text, one set of quality signals and the resource effects per input segment.
 */
export async function translateSegments(
  services: TranslationServices,
  options: {
    route: Route;
    segments: readonly string[];
    tier?: ModelTier;
    resources?: SegmentResources;
    /** false: read the segment cache but add nothing to it (documents). */
    cacheStore?: boolean;
  },
): Promise<TranslatedSegments> {
  const { route, segments } = options;
  const resources = options.resources ?? {};
  const tmMatches = segments.map((s) => (resources.memory ? memoryMatch(s, resources.memory, resources.terms) : null));
  const prepared = segments.map((s, i) =>
    tmMatches[i]
      ? null
      : resources.localization
        ? protectLocalized(s, resources.terms, resources.localization)
        : protectSegment(s, resources.terms),
  );
  const lastLeg = route.legs.at(-1);
  const llm = lastLeg?.engine.name.split(":")[0] === "llm";
  // Built-in terms are checked against what the engine makes of each alone (see substituteTerms),
  // translated with the segments, in the same request. An LLM reads them in its prompt instead.
  const termSources = llm ? [] : [...new Set(prepared.flatMap((p) => p?.soft?.map((m) => m.term.source) ?? []))];
  // A label that starts with a command also goes to the engine as an infinitive clause (see
  // commandClause), so that the engine itself generates the verb and orders its object.
  const commandIndexes = llm ? [] : prepared.flatMap((p, i) => (p?.command ? [i] : []));
  const commandClauses = commandIndexes.map((i) => commandClause(prepared[i]?.text ?? ""));
  const toEngine = [
    ...prepared.map((p) => p !== null && hasWords(p.text.replace(TOKEN, " "))),
    ...termSources.map(() => true),
    ...commandClauses.map(() => true),
  ];
  let current = [...prepared.map((p) => p?.text ?? ""), ...termSources, ...commandClauses];
  const unknown: (number | null)[] = current.map(() => 0);
  const engines: string[] = current.map(() => "none");
  const instructions = resources.voice ? voiceInstructions(resources.voice) : undefined;

  // Only an engine that reads context gets it (and a cache key of its own): the LLM.
  const context = route.legs.length === 1 && llm ? engineContext(segments, prepared, toEngine, resources) : undefined;

  for (const leg of route.legs) {
    const indexes = current.flatMap((_, i) => (toEngine[i] ? [i] : []));
    if (indexes.length === 0) break;
    const pair = pairKey(leg.pair);
    const legInstructions = leg === lastLeg ? instructions : undefined;
    const legContext = leg === lastLeg ? context : undefined;
    // Instructions and context change an instructable engine's output, so they are part of its cache key.
    const keyed =
      legInstructions || legContext
        ? `${legInstructions ?? ""}\u0000${legContext ? JSON.stringify(legContext) : ""}`
        : "";
    const engineKey = leg.engine.cacheScope ? `${leg.engine.name}@${leg.engine.cacheScope}` : leg.engine.name;
    const cacheEngine = keyed ? `${engineKey}#${shortHash(keyed)}` : engineKey;
    let results: SegmentResult[];
    try {
      results = await services.cache.getOrTranslate(
        indexes.map((i) => ({ engine: cacheEngine, pair, segment: current[i] ?? "" })),
        (missing) =>
          measureEngineCall(leg.engine.name, pair, missing.length, () =>
            leg.engine.translate({
              pair: leg.pair,
              segments: missing.map((m) => m.segment),
              tier: options.tier,
              instructions: legInstructions,
              context: legContext,
              // Part of the cache key already: the voice's instructions name its formality.
              formality: leg === lastLeg ? ENGINE_FORMALITY[resources.voice?.formality ?? "Neutral"] : undefined,
            }),
          ),
        { store: options.cacheStore },
      );
    } catch (err) {
      if (isEngineError(err)) throw engineUnavailable(err.message, err.retryAfterSeconds);
      throw err;
    }
    const next = [...current];
    indexes.forEach((segmentIndex, k) => {
      const result = results[k];
      if (!result) return;
      next[segmentIndex] = result.text;
      const before = unknown[segmentIndex] ?? 0;
      unknown[segmentIndex] = before === null || result.unknownWords === null ? null : before + result.unknownWords;
      engines[segmentIndex] = leg.engine.name;
    });
    // A term alone is a whole sentence to the engine, which capitalises its first letter; the next
    // leg of a pivot would then read it as a proper name (`file` → "Lima" → French "Lima", where
    // the sentence has "lime"). A term written in lowercase stays lowercase between legs.
    termSources.forEach((source, k) => {
      const i = segments.length + k;
      const text = next[i] ?? "";
      if (source.charAt(0) === source.charAt(0).toLowerCase()) next[i] = text.charAt(0).toLowerCase() + text.slice(1);
    });
    current = next;
  }

  const engineForms = new Map(termSources.map((source, k) => [source, current[segments.length + k] ?? ""]));
  const commandOutputs = new Map(
    commandIndexes.map((i, k) => [i, current[segments.length + termSources.length + k] ?? ""]),
  );
  const target = lastLeg?.pair.target ?? "";
  const formalityAppliedBy = formalityChannel(resources, lastLeg?.engine, target);
  const uses: TermUse[][] = prepared.map((p) => p?.uses ?? []);
  // The engine's output with the built-in terms put in and agreed, placeholders and terms still tokens.
  const edits = segments.map((_, i) => {
    const p = prepared[i];
    if (tmMatches[i] || !p) return null;
    const commanded = p.command ? fromCommand(commandOutputs.get(i), p.command) : null;
    const output = commanded ?? current[i] ?? "";
    const withCommand = commanded && p.command ? { ...p, uses: [...p.uses, p.command.use] } : p;
    const edited =
      p.soft && !llm && resources.localization
        ? substituteTerms(output, withCommand, engineForms, resources.localization)
        : { ...withCommand, text: output };
    uses[i] = edited.uses;
    return { edited, agreed: agreeWithTerms(edited.text, edited.termTokens, target, edited.determinerOnly) };
  });
  let agreed = edits.map((e) => e?.agreed ?? "");
  // Set while placeholders and terms are still tokens, so that markup, code and a term's own words are never rewritten.
  if (formalityAppliedBy === "post_edit" && lastLeg && resources.voice) {
    agreed = await setAddress(lastLeg.engine, target, resources.voice.formality, agreed, toEngine);
  }
  const drafts = segments.map((source, i) => {
    const match = tmMatches[i];
    const p = prepared[i];
    const edit = edits[i];
    if (match || !p || !edit) return { text: match?.text ?? source, repairs: 0 };
    const restored = restorePlaceholders(agreed[i] ?? "", edit.edited.tokens);
    const text = tidySpaces(source, restored.text);
    return { text: p.ui ? joinUiString(keepInitialCase(p.ui.core, text), p.ui) : text, repairs: restored.repaired };
  });
  const texts: string[] = [];
  const signals: SegmentQualitySignals[] = [];
  const removedForbidden: string[][] = [];
  segments.forEach((source, i) => {
    const match = tmMatches[i];
    const text = drafts[i]?.text ?? source;
    const cleaned = resources.voice ? removeForbiddenTerms(text, resources.voice.forbidden) : { text, removed: [] };
    texts.push(cleaned.text);
    removedForbidden.push(cleaned.removed);
    signals.push(
      match
        ? {
            words: countWords(source),
            unknownWords: 0,
            pivots: 0,
            repairedPlaceholders: 0,
            engine: "tm",
            tmScore: match.score,
          }
        : {
            words: countWords(source),
            unknownWords: toEngine[i] ? (unknown[i] ?? null) : 0,
            pivots: toEngine[i] ? route.pivots.length : 0,
            repairedPlaceholders: drafts[i]?.repairs ?? 0,
            engine: engines[i] ?? "none",
            source,
            output: cleaned.text,
            target,
          },
    );
  });
  return {
    texts,
    signals,
    pivot: route.pivot,
    tmMatches: tmMatches.map((m) =>
      m ? { score: m.score, unitId: m.unitId, level: m.level, repaired: m.repaired } : null,
    ),
    termsApplied: uses,
    removedForbidden,
    formalityAppliedBy,
  };
}

/** Every engine call goes through here: counted, with its segments and duration, by engine and pair. */
async function measureEngineCall<T>(
  engine: string,
  pair: string,
  segments: number,
  call: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let ok = false;
  try {
    const result = await call();
    ok = true;
    return result;
  } finally {
    metrics().engineCall({ engine, pair, segments, seconds: (performance.now() - started) / 1000, ok });
  }
}

const ENGINE_FORMALITY: Readonly<Record<Formality, "more" | "less" | undefined>> = {
  Formal: "more",
  Neutral: undefined,
  Informal: "less",
};

/** Memory matches offered to an engine as examples, per segment. */
const CONTEXT_MATCHES = 2;

/**
 * What the engine may use besides the segments (engines that take context put it in their
 * prompt): the glossary terms found in them, and the best translation-memory matches (≥ 75 %)
 * of the segments that go to the engine. Only for a direct route: through a pivot, the memory's
 * source language is not the leg's. Undefined when there is none.
 */
function engineContext(
  segments: readonly string[],
  prepared: readonly (PreparedSegment | null)[],
  toEngine: readonly boolean[],
  resources: SegmentResources,
): TranslationContext | undefined {
  const glossary = new Map<string, string>();
  const examples = new Map<string, { source: string; target: string; score: number }>();
  segments.forEach((segment, i) => {
    if (!toEngine[i]) return;
    for (const use of prepared[i]?.uses ?? [])
      if (use.origin !== "do_not_translate") glossary.set(use.source, use.target);
    for (const m of prepared[i]?.soft ?? [])
      if (!glossary.has(m.term.source)) glossary.set(m.term.source, m.term.target);
    for (const match of resources.memory?.index.search(segment, { minScore: TM_MIN_SCORE, limit: CONTEXT_MATCHES }) ??
      []) {
      examples.set(match.unit.id, { source: match.unit.source, target: match.unit.target, score: match.score });
    }
  });
  if (glossary.size === 0 && examples.size === 0) return undefined;
  return {
    glossary: [...glossary].map(([source, target]) => ({ source, target })),
    examples: [...examples.values()].sort((a, b) => b.score - a.score),
  };
}

const TOKEN = /\[\[\d+\]\]/g;
const shortHash = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);

interface PreparedSegment {
  /** Placeholders and terms replaced by `[[i]]`. */
  text: string;
  /** `tokens[i]` is what `[[i]]` becomes: the placeholder, or the term's target. */
  tokens: string[];
  uses: TermUse[];
  /** Token index → term target, for the agreement post-edit. */
  termTokens: ReadonlyMap<number, string>;
  /** With the localization tables: the segment's accelerator and closing marks, put back after. */
  ui?: UiString;
  /** Built-in terms found in the segment, applied after the engine (substituteTerms). */
  soft?: TermMatch[];
  /** Term tokens whose agreement may change only the determiner right before them (built-in terms). */
  determinerOnly?: ReadonlySet<number>;
  /** A short label's first word that the table gives a command form (see commandClause). */
  command?: { form: string; use: TermUse };
}

/** The term tokens of a segment without terms: one shared empty map, not one per segment. */
const NO_TERM_TOKENS: ReadonlyMap<number, string> = new Map();

function protectSegment(segment: string, terms: TermSet | undefined): PreparedSegment {
  if (!terms) return { ...protectPlaceholders(segment), uses: [], termTokens: NO_TERM_TOKENS };
  // A glossary term wins over a naming rule (a term may be written in capitals, or be a name),
  // never over a placeholder, which no engine or term may break.
  const spans = findPlaceholders(segment);
  const matches = terms.find(
    segment,
    spans.filter((span) => !isNamingKind(span.kind)),
  );
  if (matches.length === 0) return { ...protectPlaceholders(segment), uses: [], termTokens: NO_TERM_TOKENS };
  return assemble(segment, spans, matches);
}

/** Longest label that takes its first word in command form, in words. */
const COMMAND_LABEL_WORDS = 5;

/**
 * With the localization tables (localization-terms.ts), after the accelerator and closing marks
 * are taken off: the organization's glossary first; then, when the glossary has nothing here, the
 * whole string from the table; else names kept, quoted labels and the table's terms as term
 * constraints, and the first word of a short label in command form.
 */
function protectLocalized(segment: string, terms: TermSet | undefined, table: LocalizationTerms): PreparedSegment {
  const ui = splitUiString(segment);
  const core = ui.core;
  const spans = findPlaceholders(core);
  const hard = spans.filter((span) => !isNamingKind(span.kind));
  const glossary = terms ? terms.find(core, hard) : [];
  if (glossary.length === 0 && hard.length === 0) {
    const whole = table.phrase(core);
    if (whole) {
      const lead = /^\s*/u.exec(core)?.[0] ?? "";
      return {
        text: `${lead}${placeholderToken(0)}`,
        tokens: [whole.target],
        uses: [{ source: whole.source, target: whole.target, origin: LOCALIZATION_ORIGIN }],
        termTokens: NO_TERM_TOKENS,
        ui,
      };
    }
  }
  const { names, labels } = findSoftwareNames(core, table, [...hard, ...glossary]);
  const taken = mergeSpans([...spans, ...glossary, ...names, ...labels]);
  // A label's first word in command form is the engine's to generate (commandClause), so no
  // term applies there (`Open` would take the adjective's rendering).
  const command = commandAt(core, table, taken);
  // A word glued to a sigil is code (`%y` in a strftime format, `$path`), not a term.
  const builtin = table.terms
    .find(core, command ? mergeSpans([...taken, command]) : taken)
    .filter((m) => !/[%$\\&@#{]/u.test(core.charAt(m.start - 1)));
  const kept = [...spans.map((s) => ({ ...s })), ...names];
  const prepared = { ...assemble(core, kept, [...glossary, ...labels]), ui, soft: builtin };
  if (!command) return prepared;
  return {
    ...prepared,
    command: {
      form: command.term.target,
      use: { source: command.term.source, target: command.term.target, origin: LOCALIZATION_ORIGIN },
    },
  };
}

/**
 * A label that starts with a command (`Open file`) as an infinitive clause (`to open file`). A
 * rule-based engine reads a bare label's first word as an adjective or a noun (`Lima abierta`),
 * and a verb put in place by hand is not reordered with its object (`Fitxer obrir`); after `to`
 * the engine generates the infinitive, in the target's own morphology, with its object after it.
 */
function commandClause(text: string): string {
  return text.replace(/^(\s*)(\p{L})/u, (_, space: string, first: string) => `${space}to ${first.toLowerCase()}`);
}

/**
 * The label from the engine's translation of its clause: from the table's command form on (`Para
 * abrir lima` → `abrir lima`), so the verb is one the engine generated and the catalogs' translators
 * use for that command. Null when the engine gave another verb there: the label keeps its own
 * translation.
 */
function fromCommand(output: string | undefined, command: { form: string }): string | null {
  if (!output) return null;
  const escaped = command.form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").exec(output);
  // The verb follows the rendering of `to` (one word or none): a later match is another word of the label.
  if (!found || (output.slice(0, found.index).match(/[\p{L}\p{N}]+/gu) ?? []).length > 1) return null;
  return output.slice(found.index);
}

/**
 * Built-in terms after the engine, not as tokens before it: a token is opaque to a rule-based
 * engine, which then cannot reorder around it (`file name` → `archivo nombre`). Where the
 * engine's translation of a term alone differs from the table's (`file` → `lima`), that
 * translation is replaced in the output by the table's, as a term token, so that determiners
 * agree with it (term-agreement.ts). Where the engine's rendering is one translators use too, or
 * the engine rendered the term some other way in context, the output is left as it is.
 */
function substituteTerms(
  output: string,
  p: PreparedSegment,
  engineForms: ReadonlyMap<string, string>,
  table: LocalizationTerms,
): Pick<PreparedSegment, "text" | "tokens" | "uses" | "termTokens" | "determinerOnly"> {
  const tokens = [...p.tokens];
  const uses = [...p.uses];
  const termTokens = new Map(p.termTokens);
  const determinerOnly = new Set(p.determinerOnly);
  let text = output;
  for (const m of p.soft ?? []) {
    const form =
      engineForms
        .get(m.term.source)
        ?.trim()
        .replace(/[.!?]$/u, "") ?? "";
    if (!form || !/\p{L}/u.test(form) || table.accepts(m.term.source, form)) continue;
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}\\['’])${form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}\\]])`,
      "iu",
    );
    const found = pattern.exec(text);
    if (!found) continue;
    const rendered = followCase(found[0], m.term.target);
    // The engine's determiners agree with its own rendering: they change only when the table's
    // term differs from it in gender or number, and the words around it are never re-inflected.
    if (guessSpanishForm(form) !== guessSpanishForm(rendered)) {
      termTokens.set(tokens.length, rendered);
      determinerOnly.add(tokens.length);
    }
    text = text.slice(0, found.index) + placeholderToken(tokens.length) + text.slice(found.index + found[0].length);
    tokens.push(rendered);
    uses.push({ source: m.term.source, target: m.term.target, origin: m.term.origin });
  }
  return { text, tokens, uses, termTokens, determinerOnly };
}

/** The first word of a short label in the form the table gives commands, unless something covers it. */
function commandAt(core: string, table: LocalizationTerms, taken: readonly Span[]): TermMatch | null {
  const words = core.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  if (words.length === 0 || words.length > COMMAND_LABEL_WORDS || /[.!?]\s*$/u.test(core)) return null;
  const m = /^\s*(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}])/u.exec(core);
  const word = m?.[1];
  if (!m || !word) return null;
  const start = m[0].length - word.length;
  const end = m[0].length;
  if (taken.some((s) => s.start < end && start < s.end)) return null;
  const target = table.command(word);
  if (!target) return null;
  const rendered = target.charAt(0).toUpperCase() + target.slice(1);
  return { start, end, term: { source: word, target, origin: LOCALIZATION_ORIGIN }, rendered };
}

/** Spans sorted, overlapping ones merged: the skip list TermSet.find reads left to right. */
function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The segment with kept spans and term matches as `[[i]]` tokens; a kept span a term overlaps gives way. */
function assemble(segment: string, kept: readonly Span[], matches: readonly TermMatch[]): PreparedSegment {
  const overlaps = (span: Span) => matches.some((m) => m.start < span.end && span.start < m.end);
  const pieces = [
    ...kept.filter((span) => !overlaps(span)).map((span) => ({ start: span.start, end: span.end, match: null })),
    ...matches.map((match) => ({ start: match.start, end: match.end, match })),
  ].sort((x, y) => x.start - y.start);
  const tokens: string[] = [];
  const uses: TermUse[] = [];
  const termTokens = new Map<number, string>();
  let text = "";
  let last = 0;
  for (const piece of pieces) {
    if (piece.start < last) continue;
    text += segment.slice(last, piece.start) + placeholderToken(tokens.length);
    const m = piece.match;
    if (m) {
      // A kept name has no gender to agree with.
      if (m.term.origin !== "do_not_translate") termTokens.set(tokens.length, m.rendered);
      tokens.push(m.rendered);
      uses.push({ source: m.term.source, target: m.term.target, origin: m.term.origin });
    } else tokens.push(segment.slice(piece.start, piece.end));
    last = piece.end;
  }
  return { text: text + segment.slice(last), tokens, uses, termTokens };
}

function memoryMatch(
  segment: string,
  memory: NonNullable<SegmentResources["memory"]>,
  terms: TermSet | undefined,
): (SegmentTmMatch & { text: string }) | null {
  const exact = memory.index.exact(segment);
  if (exact) return { text: exact.target, score: 100, unitId: exact.id, level: "exact", repaired: [] };
  for (const candidate of memory.index.search(segment, { minScore: TM_MIN_SCORE, limit: TM_CANDIDATES })) {
    const repair = repairFuzzyMatch(segment, candidate.unit, terms);
    if (repair)
      return {
        text: repair.text,
        score: candidate.score,
        unitId: candidate.unit.id,
        level: "fuzzy",
        repaired: repair.repaired,
      };
  }
  return null;
}

/**
 * How a brand voice's formality and tone reach the output: in the prompt of an engine that takes
 * instructions (the LLM); for an engine that sets the address of its own output (Apertium, see
 * addressLanguages) as a rewrite of the last leg's output, where the target language has one;
 * otherwise not at all.
 */
function formalityChannel(resources: SegmentResources, engine: Engine | undefined, target: string): FormalityAppliedBy {
  const voice = resources.voice;
  if (!voice || (voice.formality === "Neutral" && !voice.tone && !voice.instructions)) return "none";
  if (engine?.name.split(":")[0] === "llm") return "prompt";
  if (voice.formality !== "Neutral" && engine?.addressLanguages?.().includes(target)) return "post_edit";
  return "none";
}

/** The engine's translations (not memory matches) put into the voice's address, in one call. */
async function setAddress(
  engine: Engine,
  target: string,
  formality: Formality,
  texts: readonly string[],
  toEngine: readonly boolean[],
): Promise<string[]> {
  const indexes = texts.flatMap((_, i) => (toEngine[i] ? [i] : []));
  if (!engine.setAddress || indexes.length === 0) return [...texts];
  let rewritten: string[];
  try {
    rewritten = await engine.setAddress(
      target,
      indexes.map((i) => texts[i] ?? ""),
      formality === "Formal" ? "formal" : "informal",
    );
  } catch (err) {
    if (isEngineError(err)) throw engineUnavailable(err.message, err.retryAfterSeconds);
    throw err;
  }
  const out = [...texts];
  indexes.forEach((segmentIndex, k) => {
    out[segmentIndex] = rewritten[k] ?? out[segmentIndex] ?? "";
  });
  return out;
}

/**
 * Rule-based engines leave a double space where they drop a word ("you have" → " tienes");
 * runs of spaces the source sentence did not have are collapsed.
 */
function tidySpaces(source: string, translation: string): string {
  return source.includes("  ") ? translation : translation.replace(/ {2,}/g, " ");
}
