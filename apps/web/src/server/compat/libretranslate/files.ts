import { AUTO_SOURCE_LANG, FORMATS } from "@tolk/contract";
import {
  type Principal,
  badRequest,
  defaultSourceLangFor,
  detectDocumentLanguage,
  effectiveLimits,
  PLAN_LIMITS,
  submitDocument,
} from "@tolk/domain";

import { type AppContext } from "../../context";
import { type Params } from "../params";
import { tolkCode } from "./languages";

/**
 * POST /libretranslate/translate_file: the upload through POST /v1/translate/document's use
 * case, synchronously as LibreTranslate answers, with its pre-signed download link.
 */
export async function libreTranslateFile(app: AppContext, principal: Principal, requestId: string, params: Params) {
  const file = params.files.get("file");
  if (!file) throw badRequest("Invalid request: missing file parameter", "file");
  const source = tolkCode(params.get("source") ?? AUTO_SOURCE_LANG, "source");
  const target = tolkCode(params.get("target"), "target");
  const upload = { filename: file.filename, bytes: file.bytes };
  const sourceLang =
    source === AUTO_SOURCE_LANG
      ? (
          await detectDocumentLanguage(upload, {
            targetLang: target,
            defaultSourceLang: defaultSourceLangFor(app.translation, principal.org),
          })
        ).language
      : source;
  const submitted = await submitDocument(app.domain, app.documents, {
    principal,
    requestId,
    upload,
    request: { source_lang: sourceLang, target_lang: target },
    async: false,
  });
  if (submitted.kind !== "completed") throw new Error("a synchronous document job was queued");
  return { translatedFileUrl: submitted.result.download_url };
}

/**
 * GET /libretranslate/frontend/settings, the fields clients read. `charLimit` is the caller's
 * plan's limit per text, or the smallest plan's for a caller without a key.
 */
export function libreSettings(principal: Principal | null | undefined) {
  return {
    apiKeys: true,
    keyRequired: true,
    charLimit: principal
      ? effectiveLimits(principal.org).max_text_chars
      : Math.min(...Object.values(PLAN_LIMITS).map((l) => l.max_text_chars)),
    filesTranslation: true,
    supportedFilesFormat: FORMATS.map((f) => `.${f.extension}`),
    suggestions: false,
    frontendTimeout: 500,
    language: { source: { code: AUTO_SOURCE_LANG, name: "Auto Detect" }, target: { code: "en", name: "English" } },
  };
}
