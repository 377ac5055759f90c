import { describe, it, expect } from "vitest";
import {
  LANGUAGES,
  LANGUAGE_CODES,
  creditWeight,
  findLanguage,
  isLanguageCode,
  type Script,
  type ScriptWeight,
} from "../src/languages";

const EXPECTED_RTL = ["ar", "dv", "fa", "he", "ks", "ps", "sd", "ug", "ur", "yi"];

const EXPECTED_WEIGHT_2 = [
  "am",
  "as",
  "bn",
  "bo",
  "dz",
  "gu",
  "hi",
  "iu",
  "km",
  "kn",
  "lo",
  "ml",
  "mr",
  "my",
  "ne",
  "or",
  "pa",
  "sa",
  "si",
  "ta",
  "te",
  "th",
  "ti",
];

const EXPECTED_WEIGHT_3 = ["ja", "ko", "zh"];

// Record<Script, …> makes the type checker fail if a script is added to the
// union without deciding its weight here.
const SCRIPT_WEIGHT: Record<Script, ScriptWeight> = {
  latin: 1,
  cyrillic: 1,
  greek: 1,
  armenian: 1,
  georgian: 1,
  arabic: 1,
  hebrew: 1,
  thaana: 1,
  devanagari: 2,
  bengali: 2,
  gurmukhi: 2,
  gujarati: 2,
  oriya: 2,
  tamil: 2,
  telugu: 2,
  kannada: 2,
  malayalam: 2,
  sinhala: 2,
  thai: 2,
  lao: 2,
  khmer: 2,
  myanmar: 2,
  tibetan: 2,
  ethiopic: 2,
  canadian_syllabics: 2,
  han: 3,
  japanese: 3,
  hangul: 3,
};

const RTL_SCRIPTS: ReadonlySet<Script> = new Set<Script>(["arabic", "hebrew", "thaana"]);

const REQUIRED_CODES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "nl",
  "ca",
  "gl",
  "eu",
  "oc",
  "ro",
  "pl",
  "ru",
  "uk",
  "cs",
  "sk",
  "sl",
  "hr",
  "sr",
  "bs",
  "bg",
  "mk",
  "el",
  "tr",
  "ar",
  "he",
  "fa",
  "ur",
  "ps",
  "sd",
  "ug",
  "yi",
  "dv",
  "ku",
  "hi",
  "bn",
  "ta",
  "te",
  "mr",
  "gu",
  "kn",
  "ml",
  "pa",
  "ne",
  "si",
  "th",
  "lo",
  "km",
  "my",
  "am",
  "ti",
  "ja",
  "zh",
  "ko",
  "vi",
  "id",
  "ms",
  "tl",
  "sw",
  "af",
  "sq",
  "hy",
  "ka",
  "az",
  "kk",
  "ky",
  "uz",
  "tg",
  "mn",
  "be",
  "lt",
  "lv",
  "et",
  "fi",
  "sv",
  "da",
  "no",
  "nb",
  "nn",
  "is",
  "ga",
  "cy",
  "gd",
  "br",
  "co",
  "lb",
  "mt",
  "eo",
  "la",
  "ht",
  "ha",
  "yo",
  "ig",
  "zu",
  "xh",
  "st",
  "sn",
  "so",
  "rw",
  "ny",
  "mg",
  "sm",
  "mi",
  "jv",
  "su",
];

const codes = LANGUAGES.map((l) => l.code);

describe("LANGUAGES data", () => {
  it("has exactly 149 entries", () => {
    expect(LANGUAGES).toHaveLength(149);
  });

  it("has unique codes", () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("uses lowercase two-letter ISO 639-1 codes only", () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z]{2}$/);
    }
  });

  it("is sorted by code", () => {
    expect(codes).toEqual([...codes].sort());
    codes.forEach((code, i) => {
      const previous = codes[i - 1];
      if (previous !== undefined) expect(previous < code).toBe(true);
    });
  });

  it("has a non-empty, trimmed display name for every entry, with no duplicates", () => {
    const names = LANGUAGES.map((l) => l.name);
    for (const name of names) {
      expect(name.length).toBeGreaterThan(0);
      expect(name).toBe(name.trim());
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it("includes all required languages", () => {
    const missing = REQUIRED_CODES.filter((c) => !LANGUAGE_CODES.has(c));
    expect(missing).toEqual([]);
  });

  it("excludes codes that are not ISO 639-1", () => {
    for (const code of ["haw", "ceb", "ckb", "fil", "yue", "zh-CN", "pt-BR", "EN", ""]) {
      expect(isLanguageCode(code)).toBe(false);
    }
  });

  it("uses common English display names", () => {
    const expected: Record<string, string> = {
      ca: "Catalan",
      de: "German",
      el: "Greek",
      en: "English",
      es: "Spanish",
      fa: "Persian",
      ja: "Japanese",
      ko: "Korean",
      nb: "Norwegian Bokmål",
      nl: "Dutch",
      pt: "Portuguese",
      zh: "Chinese",
    };
    for (const [code, name] of Object.entries(expected)) {
      expect(findLanguage(code)?.name).toBe(name);
    }
  });
});

describe("direction", () => {
  it("is rtl for exactly the expected set", () => {
    const rtl = LANGUAGES.filter((l) => l.direction === "rtl").map((l) => l.code);
    expect(rtl).toEqual(EXPECTED_RTL);
  });

  it("marks the common RTL languages as rtl", () => {
    for (const code of ["ar", "he", "fa", "ur", "ps", "yi", "dv"]) {
      expect(findLanguage(code)?.direction).toBe("rtl");
    }
  });

  it("marks LTR languages (including Latin-script Kurdish) as ltr", () => {
    for (const code of ["en", "ku", "ja", "zh", "hi", "ru", "el", "tr", "az"]) {
      expect(findLanguage(code)?.direction).toBe("ltr");
    }
  });

  it("is consistent with the script (rtl iff Arabic, Hebrew or Thaana script)", () => {
    for (const l of LANGUAGES) {
      expect({ code: l.code, rtl: l.direction === "rtl" }).toEqual({
        code: l.code,
        rtl: RTL_SCRIPTS.has(l.script),
      });
    }
  });
});

describe("credit weights", () => {
  it("matches the weight of each entry's script", () => {
    for (const l of LANGUAGES) {
      expect({ code: l.code, weight: l.credit_weight }).toEqual({
        code: l.code,
        weight: SCRIPT_WEIGHT[l.script],
      });
    }
  });

  it("gives weight 3 to Chinese, Japanese and Korean only", () => {
    for (const code of ["zh", "ja", "ko"]) {
      expect(creditWeight(code)).toBe(3);
    }
    const w3 = LANGUAGES.filter((l) => l.credit_weight === 3).map((l) => l.code);
    expect(w3).toEqual(EXPECTED_WEIGHT_3);
  });

  it("gives weight 2 to abugida-script languages", () => {
    for (const code of ["hi", "th", "am", "ta"]) {
      expect(creditWeight(code)).toBe(2);
    }
    const w2 = LANGUAGES.filter((l) => l.credit_weight === 2).map((l) => l.code);
    expect(w2).toEqual(EXPECTED_WEIGHT_2);
  });

  it("gives weight 1 to alphabet and abjad languages", () => {
    for (const code of ["en", "ru", "ar", "el", "he", "ka", "hy", "dv", "mn", "sr"]) {
      expect(creditWeight(code)).toBe(1);
    }
  });

  it("throws for unknown codes", () => {
    expect(() => creditWeight("xx")).toThrow(Error);
    expect(() => creditWeight("")).toThrow(Error);
    expect(() => creditWeight("EN")).toThrow(Error);
  });
});

describe("lookup helpers", () => {
  it("findLanguage returns the entry for a known code", () => {
    expect(findLanguage("pt")?.name).toBe("Portuguese");
    expect(findLanguage("pt")).toBe(LANGUAGES.find((l) => l.code === "pt"));
  });

  it("findLanguage returns undefined for unknown codes", () => {
    expect(findLanguage("xx")).toBeUndefined();
    expect(findLanguage("PT")).toBeUndefined();
    expect(findLanguage("por")).toBeUndefined();
  });

  it("LANGUAGE_CODES contains exactly the codes of LANGUAGES", () => {
    expect(LANGUAGE_CODES.size).toBe(LANGUAGES.length);
    expect([...LANGUAGE_CODES].sort()).toEqual(codes);
  });

  it("isLanguageCode agrees with LANGUAGE_CODES", () => {
    for (const code of codes) {
      expect(isLanguageCode(code)).toBe(true);
    }
    expect(isLanguageCode("xx")).toBe(false);
    expect(isLanguageCode("En")).toBe(false);
  });
});
