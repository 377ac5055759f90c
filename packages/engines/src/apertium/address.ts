import { spawn } from "node:child_process";

import { type ApertiumMode } from "./modes";
import { lowerPriority } from "./pipeline";

/** The form of address a translation is put in. */
export type Address = "formal" | "informal";

/**
 * English "you" says nothing about formality, so Apertium's pairs pick one address: verbs in the
 * 2nd person singular (tienes, tu as, hai), with possessives in the 2nd plural (vuestro, votre,
 * vostro). This module puts a translation into one address after the fact with the target
 * language's own morphology: the analyser of an installed pair reads each word's lemma and tags,
 * the rules below change person, pronoun and possessive, and the pair's generator writes the
 * new forms, so every verb the dictionary knows is conjugated by Apertium itself rather than
 * from a list of words.
 */

/** One piece of a reading: a lemma and its tags, e.g. `tener<vblex><pri><p2><sg>`. */
interface Part {
  lemma: string;
  tags: string[];
  /** What follows the tags (the invariable tail of a multiword, `# de passe`). */
  tail: string;
}
/** A reading: its parts joined by `+` (a verb with its enclitic pronouns). */
type Reading = Part[];

interface Unit {
  surface: string;
  readings: Reading[];
}
type Piece = { blank: string } | { unit: Unit };

/** The words of a language's address system, as the language's dictionary writes them. */
interface AddressRules {
  /** The person and number a verb takes in the formal address. */
  formalPerson: readonly [string, string];
  /**
   * The formal subject pronoun, written where a converted verb has no subject of its own
   * (usted, vostè, você, Lei): without it a formal question reads as a 3rd-person one. None in
   * French, where `vous` is the subject already.
   */
  subject?: Part;
  /** Questions put the inserted subject after the verb (Spanish, Catalan); otherwise before. */
  subjectAfterVerbInQuestions: boolean;
  /** The formal pronoun for an informal singular one, by its kind (`pro`, `enc`, `tn`) and whether it is reflexive. */
  pronoun(kind: string, reflexive: boolean): Part;
  /** Possessive lemmas: informal (singular or plural) → formal. */
  formalPossessive: Readonly<Record<string, string>>;
  /** Possessive lemmas: plural address → informal singular, as the verbs are. */
  informalPossessive: Readonly<Record<string, string>>;
  /** Surface forms without a regular formal form (Portuguese `contigo` is one word). */
  formalSurface?: Readonly<Record<string, string>>;
  /** Analyser mode and generator mode, in the order they are tried. */
  tools: readonly (readonly [string, string])[];
}

const part = (lemma: string, ...tags: string[]): Part => ({ lemma, tags, tail: "" });

/**
 * The languages whose formal address is the 3rd person singular with a courtesy pronoun. The
 * possessives are the informal singular, the plural (Apertium's "your") and the formal one, and
 * also as lemmas with their article (el teu, o vosso, il tuo) where the dictionary has those.
 */
function thirdPerson(o: {
  /** The courtesy pronoun's lemma: subject and tonic form (usted, vostè, você, Lei). */
  courtesy: string;
  /** The dative clitic's lemma and gender (le, li, lhe, and Italian's feminine le). */
  object: string;
  objectGender?: string;
  reflexive: string;
  subjectAfterVerbInQuestions: boolean;
  possessives: readonly [informal: string, plural: string, formal: string];
  article?: string;
  formalSurface?: Readonly<Record<string, string>>;
  tools: AddressRules["tools"];
}): AddressRules {
  const courtesy = part(o.courtesy, "prn", "tn", "p3", "mf", "sg");
  const [informal, plural, formal] = o.possessives;
  const forms = (word: string) => (o.article ? [word, `${o.article} ${word}`] : [word]);
  const swap = (from: string, to: string) => forms(from).map((f) => [f, f.replace(from, to)] as const);
  return {
    formalPerson: ["p3", "sg"],
    subject: courtesy,
    subjectAfterVerbInQuestions: o.subjectAfterVerbInQuestions,
    // A clitic keeps its kind: a proclitic stays one, an enclitic stays attached.
    pronoun: (kind, reflexive) =>
      kind === "tn"
        ? courtesy
        : reflexive
          ? part(o.reflexive, "prn", kind, "ref", "p3", "mf", "sp")
          : part(o.object, "prn", kind, "p3", o.objectGender ?? "mf", "sg"),
    formalPossessive: Object.fromEntries([...swap(informal, formal), ...swap(plural, formal)]),
    informalPossessive: Object.fromEntries(swap(plural, informal)),
    formalSurface: o.formalSurface,
    tools: o.tools,
  };
}

const RULES: Readonly<Record<string, AddressRules>> = {
  es: thirdPerson({
    courtesy: "prpers",
    object: "prpers",
    reflexive: "se",
    subjectAfterVerbInQuestions: true,
    possessives: ["tuyo", "vuestro", "suyo"],
    tools: [
      ["spa-eng", "eng-spa"],
      ["spa-cat", "cat-spa"],
    ],
  }),
  ca: thirdPerson({
    courtesy: "prpers",
    object: "li",
    reflexive: "es",
    subjectAfterVerbInQuestions: true,
    possessives: ["teu", "vostre", "seu"],
    article: "el",
    tools: [
      ["cat-eng", "eng-cat"],
      ["cat-spa", "spa-cat"],
    ],
  }),
  pt: thirdPerson({
    courtesy: "você",
    object: "lhe",
    reflexive: "se",
    subjectAfterVerbInQuestions: false,
    possessives: ["teu", "vosso", "seu"],
    article: "o",
    formalSurface: { contigo: "com você" },
    tools: [
      ["por-cat", "cat-por"],
      ["pt-es", "es-pt"],
    ],
  }),
  it: thirdPerson({
    courtesy: "Lei",
    // The courtesy dative `le` (ti invieremo → le invieremo) is Italian's 3rd-person feminine.
    object: "gli",
    objectGender: "f",
    reflexive: "si",
    subjectAfterVerbInQuestions: false,
    possessives: ["tuo", "vostro", "suo"],
    article: "il",
    tools: [
      ["ita-spa", "spa-ita"],
      ["ita-cat", "cat-ita"],
    ],
  }),
  fr: {
    formalPerson: ["p2", "pl"],
    subjectAfterVerbInQuestions: false,
    // `vous` is subject, object and reflexive alike.
    pronoun: (kind) => part("vous", "prn", kind, "p2", "mf", "pl"),
    formalPossessive: { ton: "votre" },
    informalPossessive: { votre: "ton" },
    tools: [
      ["fr-es", "es-fr"],
      ["fra-cat", "cat-fra"],
    ],
  },
};

const VERB = new Set(["vblex", "vbmod", "vbser", "vbhaver", "vbdo", "vaux"]);
/** Readings that make a word that could be an imperative more likely something else (para, como). */
const NOT_IMPERATIVE = new Set(["pr", "cnjcoo", "cnjsub", "cnjadv", "det", "prn", "adv", "rel"]);

const isVerb = (p: Part | undefined) => p !== undefined && VERB.has(p.tags[0] ?? "");
const has = (p: Part | undefined, ...tags: string[]) => p !== undefined && tags.every((t) => p.tags.includes(t));
const p2sg = (p: Part | undefined) => has(p, "p2", "sg");
const isPersonalPronoun = (p: Part | undefined) => has(p, "prn") && !has(p, "pos") && p2sg(p);
const isSentenceEnd = (u: Unit) => u.readings.some((r) => has(r[0], "sent"));

/** The paths of the programs' data for one target language. */
export interface AddressTools {
  analyser: string;
  generator: string;
  postgenerator?: string;
}

/** The languages whose address can be set with the installed modes, and the data files for each. */
export function findAddressTools(modes: readonly ApertiumMode[]): Map<string, AddressTools> {
  const byName = new Map(modes.map((m) => [m.name, m]));
  const file = (mode: ApertiumMode | undefined, suffix: string) =>
    mode?.stages.flat().find((arg) => arg.endsWith(suffix));
  const found = new Map<string, AddressTools>();
  for (const [lang, rules] of Object.entries(RULES)) {
    for (const [analyserMode, generatorMode] of rules.tools) {
      const analyser = file(byName.get(analyserMode), ".automorf.bin");
      const generator = file(byName.get(generatorMode), ".autogen.bin");
      if (!analyser || !generator) continue;
      found.set(lang, { analyser, generator, postgenerator: file(byName.get(generatorMode), ".autopgen.bin") });
      break;
    }
  }
  return found;
}

/** Runs one lt-proc chain over null-separated chunks; one output chunk per input chunk. */
async function runChain(
  stages: readonly (readonly string[])[],
  chunks: readonly string[],
  timeoutMs: number,
  nice: number,
): Promise<string[]> {
  const children = stages.map((argv) => spawn("lt-proc", argv, { stdio: ["pipe", "pipe", "ignore"] }));
  // As low as the translation pipelines, for the same reason (pipeline.ts, DEFAULT_NICE).
  for (const child of children) lowerPriority(child.pid, nice);
  children.forEach((child, i) => {
    const next = children[i + 1];
    if (next) child.stdout.pipe(next.stdin);
  });
  const last = children.at(-1);
  const first = children[0];
  if (!last || !first) return [...chunks];
  const output: Buffer[] = [];
  last.stdout.on("data", (b: Buffer) => output.push(b));
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      children.forEach((c) => c.kill("SIGKILL"));
      reject(new Error("lt-proc timed out"));
    }, timeoutMs);
    timer.unref();
    for (const child of children) child.on("error", reject);
    last.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`lt-proc exited with ${code}`));
    });
  });
  // A program that exits early is reported by its exit status; its closed input is no error of its own.
  for (const child of children) child.stdin.on("error", () => undefined);
  first.stdin.end(chunks.map((c) => `${c}\0`).join(""));
  await done;
  const parts = Buffer.concat(output).toString("utf8").split("\0");
  if (parts.length < chunks.length) throw new Error("lt-proc answered fewer chunks than it was given");
  return parts.slice(0, chunks.length);
}

const escapeStream = (text: string) => text.replace(/[\\^$[\]/<>@*#{}+~]/g, (c) => `\\${c}`);

/** lt-proc's analysis stream as blanks and units; null when it is not one this parser knows. */
function parseStream(stream: string): Piece[] | null {
  const pieces: Piece[] = [];
  let blank = "";
  let i = 0;
  while (i < stream.length) {
    const c = stream[i] ?? "";
    if (c === "\\") {
      blank += stream[i + 1] ?? "";
      i += 2;
    } else if (c === "^") {
      if (blank) pieces.push({ blank });
      blank = "";
      const fields: string[] = [""];
      i++;
      while (i < stream.length && stream[i] !== "$") {
        const d = stream[i] ?? "";
        if (d === "\\") {
          fields[fields.length - 1] += stream.slice(i, i + 2);
          i += 2;
        } else if (d === "/") {
          fields.push("");
          i++;
        } else {
          fields[fields.length - 1] += d;
          i++;
        }
      }
      if (stream[i] !== "$") return null;
      i++;
      const [surface = "", ...readings] = fields;
      pieces.push({
        unit: { surface: unescape(surface), readings: readings.filter((r) => !r.startsWith("*")).map(parseReading) },
      });
    } else if (c === "[" || c === "]") return null;
    else {
      blank += c;
      i++;
    }
  }
  if (blank) pieces.push({ blank });
  return pieces;
}

const unescape = (s: string) => s.replace(/\\(.)/g, "$1");

function parseReading(reading: string): Reading {
  return reading.split(/(?<!\\)\+/).map((p) => {
    const at = p.indexOf("<");
    const lemma = unescape(at < 0 ? p : p.slice(0, at));
    const tags: string[] = [];
    let rest = at < 0 ? "" : p.slice(at);
    for (let m = /^<([^>]*)>/.exec(rest); m; m = /^<([^>]*)>/.exec(rest)) {
      tags.push(m[1] ?? "");
      rest = rest.slice(m[0].length);
    }
    return { lemma, tags, tail: rest };
  });
}

const lexical = (reading: Reading) =>
  `^${reading.map((p) => `${escapeStream(p.lemma)}${p.tags.map((t) => `<${t}>`).join("")}${p.tail}`).join("+")}$`;

/** A unit's new form: readings to generate, the first the generator has a form for, or a fixed text. */
type Edit = { readings: Reading[]; lastWord?: boolean } | { text: string };

/** What one text becomes: its pieces, the edits by piece index, and subjects to insert. */
interface Plan {
  pieces: Piece[];
  edits: Map<number, Edit>;
  /** Piece index → where the formal subject goes next to it. */
  subjects: Map<number, "before" | "after">;
}

/**
 * Puts translations into `target` in one address with the installed Apertium dictionaries.
 * A text the analyser cannot read back exactly comes back unchanged, as does a word the
 * generator has no form for.
 */
export class AddressRewriter {
  constructor(
    private readonly tools: ReadonlyMap<string, AddressTools>,
    private readonly options: { timeoutMs: number; nice: number } = { timeoutMs: 10_000, nice: 0 },
  ) {}

  languages(): string[] {
    return [...this.tools.keys()];
  }

  async rewrite(target: string, texts: readonly string[], address: Address): Promise<string[]> {
    const tools = this.tools.get(target);
    const rules = RULES[target];
    if (!tools || !rules || texts.length === 0) return [...texts];
    // lt-proc holds back a chunk's last full stop until it sees what follows; a line end releases it.
    const analysed = (
      await runChain(
        [["-z", "-w", tools.analyser]],
        texts.map((t) => `${escapeStream(t)}\n`),
        this.options.timeoutMs,
        this.options.nice,
      )
    ).map((s) => s.replace(/\n$/, ""));
    const plans = analysed.map((stream, i) => {
      const pieces = alignToText(parseStream(stream), texts[i] ?? "");
      if (!pieces) return null;
      return address === "formal" ? planFormal(pieces, rules) : planInformal(pieces, rules);
    });
    const forms = new Set<string>();
    for (const plan of plans) {
      for (const edit of plan?.edits.values() ?? [])
        if ("readings" in edit) for (const r of edit.readings) collectForms(r, forms);
      if (plan && plan.subjects.size > 0 && rules.subject) forms.add(lexical([rules.subject]));
    }
    const generated = await this.generate(tools, [...forms]);
    return plans.map((plan, i) => (plan ? apply(plan, rules, generated) : (texts[i] ?? "")));
  }

  private async generate(tools: AddressTools, forms: readonly string[]): Promise<Map<string, string>> {
    if (forms.length === 0) return new Map();
    const stages = [["-z", "-g", tools.generator], ...(tools.postgenerator ? [["-z", "-p", tools.postgenerator]] : [])];
    const out = await runChain(stages, forms, this.options.timeoutMs, this.options.nice);
    const result = new Map<string, string>();
    forms.forEach((form, i) => {
      const text = out[i]?.trim() ?? "";
      if (text && !/[#*@]/.test(text)) result.set(form, text);
    });
    return result;
  }
}

/** The whole reading, and each of its parts apart: a joined form the generator lacks (con+usted) is written as separate words. */
function collectForms(reading: Reading, forms: Set<string>): void {
  forms.add(lexical(reading));
  if (reading.length > 1) for (const p of reading) forms.add(lexical([p]));
}

function generatedText(reading: Reading, generated: ReadonlyMap<string, string>): string | undefined {
  const whole = generated.get(lexical(reading));
  if (whole !== undefined) return whole;
  const parts = reading.map((p) => generated.get(lexical([p])));
  return parts.every((p) => p !== undefined) ? parts.join(" ") : undefined;
}

/**
 * The units of an analysis with the text's own blanks between them: lt-proc writes a space after
 * an elided word (t' enviarem). Null when a unit is not found in order with only blanks between,
 * so a text is rewritten only where the analysis accounts for every letter of it.
 */
function alignToText(parsed: Piece[] | null, text: string): Piece[] | null {
  if (!parsed) return null;
  const pieces: Piece[] = [];
  let at = 0;
  for (const piece of parsed) {
    if ("blank" in piece) continue;
    const found = text.indexOf(piece.unit.surface, at);
    if (found < 0 || /[\p{L}\p{N}]/u.test(text.slice(at, found))) return null;
    if (found > at) pieces.push({ blank: text.slice(at, found) });
    pieces.push(piece);
    at = found + piece.unit.surface.length;
  }
  if (/[\p{L}\p{N}]/u.test(text.slice(at))) return null;
  if (at < text.length) pieces.push({ blank: text.slice(at) });
  return pieces;
}

/** The verb reading a unit is read as when it addresses the reader, or null. */
function addressedVerb(
  pieces: readonly Piece[],
  index: number,
  unit: Unit,
  question: boolean,
  clauseStart: boolean,
): Reading | null {
  const finite = unit.readings.filter((r) => isVerb(r[0]) && p2sg(r[0]) && !has(r[0], "imp"));
  const imperative = unit.readings.filter((r) => isVerb(r[0]) && p2sg(r[0]) && has(r[0], "imp"));
  // Present subjunctives and imperatives that share the form of an indicative 2nd person
  // (Italian necessiti, dimentichi) do not make it ambiguous.
  const indicative = finite.some((r) => has(r[0], "pri"));
  const otherPerson = unit.readings.some(
    (r) =>
      isVerb(r[0]) &&
      r[0]?.tags.some((t) => /^p\d$/.test(t)) &&
      !p2sg(r[0]) &&
      !(indicative && (has(r[0], "prs") || has(r[0], "imp"))),
  );
  const blocked = unit.readings.some((r) => NOT_IMPERATIVE.has(r[0]?.tags[0] ?? ""));
  // A word that is also a noun is one after a determiner or a preposition (los encuadres).
  if (
    unit.readings.some((r) => has(r[0], "n") || has(r[0], "adj")) &&
    previousUnit(pieces, index)?.readings.some((r) => has(r[0], "det") || has(r[0], "pr"))
  )
    return null;
  if (finite.length > 0 && (!otherPerson || afterSubjectTu(pieces, index))) return finite[0] ?? null;
  if (imperative.length > 0 && !blocked && (!otherPerson || (clauseStart && !question))) return imperative[0] ?? null;
  return null;
}

function previousUnit(pieces: readonly Piece[], index: number): Unit | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const piece = pieces[i];
    if (piece && "unit" in piece) return piece.unit;
  }
  return undefined;
}

/** Whether the unit follows an informal subject pronoun (French `tu peux`, where `peux` is also 1st person). */
function afterSubjectTu(pieces: readonly Piece[], index: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const piece = pieces[i];
    if (!piece || "blank" in piece) continue;
    const readings = piece.unit.readings;
    if (readings.some((r) => has(r[0], "prn", "tn") && p2sg(r[0]))) return true;
    if (!readings.some((r) => has(r[0], "prn", "pro") || has(r[0], "adv"))) return false;
  }
  return false;
}

const units = (pieces: readonly Piece[]) => pieces.flatMap((p, i) => ("unit" in p ? [{ i, unit: p.unit }] : []));

/** Sentences as ranges of unit positions, with whether each is a question. */
function sentences(pieces: readonly Piece[]): { members: { i: number; unit: Unit }[]; question: boolean }[] {
  const result: { members: { i: number; unit: Unit }[]; question: boolean }[] = [];
  let members: { i: number; unit: Unit }[] = [];
  for (const [k, piece] of pieces.entries()) {
    if ("blank" in piece) {
      if (piece.blank.includes("\n") && members.length > 0) {
        result.push({ members, question: false });
        members = [];
      }
      continue;
    }
    members.push({ i: k, unit: piece.unit });
    if (isSentenceEnd(piece.unit)) {
      result.push({ members, question: piece.unit.surface.includes("?") });
      members = [];
    }
  }
  if (members.length > 0) result.push({ members, question: false });
  return result;
}

/** Where a clause may start: after punctuation, or a coordinating conjunction (Open the menu and choose…). */
const isClauseBreak = (u: Unit) =>
  u.readings.some((r) => ["cm", "sent", "lpar", "rpar", "cnjcoo"].includes(r[0]?.tags[0] ?? ""));

function planFormal(pieces: Piece[], rules: AddressRules): Plan {
  const edits = new Map<number, Edit>();
  const subjects = new Map<number, "before" | "after">();
  for (const { members, question } of sentences(pieces)) {
    // The person of each verb before any change: a clitic is reflexive when its verb's subject is "you".
    const verbReadings = new Map<number, Reading>();
    let clauseStart = true;
    for (const { i, unit } of members) {
      if (isClauseBreak(unit)) {
        clauseStart = true;
        continue;
      }
      const verb = addressedVerb(pieces, i, unit, question, clauseStart);
      if (verb) verbReadings.set(i, verb);
      if (unit.readings.length > 0) clauseStart = false;
    }
    let subjectNeeded = true;
    let lastAddressedVerb = false;
    for (const [k, { i, unit }] of members.entries()) {
      const verb = verbReadings.get(i);
      if (verb) {
        lastAddressedVerb = true;
        // The verb's own enclitic has the reader as its subject: reflexive (ayúdate → ayúdese).
        edits.set(i, {
          readings: [verb.map((p, n) => (n === 0 ? withPerson(p, rules.formalPerson) : convertPart(p, rules, true)))],
        });
        if (rules.subject && subjectNeeded && !has(verb[0], "imp")) {
          subjects.set(i, question && rules.subjectAfterVerbInQuestions ? "after" : "before");
          subjectNeeded = false;
        }
        continue;
      }
      if (unit.readings.some((r) => isVerb(r[0]) && !has(r[0], "inf") && !has(r[0], "ger") && !has(r[0], "pp")))
        lastAddressedVerb = false;
      const fixed = rules.formalSurface?.[unit.surface.toLowerCase()];
      if (fixed) {
        edits.set(i, { text: fixed });
        subjectNeeded = false;
        continue;
      }
      // A pronoun alone, or fused with a preposition (contigo = con+ti).
      const pronoun = unit.readings.find((r) => !isVerb(r[0]) && r.some(isPersonalPronoun));
      if (pronoun) {
        const reflexive = nextVerbIsAddressed(members, k, verbReadings);
        if (pronoun.some((p) => has(p, "tn") && isPersonalPronoun(p))) subjectNeeded = false;
        edits.set(i, {
          readings: [
            pronoun.map((p) =>
              isPersonalPronoun(p) ? rules.pronoun(p.tags[1] ?? "pro", reflexive && !has(p, "tn")) : p,
            ),
          ],
        });
        continue;
      }
      const possessive = possessiveEdit(unit, rules.formalPossessive, "mf");
      if (possessive) {
        edits.set(i, possessive);
        continue;
      }
      // An infinitive's enclitic (registrarte, ayudarte) is reflexive when the finite verb before it addresses the reader.
      const withClitic = unit.readings.find((r) => r.length > 1 && isVerb(r[0]) && r.slice(1).some(isPersonalPronoun));
      if (withClitic)
        edits.set(i, {
          readings: [withClitic.map((p, n) => (n === 0 ? p : convertPart(p, rules, lastAddressedVerb)))],
        });
    }
  }
  return { pieces, edits, subjects };
}

/** A proclitic is reflexive when the next verb addresses the reader (te registras → se registra). */
function nextVerbIsAddressed(
  members: readonly { i: number; unit: Unit }[],
  from: number,
  verbs: ReadonlyMap<number, Reading>,
): boolean {
  for (const { i, unit } of members.slice(from + 1)) {
    if (verbs.has(i)) return true;
    if (unit.readings.some((r) => isVerb(r[0]))) return false;
    if (!unit.readings.some((r) => has(r[0], "prn"))) return false;
  }
  return false;
}

/**
 * A possessive whose lemma is in `lemmas`, the determiner reading before the adjective one
 * (vuestros cambios), alone or after a preposition fused with its article (del vostre).
 */
function possessiveEdit(unit: Unit, lemmas: Readonly<Record<string, string>>, gender: string): Edit | null {
  const isPossessive = (p: Part | undefined) => has(p, "pos") && p !== undefined && p.lemma in lemmas;
  const candidates = unit.readings.filter((r) => isPossessive(r.at(-1)) && r.slice(0, -1).every((p) => has(p, "pr")));
  const reading = candidates.find((r) => has(r.at(-1), "det")) ?? candidates[0];
  const p = reading?.at(-1);
  if (!reading || !p) return null;
  const lemma = lemmas[p.lemma] ?? p.lemma;
  const gendered = (g: string) => p.tags.map((t) => (t === "m" || t === "f" || t === "mf" ? g : t));
  // Some possessives have one form for both genders (su, votre), others one each (ton, ta): the first the generator knows.
  return {
    readings: [p.tags, gendered("mf"), gendered(gender)].map((tags) => [{ ...p, lemma, tags }]),
    lastWord: reading.length > 1,
  };
}

function withPerson(p: Part, [person, number]: readonly [string, string]): Part {
  return { ...p, tags: p.tags.map((t) => (t === "p2" ? person : t === "sg" ? number : t)) };
}

function convertPart(p: Part, rules: AddressRules, reflexive: boolean): Part {
  if (!isPersonalPronoun(p)) return p;
  return rules.pronoun(p.tags[1] ?? "enc", reflexive);
}

function planInformal(pieces: Piece[], rules: AddressRules): Plan {
  const edits = new Map<number, Edit>();
  const all = units(pieces);
  for (const [k, { i, unit }] of all.entries()) {
    const possessive = possessiveEdit(unit, rules.informalPossessive, genderOfNext(all, k));
    if (possessive) edits.set(i, possessive);
  }
  return { pieces, edits, subjects: new Map() };
}

/** The gender of the noun a determiner goes with (French votre → ton / ta); masculine before a vowel (ton amie). */
function genderOfNext(all: readonly { i: number; unit: Unit }[], k: number): string {
  const next = all[k + 1]?.unit;
  if (!next) return "m";
  if (/^[aeiouhâàéèêîôûœ]/iu.test(next.surface)) return "m";
  const noun = next.readings.find((r) => has(r[0], "n") || has(r[0], "adj"));
  return noun?.[0]?.tags.includes("f") ? "f" : "m";
}

function apply(plan: Plan, rules: AddressRules, generated: ReadonlyMap<string, string>): string {
  const subject = rules.subject ? generated.get(lexical([rules.subject])) : undefined;
  let out = "";
  const starts: number[] = [];
  for (const [i, piece] of plan.pieces.entries()) {
    starts.push(out.length);
    if ("blank" in piece) {
      out += piece.blank;
      continue;
    }
    const surface = piece.unit.surface;
    const edit = plan.edits.get(i);
    let text = surface;
    if (edit) {
      const written =
        "text" in edit ? edit.text : edit.readings.map((r) => generatedText(r, generated)).find((t) => t !== undefined);
      if (written !== undefined && "readings" in edit && edit.lastWord) text = replaceLastWord(surface, written);
      else text = followCase(surface, written ?? surface);
    }
    if (edit) text = keepElision(surface, text, "unit" in (plan.pieces[i + 1] ?? { blank: "" }));
    out += text;
    const where = edit && subject ? plan.subjects.get(i) : undefined;
    if (where === "after") out += ` ${subject}`;
    if (where === "before" && subject) out = insertSubject(out, starts[firstProclitic(plan.pieces, i)] ?? 0, subject);
  }
  return out;
}

/**
 * A unit that ended in an elided word keeps it where the new form still ends in that word (Has
 * d'acceptar → ha d'acceptar, not the generator's "ha de"); an elided clitic that became a full
 * word (t'enviarem → li enviarem) is parted from the word it was glued to.
 */
function keepElision(surface: string, text: string, glued: boolean): string {
  const elided = /[\p{L}]+['’]$/u.exec(surface)?.[0];
  if (!elided || /['’]$/u.test(text)) return text;
  const last = /(?<=\s)\p{L}+$/u.exec(text)?.[0];
  if (last && last.toLowerCase().startsWith(elided.slice(0, -1).toLowerCase()))
    return text.slice(0, text.length - last.length) + elided;
  return glued ? `${text} ` : text;
}

/**
 * A preposition fused with the possessive's article (del vostre, nel vostro, pels vostres) keeps
 * its fused form: only the possessive word, the last, is replaced.
 */
function replaceLastWord(surface: string, generated: string): string {
  const word = generated.split(" ").at(-1) ?? generated;
  return surface.replace(/\p{L}+$/u, (last) => followCase(last, word));
}

/** The subject goes before the verb's proclitics and adverbs (usted no se registra): the first piece of that run. */
function firstProclitic(pieces: readonly Piece[], verbIndex: number): number {
  let first = verbIndex;
  for (let i = verbIndex - 1; i >= 0; i--) {
    const piece = pieces[i];
    if (!piece) break;
    if ("blank" in piece) {
      if (piece.blank.trim() !== "") break;
      continue;
    }
    if (!isProclitic(piece.unit)) break;
    first = i;
  }
  return first;
}

/**
 * A clitic or adverb before the verb. A word that can also be something else counts when its
 * clitic reading is a 1st or 2nd person one (ens, nos: also a noun, a preposition with an article);
 * Portuguese `se` before a 2nd-person verb is the conjunction "if".
 */
function isProclitic(unit: Unit): boolean {
  const clitic = (r: Reading) =>
    r.length === 1 && (has(r[0], "prn", "pro") || has(r[0], "prn", "enc") || has(r[0], "adv"));
  if (unit.readings.length > 0 && unit.readings.every(clitic)) return true;
  return unit.readings.some((r) => clitic(r) && has(r[0], "prn") && (has(r[0], "p1") || has(r[0], "p2")));
}

function insertSubject(out: string, at: number, subject: string): string {
  const before = out.slice(0, at);
  const after = out.slice(at);
  // At the start of a sentence the subject takes the capital the verb had.
  const capital = startsSentence(before) && /^\p{Lu}(?!\p{Lu})/u.test(after);
  const word = capital ? capitalize(subject) : subject;
  const rest = capital ? lowerFirst(after) : after;
  const gap = before === "" || /[\s¿¡("«]$/u.test(before) ? "" : " ";
  return `${before}${gap}${word} ${rest}`;
}

const startsSentence = (before: string) => /(^|[.!?]\s+|\n)[¿¡("«]*$/u.test(before);
const capitalize = (s: string) => (s ? (s[0] ?? "").toUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string) => (s ? (s[0] ?? "").toLowerCase() + s.slice(1) : s);

function followCase(matched: string, target: string): string {
  const letters = matched.replace(/[^\p{L}]/gu, "");
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    return target.toUpperCase();
  if (/^\p{Lu}/u.test(matched)) return capitalize(target);
  return target;
}
