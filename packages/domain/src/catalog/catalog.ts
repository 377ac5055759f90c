import { FORMATS, LANGUAGES } from "@tolk/contract";

/**
 * GET /v1/languages. `targets` (extension): the languages this deployment can translate each
 * one into, directly or through one pivot, as the configured engines report.
 */
export function listLanguages(targetsOf: (code: string) => string[] = () => []) {
  const languages = LANGUAGES.map((l) => ({
    code: l.code,
    name: l.name,
    direction: l.direction,
    credit_weight: l.credit_weight,
    targets: targetsOf(l.code),
  }));
  return { languages, total: languages.length };
}

/** GET /v1/formats. */
export function listFormats() {
  const formats = FORMATS.map((f) => ({ ...f }));
  return { formats, total: formats.length };
}
