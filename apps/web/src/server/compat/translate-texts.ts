import { type Formality, batchRequest, translateRequest } from "@tolk/contract";
import {
  type Principal,
  countCharacters,
  creditsFor,
  defaultSourceLangFor,
  resolveSourceLanguage,
  translateBatch,
  translateText,
} from "@tolk/domain";

import { type AppContext } from "../context";
import { validated } from "./validate";

export interface TextsRequest {
  texts: readonly string[];
  /** Tolk's code, or "auto". */
  sourceLang: string;
  targetLang: string;
  glossaryIds?: string[];
  formality?: Formality;
}

export interface TextsResult {
  /** The source language, as given or as detected (once over all texts). */
  sourceLang: string;
  translations: { text: string; credits: number }[];
}

/**
 * The compatibility APIs' translation of a list of texts into one language: one text through
 * POST /v1/translate's use case, several through the batch's, so translations, credits, usage
 * and errors are exactly those of the /v1 call. `rename` maps a /v1 field to the API's own in
 * a 400's message.
 */
export async function translateTexts(
  app: AppContext,
  principal: Principal,
  requestId: string,
  request: TextsRequest,
  rename: (field: string) => string,
): Promise<TextsResult> {
  const refs = { glossary_ids: request.glossaryIds };
  const [single] = request.texts;
  if (request.texts.length === 1 && single !== undefined) {
    const body = validated(
      translateRequest,
      { text: single, source_lang: request.sourceLang, target_lang: request.targetLang, ...refs },
      rename,
    );
    const result = await translateText(app.domain, app.translation, {
      principal,
      requestId,
      request: body,
      formality: request.formality,
    });
    return {
      sourceLang: result.source_lang,
      translations: [{ text: result.translation, credits: result.credits_used }],
    };
  }
  const strings = Object.fromEntries(request.texts.map((text, i) => [String(i), text]));
  const parsed = validated(
    batchRequest,
    { strings, source_lang: request.sourceLang, target_langs: [request.targetLang], ...refs },
    (f) => rename(f.startsWith("strings") ? "text" : f.startsWith("target_langs") ? "target_lang" : f),
  );
  // The batch's own first step, taken here so that the detected language is known.
  const body = await resolveSourceLanguage(parsed, {
    texts: request.texts,
    targets: parsed.target_langs,
    engineCount: app.translation.router.engines.length,
    defaultSourceLang: defaultSourceLangFor(app.translation, principal.org),
  });
  const result = await translateBatch(app.domain, app.translation, {
    principal,
    requestId,
    request: body,
    formality: request.formality,
  });
  const out = result.translations[request.targetLang] ?? {};
  return {
    sourceLang: body.source_lang,
    translations: request.texts.map((_, i) => {
      const text = out[String(i)] ?? "";
      // The batch bills each target's characters at the target's weight: per text it is this.
      return { text, credits: creditsFor(countCharacters(text), request.targetLang) };
    }),
  };
}
