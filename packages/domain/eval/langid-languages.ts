/**
 * The 30 languages of the language-identification set: the languages with the largest share
 * of web content (W3Techs' content-language ranking, 2024), all of which GET /v1/languages
 * lists and the machine's gettext catalogs cover. `locales` are the /usr/share/locale
 * directories whose msgstr values are read; English is read from the msgids instead.
 */
export const LANGID_LANGUAGES: readonly { code: string; locales: readonly string[] }[] = [
  { code: "en", locales: [] },
  { code: "es", locales: ["es"] },
  { code: "de", locales: ["de"] },
  { code: "ja", locales: ["ja"] },
  { code: "fr", locales: ["fr"] },
  { code: "ru", locales: ["ru"] },
  { code: "pt", locales: ["pt", "pt_BR"] },
  { code: "it", locales: ["it"] },
  { code: "nl", locales: ["nl"] },
  { code: "pl", locales: ["pl"] },
  { code: "tr", locales: ["tr"] },
  { code: "fa", locales: ["fa"] },
  { code: "zh", locales: ["zh_CN", "zh_TW"] },
  { code: "vi", locales: ["vi"] },
  { code: "id", locales: ["id"] },
  { code: "cs", locales: ["cs"] },
  { code: "ko", locales: ["ko"] },
  { code: "uk", locales: ["uk"] },
  { code: "hu", locales: ["hu"] },
  { code: "ar", locales: ["ar"] },
  { code: "sv", locales: ["sv"] },
  { code: "ro", locales: ["ro"] },
  { code: "el", locales: ["el"] },
  { code: "da", locales: ["da"] },
  { code: "fi", locales: ["fi"] },
  { code: "he", locales: ["he"] },
  { code: "sk", locales: ["sk"] },
  { code: "th", locales: ["th"] },
  { code: "bg", locales: ["bg"] },
  { code: "hr", locales: ["hr"] },
];
