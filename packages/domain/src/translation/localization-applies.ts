import { classifyDomain } from "../analysis/classify-domain";
import { extractFeatures } from "../analysis/text-features";

/** Formats whose text is software strings: the built-in localization tables apply to them by default. */
export const LOCALIZATION_FORMATS: ReadonlySet<string> = new Set(["json", "yaml", "yml", "po", "pot", "xliff", "xlf", "strings"]);

/**
 * Whether the built-in localization tables (localization-terms.ts) apply to a request: as the
 * request says (`localization_terms`), else for a localization format, else when the analysis
 * rates the text Technical. Only English sources have tables; for others this is moot.
 */
export function localizationApplies(options: { flag?: boolean; sourceLang: string; format?: string; texts?: readonly string[] }): boolean {
  if (options.flag !== undefined) return options.flag;
  if (options.sourceLang !== "en") return false;
  if (options.format !== undefined) return LOCALIZATION_FORMATS.has(options.format);
  const text = (options.texts ?? []).join("\n");
  return text.trim() !== "" && classifyDomain(extractFeatures(text, options.sourceLang)).domain === "Technical";
}
