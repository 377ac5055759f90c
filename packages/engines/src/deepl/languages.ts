// DeepL's language codes, mapped to the ISO 639-1 codes Tolk speaks. Sources are plain ("EN",
// "PT", "ZH"); targets name a variety where DeepL has several ("EN-GB"/"EN-US", "PT-PT"/"PT-BR",
// "ZH-HANS"/"ZH-HANT"), and the plain "EN" and "PT" targets are deprecated. Tolk does not tell
// varieties apart, so one target code serves each language: the operator's choice, else the
// variety most readers of the language use, else the plain code.
import { type LanguagePair, pairKey } from "../engine";
import { toIso } from "../libretranslate/languages";

/** One entry of GET /v2/languages. */
export interface DeeplLanguage {
  language: string;
  name?: string;
  supports_formality?: boolean;
}

/** A pair Tolk serves, with the codes DeepL wants for it and whether `formality` applies. */
export interface DeeplPair {
  pair: LanguagePair;
  source: string;
  target: string;
  formality: boolean;
}

/** The target variety used when the operator chose none. */
export const DEFAULT_TARGET_VARIANTS: Readonly<Record<string, string>> = { en: "EN-US", pt: "PT-BR", zh: "ZH-HANS" };

/** Reads a GET /v2/languages body; throws a description of what is wrong. */
export function readDeeplLanguages(body: unknown, type: string): DeeplLanguage[] {
  if (!Array.isArray(body)) throw new Error(`GET /v2/languages?type=${type} did not return a JSON array`);
  return body.flatMap((item: unknown): DeeplLanguage[] => {
    if (!item || typeof item !== "object") return [];
    const { language, name, supports_formality } = item as Record<string, unknown>;
    if (typeof language !== "string") return [];
    return [
      {
        language,
        ...(typeof name === "string" ? { name } : {}),
        ...(supports_formality === true ? { supports_formality: true } : {}),
      },
    ];
  });
}

/**
 * Parses `en:EN-GB,pt:PT-PT` (DEEPL_TARGET_VARIANTS) into ISO code → DeepL target code; null
 * when malformed.
 */
export function parseTargetVariants(value: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const item of value
    .split(",")
    .map((i) => i.trim())
    .filter(Boolean)) {
    const match = /^([a-z]{2,3}):([a-z]{2,3}(?:-[a-z]{2,4})?)$/iu.exec(item);
    if (!match?.[1] || !match[2]) return null;
    out[match[1].toLowerCase()] = match[2].toUpperCase();
  }
  return out;
}

/** Every ISO pair DeepL serves (any listed source into any listed target), with its codes. */
export function deeplPairs(
  sources: readonly DeeplLanguage[],
  targets: readonly DeeplLanguage[],
  known: ReadonlySet<string>,
  variants: Readonly<Record<string, string>> = {},
): DeeplPair[] {
  const sourceCodes = new Map<string, string>();
  for (const s of sources) {
    const iso = toIso(s.language, known);
    if (iso && !sourceCodes.has(iso)) sourceCodes.set(iso, s.language.toUpperCase());
  }
  const byIso = new Map<string, DeeplLanguage[]>();
  for (const t of targets) {
    const iso = toIso(t.language, known);
    if (iso) byIso.set(iso, [...(byIso.get(iso) ?? []), t]);
  }
  const targetCodes = new Map<string, { code: string; formality: boolean }>();
  for (const [iso, listed] of byIso) {
    const wanted = [variants[iso], DEFAULT_TARGET_VARIANTS[iso], iso.toUpperCase()];
    const chosen =
      wanted.flatMap((w) => listed.filter((l) => w !== undefined && l.language.toUpperCase() === w))[0] ?? listed[0];
    if (chosen)
      targetCodes.set(iso, { code: chosen.language.toUpperCase(), formality: chosen.supports_formality === true });
  }
  const found = new Map<string, DeeplPair>();
  for (const [sourceIso, source] of sourceCodes) {
    for (const [targetIso, target] of targetCodes) {
      if (sourceIso === targetIso) continue;
      const pair = { source: sourceIso, target: targetIso };
      found.set(pairKey(pair), { pair, source, target: target.code, formality: target.formality });
    }
  }
  return [...found.values()];
}
