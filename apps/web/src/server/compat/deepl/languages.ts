import { languageCode } from "@tolk/contract";
import { badRequest, supportsFormality } from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

import { servedLanguages } from "../languages";

/**
 * DeepL's target codes that name a variety Tolk does not distinguish: clients must send these
 * (deepl-node refuses "EN" and "PT" as targets), and Tolk translates into the base language.
 */
export const TARGET_VARIANTS: Readonly<Record<string, readonly { language: string; name: string }[]>> = {
  en: [
    { language: "EN-GB", name: "English (British)" },
    { language: "EN-US", name: "English (American)" },
  ],
  pt: [
    { language: "PT-BR", name: "Portuguese (Brazilian)" },
    { language: "PT-PT", name: "Portuguese (European)" },
  ],
  zh: [{ language: "ZH-HANS", name: "Chinese (simplified)" }],
};

/** DeepL's code of a Tolk language (ISO 639-1): upper case ("de" → "DE"). */
export const deeplCode = (code: string) => code.toUpperCase();

/**
 * A DeepL language code → Tolk's ISO 639-1 code: "EN-US", "en-gb", "PT-BR", "ZH-HANS" → the base
 * language, as /v1 reads a region. A code Tolk does not know is a 400 naming the parameter.
 */
export function tolkLanguage(code: string, param: string): string {
  const parsed = languageCode.safeParse(code);
  if (!parsed.success)
    throw badRequest(`'${param}': '${code}' is not a supported language (see GET /v2/languages).`, param);
  return parsed.data;
}

interface DeeplLanguage {
  language: string;
  name: string;
  supports_formality?: boolean;
}

/**
 * GET /v2/languages: the languages this deployment can translate from (`type=source`) or into
 * (`type=target`, with `supports_formality`), in DeepL's codes (languages.ts).
 */
export function deeplLanguages(router: EngineRouter, type: "source" | "target"): DeeplLanguage[] {
  const languages = servedLanguages(router);
  if (type === "source") {
    return languages.filter((l) => l.targets.length > 0).map((l) => ({ language: deeplCode(l.code), name: l.name }));
  }
  const targets = new Set(languages.flatMap((l) => l.targets));
  return languages
    .filter((l) => targets.has(l.code))
    .flatMap((l) => {
      const supports_formality = supportsFormality(router, l.code);
      const variants = TARGET_VARIANTS[l.code];
      if (!variants) return [{ language: deeplCode(l.code), name: l.name, supports_formality }];
      return variants.map((v) => ({ ...v, supports_formality }));
    });
}
