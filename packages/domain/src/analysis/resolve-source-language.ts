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

/**
 * The translation use cases' one call into analysis, made before anything else:
 * - `source_lang` "auto" (or absent) is detected from the text with the analysis' detector;
 *   an inconclusive detection is a 400 asking for `source_lang`, and a detected language
 *   equal to a target is the same 400 as when the caller names it;
 * - without a `model_tier`, when several engines could serve the request, the analysis'
 *   recommended tier picks the engine (a request's own `model_tier` always wins).
 */
export async function resolveSourceLanguage<R extends LanguageAndTier>(
  request: R,
  input: { texts: readonly string[]; targets: readonly string[]; engineCount: number },
): Promise<R> {
  const text = input.texts.join("\n");
  let sourceLang = request.source_lang;
  if (sourceLang === AUTO_SOURCE_LANG) {
    const detected = await detectLanguage(text);
    if (detected.language === AUTO_SOURCE_LANG) {
      throw badRequest("The source language could not be detected from this text (too short, mixed or unsupported). Set source_lang.", "source_lang");
    }
    sourceLang = detected.language;
    if (input.targets.includes(sourceLang)) {
      throw badRequest(`The text was detected as ${sourceLang}, which is also a target language. Set source_lang.`, "source_lang");
    }
  }
  const modelTier = request.model_tier ?? (input.engineCount > 1 ? (await analyzeText({ text: text.slice(0, TIER_SAMPLE_CHARS) })).model_tier : undefined);
  return { ...request, source_lang: sourceLang, model_tier: modelTier };
}
