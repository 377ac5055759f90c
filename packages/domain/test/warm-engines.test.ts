import { EngineRouter, createApertiumEngine, type ApertiumEngine } from "@tolk/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SegmentCache, mostUsedPairs, parseWarmSetting, warmEngines, warmOrder } from "../src";
import { createTestOrg, recordUsage } from "../src/testing";
import { useTestDb } from "./support";

// Background warm-up at start: which Apertium pairs load first (the most used of the last 30
// days, pivots through both legs), and TOLK_APERTIUM_WARM's forms.
const t = useTestDb();
const { ctx } = t;
let apertium: ApertiumEngine;
beforeAll(async () => {
  apertium = await createApertiumEngine({ poolSize: 1, maxPipelines: 3 });
});
afterAll(() => apertium.close());

const keys = (pairs: readonly { source: string; target: string }[]) => pairs.map((p) => `${p.source}-${p.target}`);

describe("TOLK_APERTIUM_WARM", () => {
  it("reads all, none and pair lists, and refuses anything else", () => {
    expect(parseWarmSetting("all")).toBe("all");
    expect(parseWarmSetting(" None ")).toBe("none");
    expect(parseWarmSetting("en-es,es-en")).toEqual([
      { source: "en", target: "es" },
      { source: "es", target: "en" },
    ]);
    expect(parseWarmSetting("en-es,")).toBeNull();
    expect(parseWarmSetting("english-spanish")).toBeNull();
  });
});

describe("warm-up order", () => {
  it("puts the most-used pairs of the last 30 days first, both legs of a pivoted one", async () => {
    const { orgId } = await createTestOrg(ctx, { plan: "free" });
    const event = (sourceLang: string, targetLang: string) => ({
      orgId,
      requestId: crypto.randomUUID(),
      kind: "text" as const,
      sourceLang,
      targetLang,
      characters: 10,
      credits: 10,
    });
    t.clock.set("2026-01-01T00:00:00.000Z");
    await recordUsage(
      ctx,
      Array.from({ length: 9 }, () => event("de", "es")),
    ); // long ago
    t.clock.set("2026-03-10T00:00:00.000Z");
    await recordUsage(ctx, [event("en", "ca"), event("fr", "pt"), event("fr", "pt")]);
    t.clock.set("2026-03-15T00:00:00.000Z");
    const used = await mostUsedPairs(ctx);
    expect(keys(used)).toEqual(["fr-pt", "en-ca"]);

    const router = new EngineRouter([apertium]);
    const services = { router, cache: new SegmentCache() };
    const all = warmOrder(services, "all", used).get(apertium) ?? [];
    const pivot = router.route("fr", "pt")?.legs.map((l) => `${l.pair.source}-${l.pair.target}`) ?? [];
    expect(pivot).toHaveLength(2);
    expect(keys(all).slice(0, 3)).toEqual([...pivot, "en-ca"]);
    expect(all).toHaveLength(apertium.pairs().length);
    // A list warms only its own pairs, the used ones among them first.
    const listed =
      warmOrder(
        services,
        [
          { source: "es", target: "en" },
          { source: "en", target: "ca" },
        ],
        used,
      ).get(apertium) ?? [];
    expect(keys(listed)).toEqual(["en-ca", "es-en"]);
    expect(warmOrder(services, "none", used).size).toBe(0);
  });

  it("loads pipelines within the budget, most used first", async () => {
    const services = { router: new EngineRouter([apertium]), cache: new SegmentCache() };
    const warmed = await warmEngines(ctx, services, [
      { source: "es", target: "en" },
      { source: "en", target: "ca" },
    ]);
    expect(warmed).toBe(2);
    expect(apertium.isWarm({ source: "en", target: "ca" })).toBe(true);
    expect(apertium.isWarm({ source: "es", target: "en" })).toBe(true);
    expect(apertium.isWarm({ source: "en", target: "es" })).toBe(false);
  });
});
