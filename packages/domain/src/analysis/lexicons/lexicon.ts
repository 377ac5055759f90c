import { type Domain } from "@tolk/contract";

export type LexiconDomain = Exclude<Domain, "General">;

/**
 * The word lists of one language. Entries are matched case- and accent-insensitively against
 * words: an entry ending in "*" matches every word it begins ("contract*" → "contractual"),
 * an entry with a space matches that phrase, any other entry matches the whole word.
 */
export interface Lexicon {
  /** Terminology that marks a domain. Ambiguous everyday words are left out on purpose. */
  domains: Record<LexiconDomain, readonly string[]>;
  /**
   * First- and second-person pronouns: a text without them (and without imperatives or
   * questions) is impersonal, the register of contracts, reports and clinical notes.
   * German "Sie" and Italian "Lei" are added by their capitalised forms below.
   */
  personal: readonly string[];
  /** Familiar second-person address (T): tu, du, tú. Empty for English. */
  tPronouns: readonly string[];
  /** Polite second-person address (V) in lower case: vous, usted. */
  vPronouns: readonly string[];
  /** Polite address only when capitalised inside a sentence (German "Sie", Italian "Lei"). */
  vPronounsCapitalised?: readonly string[];
  /** Register markers: formulae, connectives and verbs of written, official language. */
  formal: readonly string[];
  /** Register markers: greetings, slang, interjections, spoken fillers. */
  informal: readonly string[];
  /** Verbs that open an imperative sentence ("click", "klicken Sie", "haz"). */
  imperatives: readonly string[];
  /** Idioms and figurative phrases whose meaning is not the sum of their words. */
  idioms: readonly string[];
  /** References bound to one culture: holidays, institutions, sports, customary units. */
  cultureRefs: readonly string[];
  /** Subordinating conjunctions and relative pronouns: each opens a clause. */
  subordinators: readonly string[];
}
