/**
 * The languages the language-identification sets cover: every language an Apertium pair of
 * scripts/debian-packages.txt translates from or to, plus the languages with the most web
 * content and a few other common ones, all listed by GET /v1/languages. Each names where its
 * texts come from in every source family:
 *
 * - `debian`: /usr/share/locale/<locale>/LC_MESSAGES/*.mo (msgstr values; English: msgids);
 * - `mozilla`: the locale folders of mozilla-l10n/www-l10n (mozilla.org site copy);
 * - `udhr`: the data/udhr/udhr_<key>.xml files of unicode-org/udhr. Where the UDHR has several
 *   translations of one language, the one in its standard written norm (German 1996, Romanian
 *   2006, monotonic Greek, Occitan in the classical orthography of Languedocien). The index files
 *   four Francoprovençal translations under `oci` (`oci_1`–`oci_4`); Francoprovençal is a
 *   language of its own (`frp`), so none of them stands for Occitan.
 *
 * `group` is the row a text is reported under when one code has two scripts (Serbian in
 * Cyrillic and in Latin): the detector must answer `code` for both.
 */
export interface LangidLanguage {
  code: string;
  debian: readonly { locale: string; group?: string }[];
  mozilla: readonly string[];
  udhr: readonly { key: string; group?: string }[];
}

const lang = (code: string, debian: string[], mozilla: string[], udhr: string[]): LangidLanguage => ({
  code,
  debian: debian.map((locale) => ({ locale })),
  mozilla,
  udhr: udhr.map((key) => ({ key })),
});

export const LANGID_LANGUAGES: readonly LangidLanguage[] = [
  // Served by Apertium pairs.
  lang("en", [], ["en"], ["eng"]),
  lang("es", ["es"], ["es-ES", "es-AR", "es-MX"], ["spa"]),
  lang("ca", ["ca"], ["ca"], ["cat"]),
  lang("gl", ["gl"], ["gl"], ["glg"]),
  lang("fr", ["fr"], ["fr"], ["fra"]),
  lang("pt", ["pt", "pt_BR"], ["pt-PT", "pt-BR"], ["por_PT", "por_BR"]),
  lang("it", ["it"], ["it"], ["ita"]),
  lang("oc", ["oc"], ["oc"], ["lnc"]),
  lang("ro", ["ro"], ["ro"], ["ron_2006"]),
  lang("eo", ["eo"], ["eo"], ["epo"]),
  lang("eu", ["eu"], ["eu"], ["eus"]),
  lang("is", ["is"], ["is"], ["isl"]),
  lang("sv", ["sv"], ["sv-SE"], ["swe"]),
  lang("nb", ["nb"], ["nb-NO"], ["nob"]),
  lang("nn", ["nn"], ["nn-NO"], ["nno"]),
  lang("da", ["da"], ["da"], ["dan"]),
  lang("br", ["br"], ["br"], ["bre"]),
  lang("af", ["af"], ["af"], ["afr"]),
  lang("nl", ["nl"], ["nl"], ["nld"]),
  lang("an", ["an"], ["an"], []),
  lang("sc", ["sc"], [], ["src"]),
  lang("be", ["be"], ["be"], ["bel"]),
  lang("ru", ["ru"], ["ru"], ["rus"]),
  {
    code: "sr",
    debian: [{ locale: "sr" }, { locale: "sr@latin", group: "sr-Latn" }, { locale: "sr@Latn", group: "sr-Latn" }],
    mozilla: ["sr"],
    udhr: [{ key: "srp_cyrl" }, { key: "srp_latn", group: "sr-Latn" }],
  },
  lang("hr", ["hr"], ["hr"], ["hrv"]),
  lang("bs", ["bs"], ["bs"], ["bos_latn"]),
  lang("sl", ["sl"], ["sl"], ["slv"]),
  lang("mk", ["mk"], ["mk"], ["mkd"]),
  lang("bg", ["bg"], ["bg"], ["bul"]),
  lang("id", ["id"], ["id"], ["ind"]),
  lang("ms", ["ms"], ["ms"], ["mly_latn"]),
  lang("ur", ["ur"], ["ur"], ["urd"]),
  lang("hi", ["hi"], ["hi-IN"], ["hin"]),
  // The languages with the most web content, and other common ones.
  lang("de", ["de"], ["de"], ["deu_1996"]),
  lang("uk", ["uk"], ["uk"], ["ukr"]),
  lang("pl", ["pl"], ["pl"], ["pol"]),
  lang("cs", ["cs"], ["cs"], ["ces"]),
  lang("tr", ["tr"], ["tr"], ["tur"]),
  lang("ar", ["ar"], ["ar"], ["arb"]),
  lang("ja", ["ja"], ["ja"], ["jpn"]),
  lang("zh", ["zh_CN", "zh_TW"], ["zh-CN", "zh-TW"], ["cmn_hans", "cmn_hant"]),
  lang("ko", ["ko"], ["ko"], ["kor"]),
  lang("fa", ["fa"], ["fa"], ["pes_1"]),
  lang("vi", ["vi"], ["vi"], ["vie"]),
  lang("hu", ["hu"], ["hu"], ["hun"]),
  lang("el", ["el"], ["el"], ["ell_monotonic"]),
  lang("fi", ["fi"], ["fi"], ["fin"]),
  lang("he", ["he"], ["he"], ["heb"]),
  lang("sk", ["sk"], ["sk"], ["slk"]),
  lang("th", ["th"], ["th"], ["tha"]),
  lang("lt", ["lt"], ["lt"], ["lit"]),
  lang("lv", ["lv"], ["lv"], ["lav"]),
  lang("et", ["et"], ["et"], ["est"]),
  lang("sq", ["sq"], ["sq"], ["als"]),
  lang("mr", ["mr"], ["mr"], ["mar"]),
  lang("bn", ["bn"], ["bn"], ["ben"]),
  lang("ta", ["ta"], ["ta"], ["tam"]),
  lang("ka", ["ka"], ["ka"], ["kat"]),
  lang("hy", ["hy"], ["hy-AM"], ["hye"]),
  lang("ga", ["ga"], ["ga-IE"], ["gle"]),
  lang("cy", ["cy"], ["cy"], ["cym"]),
];
