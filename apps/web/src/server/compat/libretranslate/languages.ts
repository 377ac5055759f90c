import { AUTO_SOURCE_LANG, languageCode } from "@tolk/contract";
import { badRequest } from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

import { servedLanguages } from "../languages";

/** GET /libretranslate/languages: `[{code, name, targets}]` as languages.ts serves them. */
export const libreLanguages = (router: EngineRouter) => servedLanguages(router);

/** A LibreTranslate language code ("en", "pt-BR", "zh-Hans", "auto" for a source) → Tolk's. */
export function tolkCode(code: string | undefined, param: "source" | "target"): string {
  if (!code) throw badRequest(`Invalid request: missing ${param} parameter`, param);
  if (param === "source" && code.toLowerCase() === AUTO_SOURCE_LANG) return AUTO_SOURCE_LANG;
  const parsed = languageCode.safeParse(code);
  if (!parsed.success) throw badRequest(`${param} language ${code} is not supported`, param);
  return parsed.data;
}
