import { AUTO_SOURCE_LANG } from "@tolk/contract";
import { type ModelTier } from "@tolk/engines";

import { badRequest } from "../errors";
import { analyzeText } from "./analyze-text";
import { detectLanguage } from "./detect-language";

/** The tier is judged on at most this much of the text: enough for every feature, bounded in cost. */
const TIER_SAMPLE_CHARS = 20_000;

interface LanguageAndTier {
  source_lang: string;
  model_tier?: ModelTier;
}

/** The warning a translation carries when its source language was the default, not detected. */
export const defaultedSourceWarning = (lang: string) =>
  `The source language could not be detected (the text is too short or mixed), so it was taken as ${lang}, the default source language. Set source_lang to choose another, or change the organization's default in the console's settings.`;

/**
 * The translation use cases' one call into analysis, made before anything else:
 * - `source_lang` "auto" (or absent) is detected from the text with the analysis' detector;
 *   an inconclusive detection ("OK", "Hi") takes `defaultSourceLang` (DeepL translates those
 *   too) and says so in `source_lang_defaulted`; without a default, or when the default is a
 *   target, it is a 400 asking for `source_lang`. A detected language equal to a target is the
 *   same 400 as when the caller names it;
 * - without a `model_tier`, when several engines could serve the request, the analysis'
 *   recommended tier picks the engine (a request's own `model_tier` always wins).
 */
export async function resolveSourceLanguage<R extends LanguageAndTier>(
  request: R,
  input: { texts: readonly string[]; targets: readonly string[]; engineCount: number; defaultSourceLang?: string },
): Promise<R & { source_lang_defaulted?: true }> {
  const text = input.texts.join("\n");
  let sourceLang = request.source_lang;
  let defaulted = false;
  if (sourceLang === AUTO_SOURCE_LANG) {
    const detected = await detectLanguage(text);
    const fallback = input.defaultSourceLang;
    if (detected.language === AUTO_SOURCE_LANG && (!fallback || input.targets.includes(fallback))) {
      throw badRequest(
        "The source language could not be detected from this text (too short, mixed or unsupported). Set source_lang.",
        "source_lang",
      );
    }
    defaulted = detected.language === AUTO_SOURCE_LANG;
    sourceLang = defaulted && fallback ? fallback : detected.language;
    if (!defaulted && input.targets.includes(sourceLang)) {
      throw badRequest(
        `The text was detected as ${sourceLang}, which is also a target language. Set source_lang.`,
        "source_lang",
      );
    }
  }
  const modelTier =
    request.model_tier ??
    (input.engineCount > 1 ? (await analyzeText({ text: text.slice(0, TIER_SAMPLE_CHARS) })).model_tier : undefined);
  return {
    ...request,
    source_lang: sourceLang,
    model_tier: modelTier,
    ...(defaulted ? { source_lang_defaulted: true as const } : {}),
  };
}
