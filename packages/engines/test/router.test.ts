import { describe, expect, it } from "vitest";

import { type Engine, type LanguagePair, EngineRouter, parseEngineRoutes } from "../src";

function fakeEngine(name: string, pairs: string[]): Engine {
  const list: LanguagePair[] = pairs.map((p) => {
    const [source = "", target = ""] = p.split("-");
    return { source, target };
  });
  return {
    name,
    pairs: () => list,
    translate: async (req) => req.segments.map((s) => ({ text: `${name}:${s}`, unknownWords: 0, words: 1 })),
    health: async () => ({ ok: true }),
    close: async () => {},
  };
}

describe("EngineRouter", () => {
  const apertium = fakeEngine("apertium", [
    "en-es",
    "es-en",
    "es-pt",
    "pt-es",
    "fr-es",
    "es-fr",
    "ca-es",
    "es-ca",
    "en-ca",
  ]);
  const llm = fakeEngine("llm", ["en-es", "en-de"]);
  const router = new EngineRouter([apertium, llm]);

  it("serves a direct pair with one leg", () => {
    const route = router.route("en", "es");
    expect(route?.pivot).toBeNull();
    expect(route?.legs.map((l) => l.engine.name)).toEqual(["apertium"]);
  });

  it("prefers the LLM for the premium tier and Apertium without a tier", () => {
    expect(router.route("en", "es", "premium")?.legs[0]?.engine.name).toBe("llm");
    expect(router.route("en", "es", "mini")?.legs[0]?.engine.name).toBe("apertium");
  });

  it("pivots through one language, preferring the hub languages", () => {
    const route = router.route("en", "pt");
    expect(route?.pivot).toBe("es");
    expect(route?.legs.map((l) => `${l.pair.source}-${l.pair.target}`)).toEqual(["en-es", "es-pt"]);
    // fr → ca exists only as fr → es → ca.
    expect(router.route("fr", "ca")?.pivot).toBe("es");
  });

  it("pivots through two languages when one is not enough, and no further", () => {
    // pt → de exists only as pt → es → en → de.
    const route = router.route("pt", "de");
    expect(route?.pivots).toEqual(["es", "en"]);
    expect(route?.pivot).toBe("es");
    expect(route?.legs.map((l) => `${l.engine.name} ${l.pair.source}-${l.pair.target}`)).toEqual([
      "apertium pt-es",
      "apertium es-en",
      "llm en-de",
    ]);
    // A chain needing three intermediate languages is not served.
    const chain = new EngineRouter([fakeEngine("apertium", ["a1-a2", "a2-a3", "a3-a4", "a4-a5"])]);
    expect(chain.route("a1", "a4")?.pivots).toEqual(["a2", "a3"]);
    expect(chain.route("a1", "a5")).toBeNull();
    expect(chain.targetsOf("a1")).toEqual(["a2", "a3", "a4"]);
    expect(router.route("de", "en")).toBeNull();
  });

  it("takes the fewest hops even when a longer route goes through a preferred hub", () => {
    const hubby = new EngineRouter([fakeEngine("apertium", ["xx-en", "en-es", "es-yy", "xx-zz", "zz-yy"])]);
    expect(hubby.route("xx", "yy")?.pivots).toEqual(["zz"]);
  });

  it("lists targets including those reached through pivots, never the source itself", () => {
    expect(router.targetsOf("en")).toEqual(["ca", "de", "en", "es", "fr", "pt"].filter((l) => l !== "en"));
    expect(router.targetsOf("fr")).not.toContain("fr");
    expect(router.availablePairs()).toContain("en-pt");
    expect(router.availablePairs()).toContain("pt-de");
    expect(router.availablePairs()).not.toContain("de-en");
  });
});

describe("TOLK_ENGINE_ROUTES", () => {
  const apertium = fakeEngine("apertium", ["en-es", "es-en", "en-ca", "es-pt"]);
  const llm = fakeEngine("llm", ["en-es", "en-de", "en-ca", "es-pt"]);
  const libre = fakeEngine("libretranslate", ["en-es", "en-de", "en-ca"]);

  it("parses rules, with * for any language, and refuses malformed ones", () => {
    expect(parseEngineRoutes("en-de=llm, *-es=apertium,*=libretranslate")).toEqual([
      { source: "en", target: "de", engine: "llm" },
      { source: "*", target: "es", engine: "apertium" },
      { source: "*", target: "*", engine: "libretranslate" },
    ]);
    expect(parseEngineRoutes("")).toEqual([]);
    expect(parseEngineRoutes("en-de")).toBeNull();
    expect(parseEngineRoutes("english-de=llm")).toBeNull();
  });

  it("sends a pair to the first matching rule's engine, over the cheapest-engine default", () => {
    const router = new EngineRouter(
      [apertium, llm, libre],
      parseEngineRoutes("en-de=llm,*-es=apertium,*=libretranslate") ?? [],
    );
    expect(router.route("en", "de")?.legs[0]?.engine.name).toBe("llm");
    expect(router.route("en", "es")?.legs[0]?.engine.name).toBe("apertium");
    expect(router.route("en", "ca")?.legs[0]?.engine.name).toBe("libretranslate");
    // Without rules, Apertium (local, free) serves en-ca.
    expect(new EngineRouter([apertium, llm, libre]).route("en", "ca")?.legs[0]?.engine.name).toBe("apertium");
  });

  it("falls back to the default when the rule's engine does not serve the pair, and routes pivot legs by their own pairs", () => {
    const router = new EngineRouter([apertium, llm], parseEngineRoutes("*-pt=llm,en-es=deepl") ?? []);
    expect(router.route("en", "es")?.legs[0]?.engine.name).toBe("apertium");
    const pivoted = router.describe("en", "pt");
    expect(pivoted).toEqual({ engine: "apertium+llm", pivot: "es", pivots: ["es"], script: null });
  });
});
