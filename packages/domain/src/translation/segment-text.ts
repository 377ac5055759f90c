import { findPlaceholders } from "./placeholders";

/**
 * Sentence segmentation that keeps the input's whitespace exactly.
 *
 * The text is cut into alternating verbatim gaps and sentences: `gaps[0] segments[0] gaps[1] …
 * segments[n-1] gaps[n]`. Gaps hold every line break and all whitespace around sentences; a
 * segment never contains a line break and never starts or ends with whitespace. So
 * `join(segments) === text` for any input, and `join(translated)` puts each translation where its
 * source sentence was.
 *
 * A sentence ends after a run of ".", "!", "?", "…" (and "‽", "।", "؟", "።", "۔"), plus any closing
 * quotes or brackets, when whitespace follows and the next word, past opening quotes, brackets,
 * "¿" and "¡", does not start with a lowercase letter; after an ellipsis ("…", "...") only when
 * it starts with a capital ("Wait... Then", not "[OPTION]... [FILE]"). It does not end:
 * - after an abbreviation of the source language (any of the listed languages when none is
 *   given): titles and Latin forms ("Mr.", "Dr.", "e.g.", "vs.", "Sra.", "z.B.", "p.ex.") never end
 *   one; "etc.", "Inc.", "usw.", "ecc."… end one only before a capitalised word; "No.", "Nr.",
 *   "p.", "Art."… never before a number ("No. 5");
 * - after a single capital ("J. R. R. Tolkien") or a dotted acronym ("U.S.", "Ph.D.");
 * - after a German day number before a month ("am 3. Oktober");
 * - inside a number, a URL, an e-mail address, a tag or another placeholder (no whitespace
 *   follows there, and placeholders such as ICU messages are never split).
 * "。", "！", "？", "｡", "．" end a sentence with nothing after them. A line break always ends one.
 */

export interface SegmentedText {
  /** Translatable sentences, in order. */
  segments: string[];
  /** Verbatim text around the segments: `gaps.length === segments.length + 1`. */
  gaps: string[];
  /**
   * The text again, with `translated[i]` in place of `segments[i]`. Translations are trimmed:
   * the whitespace around a sentence is the input's, whatever an engine adds (Apertium starts
   * "It will arrive" → " Llegará" with a space once it drops the pronoun).
   */
  join: (translated: readonly string[]) => string;
}

const NEVER = "never";
const BEFORE_CAPITAL = "capital";
const BEFORE_NUMBER = "number";
type AbbreviationRule = typeof NEVER | typeof BEFORE_CAPITAL | typeof BEFORE_NUMBER;

/**
 * Abbreviations without their final period. Lowercase entries match in any case ("Mr", "MR");
 * entries with a capital match only as written ("Me" for Maître, not the English "me").
 */
const ABBREVIATIONS: Record<string, Record<AbbreviationRule, readonly string[]>> = {
  "*": {
    never: ["e.g", "i.e", "vs", "cf", "viz", "ca", "approx"],
    capital: ["etc"],
    number: ["no", "nos", "nr", "p", "pp", "vol", "fig", "tel"],
  },
  en: {
    never: [
      "mr",
      "mrs",
      "ms",
      "dr",
      "prof",
      "sr",
      "st",
      "mt",
      "rev",
      "gen",
      "lt",
      "sgt",
      "capt",
      "gov",
      "sen",
      "hon",
      "pres",
      "messrs",
      "al",
      "dept",
    ],
    capital: ["inc", "ltd", "co", "corp", "jr", "a.m", "p.m", "bros", "llc"],
    number: [
      "ch",
      "sec",
      "art",
      "ed",
      "ex",
      "jan",
      "feb",
      "mar",
      "apr",
      "jun",
      "jul",
      "aug",
      "sep",
      "sept",
      "oct",
      "nov",
      "dec",
    ],
  },
  es: {
    never: [
      "sr",
      "sra",
      "srta",
      "sres",
      "dr",
      "dra",
      "dña",
      "ud",
      "uds",
      "vd",
      "vds",
      "prof",
      "lic",
      "ing",
      "av",
      "avda",
      "ej",
      "p.ej",
      "ee.uu",
      "aprox",
      "admón",
      "dpto",
      "ntra",
      "sta",
    ],
    capital: ["etc", "s.a", "s.l", "cía"],
    number: ["núm", "n", "nº", "pág", "págs", "art", "cap", "tel", "c.p"],
  },
  fr: {
    never: ["Me", "MM", "mme", "mmes", "mlle", "mlles", "dr", "pr", "st", "ste", "p.ex", "cf", "env", "av", "bd", "éd"],
    capital: ["etc", "cie", "s.a"],
    number: ["n", "n°", "no", "vol", "chap", "fig", "p", "art", "tél"],
  },
  de: {
    never: [
      "z.b",
      "bzw",
      "d.h",
      "u.a",
      "ca",
      "evtl",
      "ggf",
      "hr",
      "hrn",
      "fr",
      "dr",
      "prof",
      "vgl",
      "inkl",
      "zzgl",
      "bspw",
      "u.u",
      "o.ä",
      "sog",
      "str",
      "dipl",
      "ing",
      "ggü",
      "v.a",
      "z.t",
      "i.d.r",
    ],
    capital: ["usw", "etc", "u.ä", "jh", "mio", "mrd", "gmbh", "ag", "e.v"],
    number: ["nr", "abs", "bd", "s", "tel", "art", "kap"],
  },
  pt: {
    never: [
      "sr",
      "sra",
      "srta",
      "dr",
      "dra",
      "prof",
      "profa",
      "exmo",
      "exma",
      "v.exa",
      "av",
      "p.ex",
      "eng",
      "sto",
      "sta",
    ],
    capital: ["etc", "ltda", "cia", "s.a"],
    number: ["n", "nº", "n.º", "pág", "págs", "p", "art", "cap", "tel"],
  },
  it: {
    never: [
      "sig",
      "sigg",
      "sig.ra",
      "sig.na",
      "dott",
      "dott.ssa",
      "dr",
      "prof",
      "ing",
      "avv",
      "geom",
      "p.es",
      "cfr",
      "ca",
    ],
    capital: ["ecc", "s.p.a", "s.r.l"],
    number: ["n", "nr", "pag", "pagg", "art", "cap", "tel", "vol"],
  },
};

const GERMAN_MONTHS =
  /^(?:januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\b/iu;

interface Rules {
  lang: string;
  table: Map<string, AbbreviationRule>;
}
const rulesCache = new Map<string, Rules>();

/** The source language's abbreviations plus the shared ones; every language's when none is given. */
function rulesFor(sourceLang: string | undefined): Rules {
  const base = sourceLang?.toLowerCase().split(/[-_]/)[0] ?? "";
  const lang = base !== "*" && base in ABBREVIATIONS ? base : "all";
  const cached = rulesCache.get(lang);
  if (cached) return cached;
  const table = new Map<string, AbbreviationRule>();
  const sources = lang === "all" ? Object.values(ABBREVIATIONS) : [ABBREVIATIONS["*"], ABBREVIATIONS[lang]];
  // When languages disagree, the rule that breaks least often wins: never, then number, then capital.
  const strength: Record<AbbreviationRule, number> = { never: 0, number: 1, capital: 2 };
  for (const source of sources) {
    if (!source) continue;
    for (const rule of [NEVER, BEFORE_NUMBER, BEFORE_CAPITAL] as const) {
      for (const word of source[rule]) {
        const known = table.get(word);
        if (!known || strength[rule] < strength[known]) table.set(word, rule);
      }
    }
  }
  const rules = { lang, table };
  rulesCache.set(lang, rules);
  return rules;
}

const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
const TERMINATOR = /[.!?…‽⁇⁈⁉।॥؟።۔。！？｡．]+/gu;
const CJK_TERMINATOR = /[。！？｡．]/u;
const CLOSERS = /^["'”’»›)\]}」』）】〕〉》]+/u;
const OPENERS = /^["'“‘«‹([¿¡「『（【〔〈《—–-]+/u;
const LOWERCASE_START = /^\p{Ll}/u;
const DIGIT_START = /^\p{N}/u;
const CAPITAL_START = /^\p{Lu}/u;
const WHITESPACE = /\s/u;

export function segmentText(text: string, sourceLang?: string): SegmentedText {
  const rules = rulesFor(sourceLang);
  const segments: string[] = [];
  const gaps: string[] = [];
  let gap = "";

  const addSentence = (sentence: string) => {
    const lead = /^\s*/u.exec(sentence)?.[0] ?? "";
    if (lead.length === sentence.length) {
      gap += sentence;
      return;
    }
    let end = sentence.length;
    while (WHITESPACE.test(sentence.charAt(end - 1))) end--;
    gaps.push(gap + lead);
    segments.push(sentence.slice(lead.length, end));
    gap = sentence.slice(end);
  };

  let lineStart = 0;
  for (const lineBreak of text.matchAll(LINE_BREAK)) {
    for (const sentence of splitLine(text.slice(lineStart, lineBreak.index), rules)) addSentence(sentence);
    gap += lineBreak[0];
    lineStart = lineBreak.index + lineBreak[0].length;
  }
  for (const sentence of splitLine(text.slice(lineStart), rules)) addSentence(sentence);
  gaps.push(gap);

  return {
    segments,
    gaps,
    join: (translated) => {
      if (translated.length !== segments.length) {
        throw new RangeError(`join() needs ${segments.length} segments, got ${translated.length}.`);
      }
      let out = gaps[0] ?? "";
      translated.forEach((segment, i) => {
        out += segment.trim() + (gaps[i + 1] ?? "");
      });
      return out;
    },
  };
}

/** Sentences of one line, whitespace still attached; their concatenation is the line. */
function splitLine(line: string, rules: Rules): string[] {
  if (line.length === 0) return [];
  const protectedSpans = findPlaceholders(line);
  const sentences: string[] = [];
  let start = 0;
  let span = 0;
  for (const match of line.matchAll(TERMINATOR)) {
    const at = match.index;
    while (span < protectedSpans.length && (protectedSpans[span]?.end ?? 0) <= at) span++;
    const inside = protectedSpans[span];
    if (inside && inside.start <= at) continue;
    const end = at + match[0].length;
    const closers = CLOSERS.exec(line.slice(end, end + 8))?.[0] ?? "";
    const cut = end + closers.length;
    if (cut >= line.length) break;
    if (!endsSentence(line, start, at, match[0], cut, rules)) continue;
    sentences.push(line.slice(start, cut));
    start = cut;
  }
  sentences.push(line.slice(start));
  return sentences;
}

function endsSentence(
  line: string,
  sentenceStart: number,
  at: number,
  marks: string,
  cut: number,
  rules: Rules,
): boolean {
  const after = line.charAt(cut);
  if (CJK_TERMINATOR.test(marks.charAt(marks.length - 1))) {
    return !(DIGIT_START.test(after) && DIGIT_START.test(line.charAt(at - 1)));
  }
  if (!WHITESPACE.test(after)) return false;
  let nextWord = cut;
  while (nextWord < line.length && WHITESPACE.test(line.charAt(nextWord))) nextWord++;
  const following = line.slice(nextWord, nextWord + 64);
  const next = following.replace(OPENERS, "");
  if (next.length === 0 || LOWERCASE_START.test(next)) return false;
  if (/^(?:\.{2,}|…)$/u.test(marks)) return /^["'“‘«‹¿¡]*\p{Lu}/u.test(following);
  if (marks !== ".") return true;

  let wordStart = at;
  while (wordStart > sentenceStart && !WHITESPACE.test(line.charAt(wordStart - 1))) wordStart--;
  const word = line.slice(wordStart, at).replace(/^["'“‘«‹([{¿¡]+/u, "");
  if (word.length === 0) return true;
  const rule = rules.table.get(word) ?? rules.table.get(word.toLowerCase());
  if (rule === NEVER) return false;
  if (rule === BEFORE_NUMBER && DIGIT_START.test(next)) return false;
  if (rule === BEFORE_CAPITAL) return CAPITAL_START.test(next);
  if (/^\p{Lu}$/u.test(word)) return false;
  if (/^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(word)) return false;
  if ((rules.lang === "de" || rules.lang === "all") && /^\d{1,2}$/u.test(word) && GERMAN_MONTHS.test(next))
    return false;
  return true;
}
