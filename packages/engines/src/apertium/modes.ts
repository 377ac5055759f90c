import { access, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type LanguagePair, pairKey } from "../engine";

/** Where Debian's `apertium-*` pair packages install their modes. */
export const DEFAULT_MODES_DIR = "/usr/share/apertium/modes";

/**
 * Modes Debian ships in a state that cannot serve: left out, so that no request is routed to
 * them (found by test/apertium-markers.test.ts, which translates real sentences on every pair).
 */
const BROKEN_MODES: Readonly<Record<string, string>> = {
  // apertium-rus-ukr 0.2.1 installs one tagger model for both directions (rus-ukr.prob and
  // ukr-rus.prob are the same file); apertium-tagger 3.8 crashes on it for most sentences.
  "rus-ukr": "apertium-tagger crashes (SIGSEGV) on most sentences with the package's model",
  "ukr-rus": "apertium-tagger crashes (SIGABRT) on most sentences with the package's model",
  "rus-bel": "apertium-tagger crashes (SIGSEGV) on most sentences with the package's model",
  // apertium-hbs-mkd 0.1.1: a stage holds its output at the null flush, so no segment returns.
  "hbs-mkd": "no output in null-flush mode",
};

/** Programs that do not take `-z` (null flush); the list APy keeps. */
const NO_NULL_FLUSH = /^(?:vislcg3|cg-mwesplit|hfst-tokeni[sz]e|divvun-suggest)$/;

/**
 * Apertium's language codes (ISO 639-3, with a few 639-2/B spellings) that have an ISO 639-1
 * code. A code that is not here (ast, szl, …) cannot be addressed through the API.
 */
const ISO639_1: Readonly<Record<string, string>> = {
  afr: "af",
  amh: "am",
  ara: "ar",
  arg: "an",
  aze: "az",
  bak: "ba",
  bel: "be",
  ben: "bn",
  bos: "bs",
  bre: "br",
  bul: "bg",
  cat: "ca",
  ces: "cs",
  cze: "cs",
  chv: "cv",
  cor: "kw",
  cos: "co",
  cym: "cy",
  wel: "cy",
  dan: "da",
  deu: "de",
  ger: "de",
  ell: "el",
  gre: "el",
  eng: "en",
  epo: "eo",
  est: "et",
  eus: "eu",
  baq: "eu",
  fao: "fo",
  fas: "fa",
  per: "fa",
  fin: "fi",
  fra: "fr",
  fre: "fr",
  fry: "fy",
  gla: "gd",
  gle: "ga",
  glg: "gl",
  glv: "gv",
  guj: "gu",
  hat: "ht",
  hau: "ha",
  heb: "he",
  hin: "hi",
  hrv: "hr",
  hun: "hu",
  hye: "hy",
  arm: "hy",
  ibo: "ig",
  ind: "id",
  isl: "is",
  ice: "is",
  ita: "it",
  jpn: "ja",
  kan: "kn",
  kat: "ka",
  geo: "ka",
  kaz: "kk",
  khm: "km",
  kir: "ky",
  kor: "ko",
  kur: "ku",
  lat: "la",
  lav: "lv",
  lit: "lt",
  ltz: "lb",
  mal: "ml",
  mar: "mr",
  mkd: "mk",
  mac: "mk",
  mlt: "mt",
  mon: "mn",
  msa: "ms",
  may: "ms",
  nep: "ne",
  nld: "nl",
  dut: "nl",
  nno: "nn",
  nob: "nb",
  nor: "no",
  oci: "oc",
  ori: "or",
  pan: "pa",
  pol: "pl",
  por: "pt",
  pus: "ps",
  ron: "ro",
  rum: "ro",
  rus: "ru",
  san: "sa",
  sme: "se",
  sin: "si",
  slk: "sk",
  slo: "sk",
  slv: "sl",
  som: "so",
  spa: "es",
  sqi: "sq",
  alb: "sq",
  srd: "sc",
  srp: "sr",
  swa: "sw",
  swe: "sv",
  tam: "ta",
  tat: "tt",
  tel: "te",
  tgk: "tg",
  tgl: "tl",
  tha: "th",
  tuk: "tk",
  tur: "tr",
  uig: "ug",
  ukr: "uk",
  urd: "ur",
  uzb: "uz",
  vie: "vi",
  wln: "wa",
  wol: "wo",
  xho: "xh",
  yid: "yi",
  yor: "yo",
  zho: "zh",
  chi: "zh",
  zul: "zu",
  // Standard Malay: Apertium's ind-zlm pair codes it as the individual language `zlm`.
  zlm: "ms",
};

/**
 * Apertium codes that serve several ISO 639-1 languages. Serbo-Croatian (`hbs`) analyses Serbian,
 * Croatian and Bosnian alike (in Latin script), so a mode from `hbs` serves all three; into
 * `hbs` the pairs have one mode per standard (`hbs_SR`, `hbs_HR`, `hbs_BS`, see VARIANTS), and
 * a mode into plain `hbs` (no ISO 639-1 code) is left out. Norwegian (`no`) is served by the
 * Bokmål modes, the written standard of most Norwegian text.
 */
const MACRO_SOURCES: Readonly<Record<string, readonly string[]>> = {
  hbs: ["sr", "hr", "bs"],
  nob: ["nb", "no"],
};

/** Target variants that are a language of their own: `eng-hbs_SR` translates into Serbian. */
const VARIANTS: Readonly<Record<string, readonly string[]>> = {
  hbs_SR: ["sr"],
  hbs_HR: ["hr"],
  hbs_BS: ["bs"],
  nob: ["nb", "no"],
};

/**
 * The script Apertium writes a target in where it is not the language's usual one: its
 * Serbo-Croatian is Latin-script only (Serbian is mostly written in Cyrillic), and its analysers
 * read Latin script only.
 */
export const APERTIUM_SCRIPTS: Readonly<Record<string, string>> = { sr: "latin" };

const ISO639_1_CODES: ReadonlySet<string> = new Set(Object.values(ISO639_1));

/** An Apertium language code (`eng`, `en`) as ISO 639-1, or null when it has none. */
export function toIso639_1(code: string): string | null {
  if (code.length === 2) return ISO639_1_CODES.has(code) ? code : null;
  return ISO639_1[code] ?? null;
}

/** One translation mode and the ISO pair it serves. */
export interface ApertiumMode {
  /** The mode's name, e.g. "eng-spa". */
  name: string;
  /** The ISO 639-1 pair it translates. */
  pair: LanguagePair;
  /** The .mode file. */
  file: string;
  /** The pipeline: one argv per program, in null-flush mode, unknown-word marks kept. */
  stages: string[][];
}

export interface ModeDiscovery {
  modes: ApertiumMode[];
  /** Translation modes (`xxx-yyy`) not served, and why. */
  skipped: { name: string; reason: string }[];
}

/**
 * A real translation mode is named exactly `xxx-yyy` with 2- or 3-letter codes. That leaves out
 * debug and auxiliary modes (`-bytecode`, `-translit`, `-latin1`, `-j`, `-compounds`, taggers,
 * analysers, `eco-es-fr`, `*-syndis`) and regional or orthographic variants (`cat-por_BR`,
 * `eng-cat_valencia`, `fra-cat_pre2017`, `nno_e`, `oc_aran`, `oci_gascon`), which have no ISO
 * 639-1 code of their own; a target variant that is one (`eng-hbs_SR`, see VARIANTS) is kept.
 */
const PAIR_MODE = /^([a-z]{2,3})-([a-z]{2,3}(?:_[A-Z]{2})?)$/;

/** The ISO 639-1 codes an Apertium code (or variant) serves; empty when none. */
function isoCodes(code: string, variants: Readonly<Record<string, readonly string[]>>): readonly string[] {
  const special = variants[code];
  if (special) return special;
  if (code.includes("_")) return [];
  const iso = toIso639_1(code);
  return iso ? [iso] : [];
}

/**
 * A mode's command line as programs and their argv, in null-flush mode (`-z` after each program,
 * as APy does), `$1` = `-g` (keep `*`, `#`, `@` marks), `$2` = nothing (no tagger ambiguity).
 * Null when the line uses shell syntax beyond pipes and quotes.
 */
export function parseModeCommand(line: string): string[][] | null {
  const stages: string[][] = [];
  for (const part of line.trim().split("|")) {
    const text = part.replaceAll("$1", "-g").replaceAll("$2", "");
    if (/[`;&<>$\\]/.test(text.replace(/'[^']*'/g, ""))) return null;
    const argv: string[] = [];
    const word = /'([^']*)'|"([^"]*)"|([^\s'"]+)/g;
    for (let m = word.exec(text); m; m = word.exec(text)) argv.push(m[1] ?? m[2] ?? m[3] ?? "");
    const program = argv[0];
    if (program === undefined) return null;
    if (!NO_NULL_FLUSH.test(path.basename(program))) argv.splice(1, 0, "-z");
    stages.push(argv);
  }
  return stages.length > 0 ? stages : null;
}

/** The first data file (absolute path argument) of a pipeline that does not exist, if any. */
async function missingFile(stages: readonly (readonly string[])[]): Promise<string | null> {
  for (const argv of stages) {
    for (const arg of argv.slice(1)) {
      if (!path.isAbsolute(arg)) continue;
      try {
        await access(/*turbopackIgnore: true*/ arg);
      } catch {
        return arg;
      }
    }
  }
  return null;
}

/** Codes' letters, variants excluded: a 3-letter mode beats a 2-letter one. */
const codeLength = (name: string) => name.replace(/_[A-Z]{2}$/, "").replace("-", "").length;

/**
 * The translation modes installed in `dir`, one per ISO pair. When a 2-letter and a 3-letter
 * mode serve the same pair (an old `en-es` package next to a newer `eng-spa`), the 3-letter one
 * wins; between equals the first name in alphabetical order wins, so the choice never depends
 * on the order of the directory listing.
 */
export async function discoverModes(dir: string = DEFAULT_MODES_DIR): Promise<ModeDiscovery> {
  let files: string[];
  try {
    files = await readdir(/*turbopackIgnore: true*/ dir);
  } catch {
    return { modes: [], skipped: [] };
  }
  const skipped: ModeDiscovery["skipped"] = [];
  const byPair = new Map<string, ApertiumMode>();
  for (const file of files.filter((f) => f.endsWith(".mode")).sort()) {
    const name = file.slice(0, -".mode".length);
    const match = PAIR_MODE.exec(name);
    if (!match) continue;
    const broken = BROKEN_MODES[name];
    if (broken) {
      skipped.push({ name, reason: broken });
      continue;
    }
    const sources = isoCodes(match[1] ?? "", MACRO_SOURCES);
    const targets = isoCodes(match[2] ?? "", VARIANTS);
    // A variant mode (`_XX`) that is no language of its own (cat-por_BR) is not a translation mode.
    if (match[2]?.includes("_") && targets.length === 0) continue;
    const isoPairs = sources.flatMap((source) =>
      targets.filter((t) => t !== source).map((target) => ({ source, target })),
    );
    if (isoPairs.length === 0) {
      skipped.push({ name, reason: "no distinct ISO 639-1 codes" });
      continue;
    }
    const stages = parseModeCommand(
      await readFile(path.join(/*turbopackIgnore: true*/ dir, file), "utf8").catch(() => ""),
    );
    if (!stages) {
      skipped.push({ name, reason: "unreadable or unsupported mode file" });
      continue;
    }
    const missing = await missingFile(stages);
    if (missing) {
      skipped.push({ name, reason: `missing ${missing}` });
      continue;
    }
    for (const pair of isoPairs) {
      const mode: ApertiumMode = { name, pair, file: path.join(/*turbopackIgnore: true*/ dir, file), stages };
      const key = pairKey(pair);
      const existing = byPair.get(key);
      if (existing && codeLength(existing.name) >= codeLength(name)) {
        skipped.push({ name, reason: `same pair as ${existing.name}` });
        continue;
      }
      if (existing) skipped.push({ name: existing.name, reason: `same pair as ${name}` });
      byPair.set(key, mode);
    }
  }
  const modes = [...byPair.values()].sort((a, b) => pairKey(a.pair).localeCompare(pairKey(b.pair)));
  return { modes, skipped };
}
