/**
 * Supported languages (ISO 639-1 two-letter codes).
 *
 * Why credit weights exist: translation credits are charged as
 *   credits = output characters × credit_weight(target script).
 * Counting raw characters would under-charge scripts where a single
 * character carries much more meaning than a Latin letter. A Han character
 * (or a Japanese/Hangul syllable block) encodes roughly a word or a syllable,
 * and an abugida character typically encodes a consonant plus its vowel,
 * whereas an alphabet or abjad character is a single letter. The weights
 * normalise for that so the same amount of translated content costs about
 * the same regardless of target language:
 *   1 — alphabets and abjads (Latin, Cyrillic, Greek, Armenian, Georgian,
 *       Arabic, Hebrew, Thaana)
 *   2 — Brahmic and other abugidas (Devanagari, Bengali, Gurmukhi, Gujarati,
 *       Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala, Thai, Lao, Khmer,
 *       Myanmar, Tibetan, Ethiopic, Canadian Aboriginal syllabics)
 *   3 — logographic / syllabic-block scripts: Han (zh), Japanese (ja),
 *       Hangul (ko)
 *
 * `script` is the language's primary script as used by commercial MT
 * services (e.g. Serbian → Cyrillic, Kurdish → Latin/Kurmanji, Mongolian →
 * Cyrillic).
 */

export type Script =
  | "latin"
  | "cyrillic"
  | "greek"
  | "armenian"
  | "georgian"
  | "arabic"
  | "hebrew"
  | "thaana"
  | "devanagari"
  | "bengali"
  | "gurmukhi"
  | "gujarati"
  | "oriya"
  | "tamil"
  | "telugu"
  | "kannada"
  | "malayalam"
  | "sinhala"
  | "thai"
  | "lao"
  | "khmer"
  | "myanmar"
  | "tibetan"
  | "ethiopic"
  | "canadian_syllabics"
  | "han"
  | "japanese"
  | "hangul";

export type ScriptWeight = 1 | 2 | 3;

export interface Language {
  /** ISO 639-1 code, lowercase. */
  code: string;
  /** Common English display name. */
  name: string;
  direction: "ltr" | "rtl";
  /** Primary script. */
  script: Script;
  /** Credit multiplier per output character (see top of file). */
  credit_weight: ScriptWeight;
}

/** All supported languages, sorted by code. */
export const LANGUAGES: readonly Language[] = [
  { code: "ab", name: "Abkhazian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "af", name: "Afrikaans", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ak", name: "Akan", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "am", name: "Amharic", direction: "ltr", script: "ethiopic", credit_weight: 2 },
  { code: "an", name: "Aragonese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ar", name: "Arabic", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "as", name: "Assamese", direction: "ltr", script: "bengali", credit_weight: 2 },
  { code: "ay", name: "Aymara", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "az", name: "Azerbaijani", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ba", name: "Bashkir", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "be", name: "Belarusian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "bg", name: "Bulgarian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "bm", name: "Bambara", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "bn", name: "Bengali", direction: "ltr", script: "bengali", credit_weight: 2 },
  { code: "bo", name: "Tibetan", direction: "ltr", script: "tibetan", credit_weight: 2 },
  { code: "br", name: "Breton", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "bs", name: "Bosnian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ca", name: "Catalan", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ce", name: "Chechen", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "ch", name: "Chamorro", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "co", name: "Corsican", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "cs", name: "Czech", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "cv", name: "Chuvash", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "cy", name: "Welsh", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "da", name: "Danish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "de", name: "German", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "dv", name: "Dhivehi", direction: "rtl", script: "thaana", credit_weight: 1 },
  { code: "dz", name: "Dzongkha", direction: "ltr", script: "tibetan", credit_weight: 2 },
  { code: "ee", name: "Ewe", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "el", name: "Greek", direction: "ltr", script: "greek", credit_weight: 1 },
  { code: "en", name: "English", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "eo", name: "Esperanto", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "es", name: "Spanish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "et", name: "Estonian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "eu", name: "Basque", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "fa", name: "Persian", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "ff", name: "Fula", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "fi", name: "Finnish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "fj", name: "Fijian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "fo", name: "Faroese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "fr", name: "French", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "fy", name: "Western Frisian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ga", name: "Irish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "gd", name: "Scottish Gaelic", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "gl", name: "Galician", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "gn", name: "Guarani", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "gu", name: "Gujarati", direction: "ltr", script: "gujarati", credit_weight: 2 },
  { code: "gv", name: "Manx", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ha", name: "Hausa", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "he", name: "Hebrew", direction: "rtl", script: "hebrew", credit_weight: 1 },
  { code: "hi", name: "Hindi", direction: "ltr", script: "devanagari", credit_weight: 2 },
  { code: "hr", name: "Croatian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ht", name: "Haitian Creole", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "hu", name: "Hungarian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "hy", name: "Armenian", direction: "ltr", script: "armenian", credit_weight: 1 },
  { code: "id", name: "Indonesian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ig", name: "Igbo", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "is", name: "Icelandic", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "it", name: "Italian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "iu", name: "Inuktitut", direction: "ltr", script: "canadian_syllabics", credit_weight: 2 },
  { code: "ja", name: "Japanese", direction: "ltr", script: "japanese", credit_weight: 3 },
  { code: "jv", name: "Javanese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ka", name: "Georgian", direction: "ltr", script: "georgian", credit_weight: 1 },
  { code: "kk", name: "Kazakh", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "km", name: "Khmer", direction: "ltr", script: "khmer", credit_weight: 2 },
  { code: "kn", name: "Kannada", direction: "ltr", script: "kannada", credit_weight: 2 },
  { code: "ko", name: "Korean", direction: "ltr", script: "hangul", credit_weight: 3 },
  { code: "ks", name: "Kashmiri", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "ku", name: "Kurdish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ky", name: "Kyrgyz", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "la", name: "Latin", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "lb", name: "Luxembourgish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "lg", name: "Luganda", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ln", name: "Lingala", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "lo", name: "Lao", direction: "ltr", script: "lao", credit_weight: 2 },
  { code: "lt", name: "Lithuanian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "lv", name: "Latvian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "mg", name: "Malagasy", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "mi", name: "Maori", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "mk", name: "Macedonian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "ml", name: "Malayalam", direction: "ltr", script: "malayalam", credit_weight: 2 },
  { code: "mn", name: "Mongolian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "mr", name: "Marathi", direction: "ltr", script: "devanagari", credit_weight: 2 },
  { code: "ms", name: "Malay", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "mt", name: "Maltese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "my", name: "Burmese", direction: "ltr", script: "myanmar", credit_weight: 2 },
  { code: "nb", name: "Norwegian Bokmål", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ne", name: "Nepali", direction: "ltr", script: "devanagari", credit_weight: 2 },
  { code: "nl", name: "Dutch", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "nn", name: "Norwegian Nynorsk", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "no", name: "Norwegian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "nr", name: "South Ndebele", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ny", name: "Chichewa", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "oc", name: "Occitan", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "om", name: "Oromo", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "or", name: "Odia", direction: "ltr", script: "oriya", credit_weight: 2 },
  { code: "os", name: "Ossetian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "pa", name: "Punjabi", direction: "ltr", script: "gurmukhi", credit_weight: 2 },
  { code: "pl", name: "Polish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ps", name: "Pashto", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "pt", name: "Portuguese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "qu", name: "Quechua", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "rn", name: "Kirundi", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ro", name: "Romanian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ru", name: "Russian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "rw", name: "Kinyarwanda", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sa", name: "Sanskrit", direction: "ltr", script: "devanagari", credit_weight: 2 },
  { code: "sc", name: "Sardinian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sd", name: "Sindhi", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "se", name: "Northern Sami", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "si", name: "Sinhala", direction: "ltr", script: "sinhala", credit_weight: 2 },
  { code: "sk", name: "Slovak", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sl", name: "Slovenian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sm", name: "Samoan", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sn", name: "Shona", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "so", name: "Somali", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sq", name: "Albanian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sr", name: "Serbian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "ss", name: "Swati", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "st", name: "Sesotho", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "su", name: "Sundanese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sv", name: "Swedish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "sw", name: "Swahili", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ta", name: "Tamil", direction: "ltr", script: "tamil", credit_weight: 2 },
  { code: "te", name: "Telugu", direction: "ltr", script: "telugu", credit_weight: 2 },
  { code: "tg", name: "Tajik", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "th", name: "Thai", direction: "ltr", script: "thai", credit_weight: 2 },
  { code: "ti", name: "Tigrinya", direction: "ltr", script: "ethiopic", credit_weight: 2 },
  { code: "tk", name: "Turkmen", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "tl", name: "Tagalog", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "tn", name: "Tswana", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "to", name: "Tongan", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "tr", name: "Turkish", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ts", name: "Tsonga", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "tt", name: "Tatar", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "tw", name: "Twi", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ty", name: "Tahitian", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ug", name: "Uyghur", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "uk", name: "Ukrainian", direction: "ltr", script: "cyrillic", credit_weight: 1 },
  { code: "ur", name: "Urdu", direction: "rtl", script: "arabic", credit_weight: 1 },
  { code: "uz", name: "Uzbek", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "ve", name: "Venda", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "vi", name: "Vietnamese", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "wo", name: "Wolof", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "xh", name: "Xhosa", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "yi", name: "Yiddish", direction: "rtl", script: "hebrew", credit_weight: 1 },
  { code: "yo", name: "Yoruba", direction: "ltr", script: "latin", credit_weight: 1 },
  { code: "zh", name: "Chinese", direction: "ltr", script: "han", credit_weight: 3 },
  { code: "zu", name: "Zulu", direction: "ltr", script: "latin", credit_weight: 1 },
];

const LANGUAGE_BY_CODE: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.map((language) => [language.code, language] as const),
);

export const LANGUAGE_CODES: ReadonlySet<string> = new Set(LANGUAGE_BY_CODE.keys());

/** O(1) lookup by ISO 639-1 code (exact, lowercase). */
export function findLanguage(code: string): Language | undefined {
  return LANGUAGE_BY_CODE.get(code);
}

/** Credit weight of the target language's script. Throws for unknown codes. */
export function creditWeight(code: string): ScriptWeight {
  const language = LANGUAGE_BY_CODE.get(code);
  if (language === undefined) {
    throw new Error(`Unknown language code: ${JSON.stringify(code)}`);
  }
  return language.credit_weight;
}

export function isLanguageCode(code: string): boolean {
  return LANGUAGE_BY_CODE.has(code);
}
