import { fileURLToPath } from "node:url";

/**
 * A path in packages/domain, where the product reads what the training and build scripts write
 * (models in src/analysis and src/translation, the tables in localization-terms):
 * `domainPath("src/analysis/text-model.json")`.
 */
export const domainPath = (path: string): string => fileURLToPath(new URL(`../../domain/${path}`, import.meta.url));
