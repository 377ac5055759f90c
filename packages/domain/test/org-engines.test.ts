// How an organization's own DeepL engine joins its requests' routing, without a network: the
// engine is a stand-in that serves en→de and en→es, started by OrgEngines from a sealed key.
import { orgEngineSecrets } from "@tolk/db";
import { type DeeplEngineOptions, type Engine, EngineError, EngineRouter, type LanguagePair } from "@tolk/engines";
import { describe, expect, it } from "vitest";

import { createOrganization } from "../src/accounts/create-organization";
import { sealSecret } from "../src/secrets/secret-box";
import { OrgEngines, orgDeeplSealContext, translationFor } from "../src/translation/org-engines";
import { SegmentCache } from "../src/translation/segment-cache";
import { type TranslationServices, resolveRoute } from "../src/translation/translate-segments";
import { useTestDb } from "./support";

const SECRETS_KEY = "s".repeat(40);

function engine(name: string, pairs: LanguagePair[]): Engine {
  return {
    name,
    pairs: () => pairs,
    translate: async (r) => r.segments.map((s) => ({ text: s, unknownWords: 0, words: 1 })),
    health: async () => ({ ok: true }),
    close: async () => {},
  };
}

const db = useTestDb();
const shared: TranslationServices = {
  router: new EngineRouter([engine("apertium", [{ source: "en", target: "es" }])]),
  cache: new SegmentCache(),
};

async function orgWithKey(authKey: string, preferred = false) {
  const org = await createOrganization(db.ctx, { name: "Org" });
  await db.ctx.db.insert(orgEngineSecrets).values({
    orgId: org.id,
    engine: "deepl",
    sealedKey: sealSecret(authKey, SECRETS_KEY, orgDeeplSealContext(org.id)),
    keyHint: "…test",
    preferred,
  });
  return org.id;
}

describe("OrgEngines", () => {
  it("adds the organization's DeepL to its router only: the pairs the deployment lacks first, all of its pairs when preferred", async () => {
    const started: DeeplEngineOptions[] = [];
    const engines = new OrgEngines(db.ctx, {
      secretsKey: SECRETS_KEY,
      ttlMs: 60_000,
      createDeepl: async (options) => {
        started.push(options);
        return engine(options.name ?? "deepl", [
          { source: "en", target: "de" },
          { source: "en", target: "es" },
        ]);
      },
    });
    const services = { ...shared, orgEngines: engines };
    const plain = await orgWithKey("key-plain-0000000000");
    const preferring = await orgWithKey("key-preferred-000000", true);

    const own = await translationFor(services, { id: plain, ownEnginesVersion: 1 });
    expect(own.router.describe("en", "de")?.engine).toBe("deepl:org");
    expect(own.router.describe("en", "es")?.engine).toBe("apertium");
    expect(
      (await translationFor(services, { id: preferring, ownEnginesVersion: 1 })).router.describe("en", "es")?.engine,
    ).toBe("deepl:org");
    // Another organization, without a key: the deployment's engines, the shared services themselves.
    expect(await translationFor(services, { id: "org_other", ownEnginesVersion: null })).toBe(services);
    expect(() => resolveRoute(services, "en", "de")).toThrow(/No configured engine can translate en to de/);

    expect(started.map((o) => [o.authKey, o.keyOwner, o.cacheScope])).toEqual([
      ["key-plain-0000000000", "organization", `${plain}.1`],
      ["key-preferred-000000", "organization", `${preferring}.1`],
    ]);
    // Kept until the TTL or a new version; a new version starts it again.
    await translationFor(services, { id: plain, ownEnginesVersion: 1 });
    expect(started).toHaveLength(2);
    await translationFor(services, { id: plain, ownEnginesVersion: 2 });
    expect(started).toHaveLength(3);
    db.clock.advance(61_000);
    await translationFor(services, { id: plain, ownEnginesVersion: 2 });
    expect(started).toHaveLength(4);
  });

  it("a key that cannot start makes the pairs nobody else serves a 503 saying why; a failed refresh keeps the engine that worked", async () => {
    let refuse = true;
    const engines = new OrgEngines(db.ctx, {
      secretsKey: SECRETS_KEY,
      ttlMs: 60_000,
      retryMs: 10_000,
      createDeepl: async (options) => {
        if (refuse)
          throw new EngineError("deepl:org", "DeepL refused the organization's DeepL API key (HTTP 403)", false);
        return engine(options.name ?? "deepl", [{ source: "en", target: "de" }]);
      },
    });
    const services = { ...shared, orgEngines: engines };
    const orgId = await orgWithKey("key-refused-00000000");
    const failing = await translationFor(services, { id: orgId, ownEnginesVersion: 1 });
    expect(() => resolveRoute(failing, "en", "de")).toThrow(
      /could not start: deepl:org: DeepL refused the organization's DeepL API key/,
    );
    expect(resolveRoute(failing, "en", "es").legs[0]?.engine.name).toBe("apertium");

    refuse = false;
    db.clock.advance(10_001);
    const working = await translationFor(services, { id: orgId, ownEnginesVersion: 1 });
    expect(resolveRoute(working, "en", "de").legs[0]?.engine.name).toBe("deepl:org");
    refuse = true;
    db.clock.advance(60_001);
    expect(
      resolveRoute(await translationFor(services, { id: orgId, ownEnginesVersion: 1 }), "en", "de").legs[0]?.engine
        .name,
    ).toBe("deepl:org");
  });

  it("cannot open a key without the TOLK_SECRETS_KEY that sealed it", async () => {
    const orgId = await orgWithKey("key-sealed-000000000");
    const engines = new OrgEngines(db.ctx, {
      secretsKey: "x".repeat(40),
      ttlMs: 60_000,
      createDeepl: async () => engine("deepl:org", []),
    });
    const services = await translationFor({ ...shared, orgEngines: engines }, { id: orgId, ownEnginesVersion: 1 });
    expect(services.unavailable).toMatch(/does not open with this TOLK_SECRETS_KEY/);
  });
});
