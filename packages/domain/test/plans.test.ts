import { describe, expect, it } from "vitest";

import { PLAN_LIMITS, effectiveLimits, parsePlanOverrides } from "../src";
import { thrown } from "./helpers";

describe("plan limits (docs/api.md, Rate limits)", () => {
  it.each([
    ["free", [10_000, 5_000, 1, 1, 1, 3], [10, 5, 5, 30]],
    ["starter", [200_000, 20_000, 5, 10, 3, 10], [60, 30, 30, 120]],
    ["professional", [1_000_000, 100_000, 25, 50, 10, 50], [300, 60, 100, 600]],
    ["enterprise", [10_000_000, 500_000, 100, 500, 50, 500], [1_000, 300, 300, 3_000]],
  ] as const)("%s", (plan, [credits, chars, tms, glossaries, voices, projects], [translate, segment, analyze, api]) => {
    expect(PLAN_LIMITS[plan]).toEqual({
      monthly_credits: credits,
      max_text_chars: chars,
      translation_memories_max: tms,
      glossaries_max: glossaries,
      brandvoice_profiles_max: voices,
      projects_max: projects,
      translate_per_min: translate,
      segment_per_min: segment,
      analyze_per_min: analyze,
      api_per_min: api,
    });
  });
});

describe("effectiveLimits", () => {
  it("puts enterprise overrides on top of the enterprise defaults", () => {
    const limits = effectiveLimits({ plan: "enterprise", planOverrides: { monthly_credits: 0, api_per_min: 5 } });
    expect(limits.monthly_credits).toBe(0);
    expect(limits.api_per_min).toBe(5);
    expect(limits.translate_per_min).toBe(1_000);
  });

  it("ignores overrides stored on any other plan", () => {
    expect(effectiveLimits({ plan: "starter", planOverrides: { api_per_min: 1 } })).toEqual(PLAN_LIMITS.starter);
  });
});

describe("parsePlanOverrides", () => {
  it("accepts any subset of the known limits for enterprise, and nothing for the others", () => {
    expect(parsePlanOverrides("enterprise", { monthly_credits: 0, projects_max: 7 })).toEqual({
      monthly_credits: 0,
      projects_max: 7,
    });
    expect(parsePlanOverrides("enterprise", undefined)).toEqual({});
    expect(parsePlanOverrides("enterprise", null)).toEqual({});
    expect(parsePlanOverrides("free", {})).toEqual({});
    expect(parsePlanOverrides("starter", undefined)).toEqual({});
  });

  it("refuses overrides on a non-enterprise plan with 400", () => {
    for (const plan of ["free", "starter", "professional"] as const) {
      const err = thrown(() => parsePlanOverrides(plan, { api_per_min: 100 }));
      expect(err).toMatchObject({ status: 400, code: "bad_request" });
      expect(err.message).toMatch(/enterprise/);
    }
  });

  it.each([
    ["an unknown key", { monthly_credit: 5 }, /monthly_credit|unrecognized/i],
    ["a negative value", { api_per_min: -1 }, /api_per_min/],
    ["a fraction", { glossaries_max: 1.5 }, /glossaries_max/],
    ["a string", { projects_max: "10" }, /projects_max/],
    ["a huge value", { monthly_credits: 1e12 }, /monthly_credits/],
    ["not an object", "1000", /invalid/i],
    ["an array", [1, 2], /invalid/i],
  ])("refuses %s with 400", (_name, input, message) => {
    const err = thrown(() => parsePlanOverrides("enterprise", input));
    expect(err).toMatchObject({ status: 400, code: "bad_request" });
    expect(err.message).toMatch(message);
  });
});
