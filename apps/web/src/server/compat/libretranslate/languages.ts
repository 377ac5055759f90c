import { AUTO_SOURCE_LANG, languageCode } from "@tolk/contract";
import { badRequest, listLanguages } from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

/**
 * GET /libretranslate/languages: the languages of GET /v1/languages that this deployment
 * translates from or into, each with its `targets` exactly as /v1 lists them.
 */
export function libreLanguages(router: EngineRouter): { code: string; name: string; targets: string[] }[] {
  const { languages } = listLanguages((code) => router.targetsOf(code));
  const reachable = new Set(languages.flatMap((l) => l.targets));
  return languages.filter((l) => l.targets.length > 0 || reachable.has(l.code)).map((l) => ({ code: l.code, name: l.name, targets: l.targets }));
}

/** A LibreTranslate language code ("en", "pt-BR", "zh-Hans", "auto" for a source) → Tolk's. */
export function tolkCode(code: string | undefined, param: "source" | "target"): string {
  if (!code) throw badRequest(`Invalid request: missing ${param} parameter`, param);
  if (param === "source" && code.toLowerCase() === AUTO_SOURCE_LANG) return AUTO_SOURCE_LANG;
  const parsed = languageCode.safeParse(code);
  if (!parsed.success) throw badRequest(`${param} language ${code} is not supported`, param);
  return parsed.data;
}
