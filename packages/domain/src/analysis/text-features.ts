import { LEXICONS, type Lexicon, type LexiconDomain } from "./lexicons";
import { TermMatcher } from "./term-matcher";
import { PATTERNS, matchTokens, splitSentences, stripNonProse, words } from "./text-units";

/** Everything the ratings are computed from: counts, so every rating can say what raised it. */
export interface TextFeatures {
  /** The lexicon language ("*" = all lexicons, for a language without its own lists). */
  lexiconLanguage: string;
  characters: number;
  words: number;
  sentences: number;
  meanSentenceWords: number;
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

interface CompiledLexicon {
  domains: Record<LexiconDomain, TermMatcher>;
  tPronouns: TermMatcher;
  vPronouns: TermMatcher;
  vCapitalised: ReadonlySet<string>;
  formal: TermMatcher;
  informal: TermMatcher;
  imperatives: TermMatcher;
  idioms: TermMatcher;
  cultureRefs: TermMatcher;
  subordinators: TermMatcher;
}

const compiled = new Map<string, CompiledLexicon>();

/** The word lists of a language, compiled once; "*" merges all of them. */
function lexiconFor(language: string): CompiledLexicon {
  const key = LEXICONS[language] ? language : ALL;
  const cached = compiled.get(key);
  if (cached) return cached;
  const sources: Lexicon[] = key === ALL ? Object.values(LEXICONS) : [LEXICONS[key] as Lexicon];
  const merge = (pick: (l: Lexicon) => readonly string[]) => new TermMatcher(sources.flatMap(pick));
  const result: CompiledLexicon = {
    domains: Object.fromEntries(DOMAINS.map((d) => [d, merge((l) => l.domains[d])])) as Record<LexiconDomain, TermMatcher>,
    tPronouns: merge((l) => l.tPronouns),
    vPronouns: merge((l) => l.vPronouns),
    vCapitalised: new Set(sources.flatMap((l) => l.vPronounsCapitalised ?? [])),
    formal: merge((l) => l.formal),
    informal: merge((l) => l.informal),
    imperatives: merge((l) => l.imperatives),
    idioms: merge((l) => l.idioms),
    cultureRefs: merge((l) => l.cultureRefs),
    subordinators: merge((l) => l.subordinators),
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
const CONTRACTION = /\b\p{L}+(?:n['’]t|['’](?:re|ll|ve|m|d))\b|\b(?:gonna|wanna|gotta|ain['’]t|y['’]all)\b/giu;
const EMOJI = /\p{Extended_Pictographic}/gu;
const ELLIPSIS = /\.{3}|…|["“]\s?so-called|so-called|sogenannt|soi-disant|presunt/gi;

export function extractFeatures(text: string, language: string): TextFeatures {
  const lex = lexiconFor(language);
  const prose = stripNonProse(text);
  const sentenceList = splitSentences(prose);
  const sentenceWords = sentenceList.map((s) => words(s).length);
  const wordCount = words(prose).length;
  const tokens = matchTokens(prose);
  const joined = ` ${tokens.join(" ")} `;

  // Domain terms: the language's own lists in full; English terms count half in other
  // languages, because technical and financial English is borrowed everywhere.
  const own = (m: TermMatcher) => m.count(tokens, joined);
  const english = language !== "en" && LEXICONS[language] ? lexiconFor("en") : null;
  const domainHits = {} as Record<LexiconDomain, number>;
  const domainTerms = {} as Record<LexiconDomain, readonly string[]>;
  for (const d of DOMAINS) {
    const main = own(lex.domains[d]);
    const borrowed = english ? english.domains[d].count(tokens, joined) : { hits: 0, distinct: new Set<string>() };
    domainHits[d] = main.hits + borrowed.hits / 2;
    domainTerms[d] = [...new Set([...main.distinct, ...borrowed.distinct])].sort();
  }

  let imperatives = 0;
  let vCapitalised = 0;
  let clauses = 0;
  for (const sentence of sentenceList) {
    const sentenceTokens = matchTokens(sentence);
    if (lex.imperatives.matchesAtStart(sentenceTokens) && !sentence.trim().endsWith("?")) imperatives++;
    clauses += lex.subordinators.count(sentenceTokens, ` ${sentenceTokens.join(" ")} `).hits + count(sentence, /[;:()]/g);
    if (lex.vCapitalised.size > 0) {
      // Inside a sentence a capitalised "Sie"/"Lei" is the polite pronoun, not "they"/"she".
      const inner = sentence.split(/\s+/).slice(1).map((w) => w.replace(/[^\p{L}]/gu, ""));
      vCapitalised += inner.filter((w) => lex.vCapitalised.has(w)).length;
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
    clausesPerSentence: clauses / sentences,
    acronyms: isShouting(prose) ? 0 : count(text.replace(PATTERNS.url, " "), ACRONYM),
    numbers: count(text, NUMBER),
    measures: count(text, MEASURE),
    currency: count(text, CURRENCY),
    placeholders: count(text, PATTERNS.placeholder),
    markup: count(text, PATTERNS.tag) + count(text, PATTERNS.markdown) + count(text, PATTERNS.entity) + count(text, PATTERNS.codeSpan),
    links: count(text, PATTERNS.url) + count(text, PATTERNS.email),
    domainHits,
    domainTerms,
    tPronouns: own(lex.tPronouns).hits,
    vPronouns: own(lex.vPronouns).hits + vCapitalised,
    formalMarkers: own(lex.formal).hits,
    informalMarkers: own(lex.informal).hits,
    imperatives,
    contractions: count(prose, CONTRACTION),
    exclamations: count(text, /!/g),
    questions: count(text, /[?？¿]/g),
    emoji: count(text, EMOJI),
    idioms: own(lex.idioms).hits,
    cultureRefs: own(lex.cultureRefs).hits,
    ellipses: count(text, ELLIPSIS),
  };
}

/** A text in capitals throughout is shouting, not a string of acronyms. */
function isShouting(prose: string): boolean {
  const letters = prose.match(/\p{L}/gu)?.length ?? 0;
  const upper = prose.match(/\p{Lu}/gu)?.length ?? 0;
  return letters > 20 && upper / letters > 0.7;
}
