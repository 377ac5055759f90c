import { AUTO_SOURCE_LANG } from "@tolk/contract";
import { type Principal, badRequest, detectLanguage } from "@tolk/domain";

import { type AppContext } from "../../context";
import { type Params } from "../params";
import { translateTexts } from "../translate-texts";
import { tolkCode } from "./languages";

interface Detected {
  language: string;
  /** 0–100, as LibreTranslate reports it. */
  confidence: number;
}

/**
 * POST /libretranslate/translate: `q` (a string, or a JSON array), `source` (a code or `auto`),
 * `target`, `format` (text|html: Tolk keeps markup either way), `alternatives` (Tolk has one
 * translation, so the list is empty). The translation is /v1's (translate-texts.ts).
 */
export async function libreTranslate(app: AppContext, principal: Principal, requestId: string, params: Params) {
  const texts = params.all("q");
  if (texts.length === 0) throw badRequest("Invalid request: missing q parameter", "q");
  const list = params.arrays.has("q");
  const sourceLang = tolkCode(params.get("source") ?? AUTO_SOURCE_LANG, "source");
  const targetLang = tolkCode(params.get("target"), "target");
  const format = params.get("format") ?? "text";
  if (format !== "text" && format !== "html")
    throw badRequest("Invalid request: format must be text or html", "format");
  const alternatives = params.get("alternatives");
  if (alternatives !== undefined && !/^\d+$/.test(alternatives))
    throw badRequest("Invalid request: alternatives must be a number", "alternatives");

  const result = await translateTexts(app, principal, requestId, { texts, sourceLang, targetLang }, (field) =>
    field === "text" ? "q" : field === "target_lang" ? "target" : field === "source_lang" ? "source" : field,
  );
  const detected = sourceLang === AUTO_SOURCE_LANG ? await detection(texts, result.sourceLang) : undefined;
  const extra = (one: boolean) => ({
    ...(detected ? { detectedLanguage: one ? detected : texts.map(() => detected) } : {}),
    ...(alternatives !== undefined && Number(alternatives) > 0 ? { alternatives: one ? [] : texts.map(() => []) } : {}),
  });
  if (!list) return { translatedText: result.translations[0]?.text ?? "", ...extra(true) };
  return { translatedText: result.translations.map((t) => t.text), ...extra(false) };
}

/** The language the translation used, with the identifier's confidence in it. */
async function detection(texts: readonly string[], used: string): Promise<Detected> {
  const found = await detectLanguage(texts.join("\n"));
  return { language: used, confidence: found.language === used ? Math.round(found.confidence * 100) : 0 };
}

/** POST /libretranslate/detect: Tolk's language identification; an inconclusive text lists nothing. */
export async function libreDetect(params: Params): Promise<Detected[]> {
  const q = params.all("q");
  if (q.length === 0) throw badRequest("Invalid request: missing q parameter", "q");
  const found = await detectLanguage(q.join("\n"));
  if (found.language === AUTO_SOURCE_LANG) return [];
  return [{ language: found.language, confidence: Math.round(found.confidence * 100) }];
}
