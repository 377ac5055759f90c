import { classifyDomain } from "../analysis/classify-domain";
import { extractFeatures } from "../analysis/text-features";
import { LOCALIZATION_DEFAULT_TARGETS } from "./localization-targets";

/** Formats whose text is software strings: the built-in localization tables apply to them by default. */
export const LOCALIZATION_FORMATS: ReadonlySet<string> = new Set([
  "json",
  "yaml",
  "yml",
  "po",
  "pot",
  "xliff",
  "xlf",
  "strings",
]);

/** Where the built-in localization tables apply to a request. */
export interface LocalizationChoice {
  /** Whether they apply to a target. */
  targets: (target: string) => boolean;
  /** True when the request decided (`localization_terms`); else an organization's setting may switch the default off. */
  requested: boolean;
}

/**
 * To which targets the built-in localization tables (localization-terms.ts) apply: every target
 * that has a table when the request asks for them (`localization_terms: true`); none when it
 * switches them off; else, for a localization format or text the analysis rates Technical, the
 * targets whose tables are on by default (LOCALIZATION_DEFAULT_TARGETS), unless the organization
 * has switched that default off (resolveTranslationResources reads its setting). Only English
 * sources have tables.
 */
export function localizationApplies(options: {
  flag?: boolean;
  sourceLang: string;
  format?: string;
  texts?: readonly string[];
}): LocalizationChoice {
  const requested = options.flag !== undefined;
  const none = { targets: () => false, requested };
  if (options.flag === false || options.sourceLang !== "en") return none;
  if (options.flag === true) return { targets: () => true, requested };
  const byDefault = {
    targets: (target: string) => (LOCALIZATION_DEFAULT_TARGETS as readonly string[]).includes(target),
    requested,
  };
  if (options.format !== undefined) return LOCALIZATION_FORMATS.has(options.format) ? byDefault : none;
  const text = (options.texts ?? []).join("\n");
  return text.trim() !== "" && classifyDomain(extractFeatures(text, options.sourceLang)).domain === "Technical"
    ? byDefault
    : none;
}
