import { FORMATS, LANGUAGES } from "@tolk/contract";

/** GET /v1/languages. */
export function listLanguages() {
  const languages = LANGUAGES.map((l) => ({
    code: l.code,
    name: l.name,
    direction: l.direction,
    credit_weight: l.credit_weight,
  }));
  return { languages, total: languages.length };
}

/** GET /v1/formats. */
export function listFormats() {
  const formats = FORMATS.map((f) => ({ ...f }));
  return { formats, total: formats.length };
}
