import { LEXICONS, type Lexicon, type LexiconDomain } from "./lexicons";
import { TermIndex } from "./term-matcher";
import { PATTERNS, countLetters, isShouting, matchTokens, splitSentences, stripNonProse, words } from "./text-units";

/** Everything the ratings are computed from: counts, so every rating can say what raised it. */
export interface TextFeatures {
  /** The lexicon language ("*" = all lexicons, for a language without its own lists). */
  lexiconLanguage: string;
  characters: number;
  words: number;
  sentences: number;
  meanSentenceWords: number;
  /** Mean letters per word: long words mark the nominal style of official writing. */
  meanWordLength: number;
  maxSentenceWords: number;
  /** Subordinate clauses and parenthetical breaks (; : parentheses) per sentence. */
  clausesPerSentence: number;
  acronyms: number;
  numbers: number;
  /** Numbers carrying a unit, percentage or currency ("20 mg", "15%", "€40"). */
  measures: number;
  currency: number;
  placeholders: number;
  markup: number;
  links: number;
  /** Weighted domain-term hits (other languages' terms count half) and the distinct terms. */
  domainHits: Record<LexiconDomain, number>;
  domainTerms: Record<LexiconDomain, readonly string[]>;
  /** First- and second-person pronouns (I, we, you; je, nous, vous; ich, Sie…). */
  personal: number;
  tPronouns: number;
  vPronouns: number;
  formalMarkers: number;
  informalMarkers: number;
  /** Sentences that open with an imperative verb. */
  imperatives: number;
  contractions: number;
  exclamations: number;
  questions: number;
  emoji: number;
  idioms: number;
  cultureRefs: number;
  /** "...", "…", scare quotes: what is left unsaid or meant otherwise. */
  ellipses: number;
}

const DOMAINS: readonly LexiconDomain[] = ["Legal", "Medical", "Marketing", "Technical", "Finance"];
const ALL = "*";
/** Languages that write compounds as one word, so terms are also found inside words. */
const COMPOUNDING = new Set(["de"]);

type Category =
  | LexiconDomain
  | "personal"
  | "tPronouns"
  | "vPronouns"
  | "formal"
  | "informal"
  | "imperatives"
  | "idioms"
  | "cultureRefs"
  | "subordinators";

interface CompiledLexicon {
  index: TermIndex<Category>;
  /** The same language's domain terms only: what other languages borrow from English. */
  domains: TermIndex<LexiconDomain>;
  vCapitalised: ReadonlySet<string>;
}

const compiled = new Map<string, CompiledLexicon>();

/** The word lists of a language, compiled once; "*" merges all of them. */
function lexiconFor(language: string): CompiledLexicon {
  const key = LEXICONS[language] ? language : ALL;
  const cached = compiled.get(key);
  if (cached) return cached;
  const sources: Lexicon[] = key === ALL ? Object.values(LEXICONS) : [LEXICONS[key] as Lexicon];
  const merge = (pick: (l: Lexicon) => readonly string[]) => sources.flatMap(pick);
  const domainLists = Object.fromEntries(DOMAINS.map((d) => [d, merge((l) => l.domains[d])])) as Record<
    LexiconDomain,
    string[]
  >;
  const compounds = COMPOUNDING.has(key);
  const result: CompiledLexicon = {
    index: new TermIndex<Category>(
      {
        ...domainLists,
        personal: merge((l) => l.personal),
        tPronouns: merge((l) => l.tPronouns),
        vPronouns: merge((l) => l.vPronouns),
        formal: merge((l) => l.formal),
        informal: merge((l) => l.informal),
        imperatives: merge((l) => l.imperatives),
        idioms: merge((l) => l.idioms),
        cultureRefs: merge((l) => l.cultureRefs),
        subordinators: merge((l) => l.subordinators),
      },
      compounds,
    ),
    domains: new TermIndex<LexiconDomain>(domainLists, compounds),
    vCapitalised: new Set(sources.flatMap((l) => l.vPronounsCapitalised ?? [])),
  };
  compiled.set(key, result);
  return result;
}

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

const ACRONYM = /\b\p{Lu}{2,}\d*s?\b/gu;
const NUMBER = /\d+(?:[.,]\d+)*/g;
const MEASURE =
  /\d\s?(?:%|‰|°[CF]?|mg|µg|mcg|ml|dl|cl|l|g|kg|t|km|m|cm|mm|µm|nm|mi|ft|in|lb|oz|h|hrs?|min|ms|s|kb|mb|gb|tb|ghz|mhz|hz|kv|mv|v|w|kw|kwh|mah|px|em|rem|dpi|fps|bps|kbps|mbps)\b|\d\s?%|[€$£¥₹]\s?\d|\d\s?[€$£¥₹]|\d\s?(?:usd|eur|gbp|chf|jpy|brl)\b/gi;
const CURRENCY = /[€$£¥₹]|\b(?:USD|EUR|GBP|CHF|JPY|BRL)\b/g;
const CONTRACTION = /n['’]t\b|\p{L}['’](?:re|ll|ve|m|d)\b|\b(?:gonna|wanna|gotta|y['’]all)\b/giu;
const EMOJI = /\p{Extended_Pictographic}/gu;
const ELLIPSIS = /\.{3}|…|["“]\s?so-called|so-called|sogenannt|soi-disant|presunt/gi;

export function extractFeatures(text: string, language: string): TextFeatures {
  const lex = lexiconFor(language);
  const prose = stripNonProse(text);
  const sentenceList = splitSentences(prose);
  const sentenceWords = sentenceList.map((s) => words(s).length);
  const wordCount = words(prose).length;
  const tokens = matchTokens(prose);
  const found = lex.index.count(tokens);

  // Domain terms: the language's own lists in full; English terms count half in other
  // languages, because technical and financial English is borrowed everywhere.
  const english = language !== "en" && LEXICONS[language] ? lexiconFor("en").domains.count(tokens) : null;
  const domainHits = {} as Record<LexiconDomain, number>;
  const domainTerms = {} as Record<LexiconDomain, readonly string[]>;
  for (const d of DOMAINS) {
    domainHits[d] = found[d].hits + (english ? english[d].hits / 2 : 0);
    domainTerms[d] = [...new Set([...found[d].distinct, ...(english?.[d].distinct ?? [])])].sort();
  }

  // Clause depth: subordinators and parenthetical breaks, counted over the text, per sentence.
  const clauses = found.subordinators.hits + count(prose, /[;:()]/g);
  let imperatives = 0;
  let vCapitalised = 0;
  for (const sentence of sentenceList) {
    if (!sentence.endsWith("?") && lex.index.matchesAtStart("imperatives", matchTokens(sentence.slice(0, 60))))
      imperatives++;
    if (lex.vCapitalised.size > 0) {
      // Inside a sentence a capitalised "Sie"/"Lei" is the polite pronoun, not "they"/"she".
      for (const w of sentence.split(/\s+/).slice(1))
        if (lex.vCapitalised.has(w.replace(/[^\p{L}]/gu, ""))) vCapitalised++;
    }
  }

  const sentences = Math.max(1, sentenceList.length);
  return {
    lexiconLanguage: LEXICONS[language] ? language : ALL,
    characters: [...text].length,
    words: wordCount,
    sentences: sentenceList.length,
    meanSentenceWords: sentenceWords.length ? wordCount / sentences : 0,
    maxSentenceWords: Math.max(0, ...sentenceWords),
    meanWordLength: wordCount ? countLetters(prose) / wordCount : 0,
    clausesPerSentence: clauses / sentences,
    acronyms: isShouting(prose) ? 0 : count(text.replace(PATTERNS.url, " "), ACRONYM),
    numbers: count(text, NUMBER),
    measures: count(text, MEASURE),
    currency: count(text, CURRENCY),
    placeholders: count(text, PATTERNS.placeholder),
    markup:
      count(text, PATTERNS.tag) +
      count(text, PATTERNS.markdown) +
      count(text, PATTERNS.entity) +
      count(text, PATTERNS.codeSpan),
    links: count(text, PATTERNS.url) + (text.includes("@") ? count(text, PATTERNS.email) : 0),
    domainHits,
    domainTerms,
    personal: found.personal.hits + vCapitalised,
    tPronouns: found.tPronouns.hits,
    vPronouns: found.vPronouns.hits + vCapitalised,
    formalMarkers: found.formal.hits,
    informalMarkers: found.informal.hits,
    imperatives,
    contractions: count(prose, CONTRACTION),
    exclamations: count(text, /!/g),
    questions: count(text, /[?？¿]/g),
    emoji: count(text, EMOJI),
    idioms: found.idioms.hits,
    cultureRefs: found.cultureRefs.hits,
    ellipses: count(text, ELLIPSIS),
  };
}
