import { z } from "zod";

import { type Plan } from "@tolk/contract";
import { type Organization, type PlanOverrides } from "@tolk/db";

import { badRequest } from "./errors";
import { parseInput } from "./parse-input";

/** Everything a plan decides; snake_case so quota output and overrides use the same names. */
export interface PlanLimits {
  monthly_credits: number;
  max_text_chars: number;
  translate_per_min: number;
  segment_per_min: number;
  analyze_per_min: number;
  api_per_min: number;
  translation_memories_max: number;
  glossaries_max: number;
  brandvoice_profiles_max: number;
  projects_max: number;
}

// The plans of docs/api.md "Rate limits"; enterprise values are defaults.
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    monthly_credits: 10_000,
    max_text_chars: 5_000,
    translate_per_min: 10,
    segment_per_min: 5,
    analyze_per_min: 5,
    api_per_min: 30,
    translation_memories_max: 1,
    glossaries_max: 1,
    brandvoice_profiles_max: 1,
    projects_max: 3,
  },
  starter: {
    monthly_credits: 200_000,
    max_text_chars: 20_000,
    translate_per_min: 60,
    segment_per_min: 30,
    analyze_per_min: 30,
    api_per_min: 120,
    translation_memories_max: 5,
    glossaries_max: 10,
    brandvoice_profiles_max: 3,
    projects_max: 10,
  },
  professional: {
    monthly_credits: 1_000_000,
    max_text_chars: 100_000,
    translate_per_min: 300,
    segment_per_min: 60,
    analyze_per_min: 100,
    api_per_min: 600,
    translation_memories_max: 25,
    glossaries_max: 50,
    brandvoice_profiles_max: 10,
    projects_max: 50,
  },
  enterprise: {
    monthly_credits: 10_000_000,
    max_text_chars: 500_000,
    translate_per_min: 1_000,
    segment_per_min: 300,
    analyze_per_min: 300,
    api_per_min: 3_000,
    translation_memories_max: 100,
    glossaries_max: 500,
    brandvoice_profiles_max: 50,
    projects_max: 500,
  },
};

const limitValue = z.number().int().min(0).max(1_000_000_000);
export const planOverridesSchema = z
  .object({
    monthly_credits: limitValue,
    max_text_chars: limitValue,
    translate_per_min: limitValue,
    segment_per_min: limitValue,
    analyze_per_min: limitValue,
    api_per_min: limitValue,
    translation_memories_max: limitValue,
    glossaries_max: limitValue,
    brandvoice_profiles_max: limitValue,
    projects_max: limitValue,
  })
  .partial()
  .strict();

/** Validates per-organization overrides; only enterprise organizations may have them. */
export function parsePlanOverrides(plan: Plan, input: unknown): PlanOverrides {
  const overrides = parseInput(planOverridesSchema, input ?? {}, "limits", (field) => (field ? `limits.${field}` : ""));
  if (plan !== "enterprise" && Object.keys(overrides).length > 0) {
    throw badRequest("Per-organization limits apply to the enterprise plan only.");
  }
  return overrides;
}

/** The limits in force for an organization: its plan's, with enterprise overrides on top. */
export function effectiveLimits(org: Pick<Organization, "plan" | "planOverrides">): PlanLimits {
  const base = PLAN_LIMITS[org.plan];
  return org.plan === "enterprise" ? { ...base, ...org.planOverrides } : base;
}
