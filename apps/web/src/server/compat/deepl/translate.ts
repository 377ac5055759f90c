import { type Formality } from "@tolk/contract";
import { type Principal, badRequest } from "@tolk/domain";

import { type AppContext } from "../../context";
import { type Params, flag } from "../params";
import { type TextsRequest, translateTexts } from "../translate-texts";
import { hideIgnoredElements, parseIgnoreTags } from "./ignore-tags";
import { deeplCode, tolkLanguage } from "./languages";

/** DeepL's `formality` → the brand-voice formality it applies as; `default` (or none) changes nothing. */
const FORMALITY: Readonly<Record<string, Formality | undefined>> = {
  default: undefined,
  more: "Formal",
  prefer_more: "Formal",
  less: "Informal",
  prefer_less: "Informal",
};

const TAG_HANDLING = new Set(["xml", "html"]);

/**
 * DeepL's `model_type` → the `model_type_used` it answers. Tolk has one model per engine and
 * pair, so the answer names the type asked for (`prefer_quality_optimized` is served as quality).
 */
const MODEL_TYPE_USED: Readonly<Record<string, string>> = {
  quality_optimized: "quality_optimized",
  prefer_quality_optimized: "quality_optimized",
  latency_optimized: "latency_optimized",
};

export interface DeeplTranslateRequest extends TextsRequest {
  showBilledCharacters: boolean;
  /** Elements whose content stays as written (`ignore_tags`, with `tag_handling`). */
  ignoreTags: string[];
  /** `split_sentences` 0 or nonewlines: a line break does not end a sentence. */
  joinLines: boolean;
  modelTypeUsed?: string;
}

/**
 * The parameters of POST /v2/translate. Accepted and validated, but without effect on Tolk's
 * output (docs/compatibility.md): `preserve_formatting`, `outline_detection`, `context`,
 * `splitting_tags` and `non_splitting_tags`; `model_type` only names itself in the answer.
 * `split_sentences` 0 and nonewlines keep a line break from ending a sentence. Markup is kept as it is with
 * or without `tag_handling`, because Tolk's pipeline never translates tags; `ignore_tags` (with
 * `tag_handling`) keeps those elements' content as written too.
 */
export function readTranslateRequest(params: Params): DeeplTranslateRequest {
  const texts = [...params.all("text")];
  if (texts.length === 0) throw badRequest("'text': at least one text is required.", "text");
  const target = params.get("target_lang");
  if (!target) throw badRequest("'target_lang' is required.", "target_lang");
  const source = params.get("source_lang");
  const formalityParam = params.get("formality")?.toLowerCase();
  if (formalityParam !== undefined && !(formalityParam in FORMALITY)) {
    throw badRequest("'formality' must be one of default, more, less, prefer_more, prefer_less.", "formality");
  }
  const tagHandling = params.get("tag_handling")?.toLowerCase();
  if (tagHandling !== undefined && !TAG_HANDLING.has(tagHandling))
    throw badRequest("'tag_handling' must be xml or html.", "tag_handling");
  const split = params.get("split_sentences");
  if (split !== undefined && !["0", "1", "nonewlines"].includes(split))
    throw badRequest("'split_sentences' must be 0, 1 or nonewlines.", "split_sentences");
  const modelType = params.get("model_type");
  if (modelType !== undefined && !(modelType in MODEL_TYPE_USED)) {
    throw badRequest(
      "'model_type' must be quality_optimized, latency_optimized or prefer_quality_optimized.",
      "model_type",
    );
  }
  flag(params, "preserve_formatting");
  flag(params, "outline_detection");
  const glossaryIds = [...params.all("glossary_id"), ...params.all("glossary_ids").flatMap((ids) => ids.split(","))]
    .map((id) => id.trim())
    .filter(Boolean);
  return {
    texts,
    sourceLang: source ? tolkLanguage(source, "source_lang") : "auto",
    targetLang: tolkLanguage(target, "target_lang"),
    formality: formalityParam ? FORMALITY[formalityParam] : undefined,
    glossaryIds: glossaryIds.length > 0 ? glossaryIds : undefined,
    showBilledCharacters: flag(params, "show_billed_characters") ?? false,
    ignoreTags: tagHandling ? parseIgnoreTags(params.all("ignore_tags")) : [],
    joinLines: split === "0" || split === "nonewlines",
    modelTypeUsed: modelType ? MODEL_TYPE_USED[modelType] : undefined,
  };
}

export interface DeeplTextResult {
  detected_source_language: string;
  text: string;
  billed_characters?: number;
  model_type_used?: string;
}

/** POST /v2/translate's answer; `billed_characters` is the credits each text cost. */
export async function deeplTranslate(
  app: AppContext,
  principal: Principal,
  requestId: string,
  request: DeeplTranslateRequest,
): Promise<{ translations: DeeplTextResult[] }> {
  // Tolk's segmenter ends a sentence at a line break; without that split, the lines are one text.
  const texts = request.joinLines ? request.texts.map(joinLines) : request.texts;
  const hidden = texts.map((text) => hideIgnoredElements(text, request.ignoreTags));
  const result = await translateTexts(
    app,
    principal,
    requestId,
    { ...request, texts: hidden.map((h) => h.text) },
    (field) => (field === "glossary_ids" ? "glossary_id" : field),
  );
  const detected = deeplCode(result.sourceLang);
  return {
    translations: result.translations.map((t, i) => ({
      detected_source_language: detected,
      text: hidden[i]?.restore(t.text) ?? t.text,
      ...(request.showBilledCharacters ? { billed_characters: t.credits } : {}),
      ...(request.modelTypeUsed ? { model_type_used: request.modelTypeUsed } : {}),
    })),
  };
}

/** A text's line breaks (and the spaces around them) as single spaces: hard-wrapped prose read as it flows. */
const joinLines = (text: string) => text.replace(/[^\S\r\n]*\r?\n\s*/gu, " ");
