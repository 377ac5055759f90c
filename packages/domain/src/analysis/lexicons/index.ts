import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { type Lexicon } from "./lexicon";
import { pt } from "./pt";

export type { Lexicon, LexiconDomain } from "./lexicon";

/** The languages with their own word lists; others are read with all of them (cognates carry far). */
export const LEXICONS: Readonly<Record<string, Lexicon>> = { en, es, fr, de, pt, it };
