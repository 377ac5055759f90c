import { type ModelTier } from "../engine";

/** The model configured for each tier; at least one must be set. */
export type LlmModels = Partial<Record<ModelTier, string>>;

// Nearest configured tier first. A missing tier falls back upward before downward (a request
// never silently gets a weaker model while a stronger one is configured), except that premium
// can only fall back down.
const FALLBACK: Record<ModelTier, readonly ModelTier[]> = {
  mini: ["mini", "standard", "premium"],
  standard: ["standard", "premium", "mini"],
  premium: ["premium", "standard", "mini"],
};

/** The configured model for a tier (default standard), or the nearest configured tier's. */
export function resolveModel(
  models: LlmModels,
  tier: ModelTier = "standard",
): { tier: ModelTier; model: string } | null {
  for (const candidate of FALLBACK[tier]) {
    const model = models[candidate]?.trim();
    if (model) return { tier: candidate, model };
  }
  return null;
}
