import { usageEvents } from "@tolk/db";
import { type Engine, EngineError, EngineRouter } from "@tolk/engines";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  type TranslationServices,
  SegmentCache,
  getCreditBalance,
  setOrganizationPlan,
  translateBatch,
  translateText,
} from "../src";
import { ApertiumTestbed } from "./apertium-testbed";
import { loadOrg, rejection } from "./helpers";

// The use cases against the real Apertium engine; small wrapper engines count calls, fail on
// purpose, or serve a CJK target so the script weights can be checked.
const bed = new ApertiumTestbed({ plan: "starter", requestPrefix: "req_" });
const { calls } = bed;

const failing: Engine = {
  name: "libretranslate",
  pairs: () => [{ source: "en", target: "de" }],
  health: async () => ({ ok: false }),
  close: async () => {},
  translate: async () => {
    throw new EngineError("libretranslate", "connection refused");
  },
};

// Stands in for an LLM serving Japanese: each segment becomes three kana per word.
const kana: Engine = {
  name: "llm",
  pairs: () => [{ source: "en", target: "ja" }],
  health: async () => ({ ok: true }),
  close: async () => {},
  translate: async (req) =>
    req.segments.map((s) => ({ text: "あいう".repeat(s.split(" ").length), unknownWords: null, words: 1 })),
};

function services(engines: Engine[]): TranslationServices {
  return { router: new EngineRouter(engines), cache: new SegmentCache() };
}

describe("translateText", () => {
  it("translates, bills output characters × weight, and records one usage event", async () => {
    const principal = await bed.principalFor();
    const svc = services([bed.apertium]);
    const requestId = bed.rid();
    const result = await translateText(bed.ctx, svc, {
      principal,
      requestId,
      request: { text: "Good morning. The house is big.", source_lang: "en", target_lang: "es" },
    });
    expect(result.translation).toBe("Buenos días. La casa es grande.");
    expect(result.character_count).toBe(result.translation.length);
    expect(result.credits_used).toBe(result.character_count); // Latin script: weight 1
    expect(result.quality_score).toBeGreaterThan(0);
    const balance = await getCreditBalance(bed.ctx, principal.org);
    expect(balance.consumed).toBe(result.credits_used);
    const events = await bed.ctx.db.select().from(usageEvents).where(eq(usageEvents.requestId, requestId));
    expect(events).toMatchObject([
      { kind: "text", sourceLang: "en", targetLang: "es", characters: result.character_count },
    ]);
  });

  it("keeps placeholders, tags, URLs and line breaks exactly", async () => {
    const principal = await bed.principalFor();
    const text =
      "Hello {name}, you have %d new <b>messages</b>.\n\n  See https://example.com/a?b=1 or write to help@example.com.";
    const { translation } = await translateText(bed.ctx, services([bed.apertium]), {
      principal,
      requestId: bed.rid(),
      request: { text, source_lang: "en", target_lang: "es" },
    });
    for (const kept of ["{name}", "%d", "<b>", "</b>", "https://example.com/a?b=1", "help@example.com"]) {
      expect(translation.split(kept)).toHaveLength(2);
    }
    expect(translation).toContain(".\n\n  ");
    // Apertium drops "you" and leaves two spaces; only the source's own indentation stays.
    expect(translation).not.toMatch(/[^\n ] {2}/);
  });

  it("never shows Apertium's unknown-word marks, and names unknown words among what lowered the score", async () => {
    const principal = await bed.principalFor();
    const svc = services([bed.apertium]);
    const known = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text: "The cat is black.", source_lang: "en", target_lang: "es" },
    });
    const unknown = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text: "The zorblax is black.", source_lang: "en", target_lang: "es" },
    });
    expect(unknown.translation).toContain("zorblax");
    expect(unknown.translation).not.toMatch(/[*#@]/);
    // The estimate names the unknown word among what lowered it (comparing two different
    // sentences' scores would test the model's word tables, not the unknown word).
    expect(unknown.quality_reasons).toContain("unknown_common");
    expect(known.quality_reasons ?? []).not.toContain("unknown_common");
  });

  it("pivots a pair without a direct mode, and the score names the pivot", async () => {
    const principal = await bed.principalFor();
    const svc = services([bed.apertium]);
    const direct = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text: "The cat is black.", source_lang: "en", target_lang: "es" },
    });
    expect(svc.router.route("gl", "it")?.pivot).not.toBeNull();
    const pivoted = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text: "O gato é negro.", source_lang: "gl", target_lang: "it" },
    });
    expect(pivoted.translation.length).toBeGreaterThan(0);
    expect(pivoted.quality_reasons).toContain("pivots");
    expect(direct.quality_reasons ?? []).not.toContain("pivots");
    // Slovenian reaches Spanish only through two languages; each hop lowers the estimate.
    expect(svc.router.route("sl", "es")?.pivots).toHaveLength(2);
    const twice = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text: "Mačka je črna.", source_lang: "sl", target_lang: "es" },
    });
    expect(twice.translation).toMatch(/gato|gata/i);
    expect(twice.quality_score ?? 100).toBeLessThan(pivoted.quality_score ?? 0);
  });

  it("costs one engine call for a repeated string, across requests too", async () => {
    const principal = await bed.principalFor();
    const svc = services([bed.counting(bed.apertium)]);
    calls.count = 0;
    calls.segments = 0;
    const text = "Unsaved changes will be lost. Unsaved changes will be lost.";
    await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text, source_lang: "en", target_lang: "es" },
    });
    await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: { text, source_lang: "en", target_lang: "es" },
    });
    expect(calls).toEqual({ count: 1, segments: 1 });
  });

  it("refuses text over the plan's maximum with the limit in the message, billing nothing", async () => {
    const principal = await bed.principalFor("free"); // 5,000 characters
    const err = await rejection(
      translateText(bed.ctx, services([bed.apertium]), {
        principal,
        requestId: bed.rid(),
        request: { text: "a".repeat(5_001), source_lang: "en", target_lang: "es" },
      }),
    );
    expect(err).toMatchObject({ status: 400, code: "bad_request", extra: { param: "text" } });
    expect(err.message).toContain("5000");
    expect((await getCreditBalance(bed.ctx, principal.org)).consumed).toBe(0);
  });

  it("refuses with 402 before any engine call when the balance cannot cover the estimate", async () => {
    const principal = await bed.principalFor("enterprise");
    await setOrganizationPlan(bed.ctx, {
      orgId: principal.org.id,
      plan: "enterprise",
      limits: { monthly_credits: 10 },
    });
    const org = await loadOrg(bed.ctx, principal.org.id);
    calls.count = 0;
    const err = await rejection(
      translateText(bed.ctx, services([bed.counting(bed.apertium)]), {
        principal: { ...principal, org },
        requestId: bed.rid(),
        request: { text: "This sentence is much longer than ten characters.", source_lang: "en", target_lang: "es" },
      }),
    );
    expect(err).toMatchObject({ status: 402, code: "insufficient_credits", type: "billing_error" });
    expect(err.message).toMatch(/needs 49 and 10 are available/);
    expect(calls.count).toBe(0);
  });

  it("answers 400 unsupported_language_pair listing what is available, and 503 when the engine fails", async () => {
    const principal = await bed.principalFor();
    const unsupported = await rejection(
      translateText(bed.ctx, services([bed.apertium]), {
        principal,
        requestId: bed.rid(),
        request: { text: "Hi", source_lang: "en", target_lang: "ko" },
      }),
    );
    expect(unsupported).toMatchObject({ status: 400, code: "unsupported_language_pair" });
    expect(unsupported.message).toContain("en-es");
    const failed = await rejection(
      translateText(bed.ctx, services([failing]), {
        principal,
        requestId: bed.rid(),
        request: { text: "Hi there.", source_lang: "en", target_lang: "de" },
      }),
    );
    expect(failed).toMatchObject({ status: 503, code: "engine_unavailable", type: "api_error" });
    expect((await getCreditBalance(bed.ctx, principal.org)).consumed).toBe(0);
  });

  it("bills a CJK target at weight 3", async () => {
    const principal = await bed.principalFor();
    const result = await translateText(bed.ctx, services([kana]), {
      principal,
      requestId: bed.rid(),
      request: { text: "two words", source_lang: "en", target_lang: "ja" },
    });
    expect(result.character_count).toBe(6);
    expect(result.credits_used).toBe(18);
    expect(result.quality_score).toBeNull(); // an engine without signals: no estimate
  });

  it("refuses glossary, memory and brand-voice ids it does not know, naming them", async () => {
    const principal = await bed.principalFor();
    const err = await rejection(
      translateText(bed.ctx, services([bed.apertium]), {
        principal,
        requestId: bed.rid(),
        request: { text: "Hi", source_lang: "en", target_lang: "es", glossary_ids: ["gls_nope"] },
      }),
    );
    expect(err).toMatchObject({ status: 400, extra: { param: "glossary_ids" } });
    expect(err.message).toContain("gls_nope");
  });
});

describe("translateBatch", () => {
  it("translates every key into every target and bills the total once, with usage per target", async () => {
    const principal = await bed.principalFor();
    const requestId = bed.rid();
    const result = await translateBatch(bed.ctx, services([bed.apertium]), {
      principal,
      requestId,
      request: {
        strings: { greeting: "Good morning.", question: "Where is the house?", empty: "" },
        source_lang: "en",
        target_langs: ["es", "ca"],
      },
    });
    expect(result.translations.es).toEqual({ greeting: "Buenos días.", question: "Dónde es la casa?", empty: "" });
    expect(Object.keys(result.translations.ca ?? {})).toEqual(["greeting", "question", "empty"]);
    const chars = Object.values(result.translations)
      .flatMap((m) => Object.values(m))
      .join("").length;
    expect(result.total_characters).toBe(chars);
    expect(result.total_credits_used).toBe(chars);
    const events = await bed.ctx.db.select().from(usageEvents).where(eq(usageEvents.requestId, requestId));
    expect(events.map((e) => e.targetLang).sort()).toEqual(["ca", "es"]);
    expect((await getCreditBalance(bed.ctx, principal.org)).consumed).toBe(chars);
  });

  it("translates nothing and bills nothing when the credits cannot cover every target", async () => {
    const principal = await bed.principalFor("enterprise");
    await setOrganizationPlan(bed.ctx, {
      orgId: principal.org.id,
      plan: "enterprise",
      limits: { monthly_credits: 30 },
    });
    const org = await loadOrg(bed.ctx, principal.org.id);
    calls.count = 0;
    const err = await rejection(
      translateBatch(bed.ctx, services([bed.counting(bed.apertium)]), {
        principal: { ...principal, org },
        requestId: bed.rid(),
        request: { strings: { a: "Good morning, friends." }, source_lang: "en", target_langs: ["es", "ca"] },
      }),
    );
    expect(err).toMatchObject({ status: 402 });
    expect(err.message).toMatch(/needs 44 and 30 are available/);
    expect(calls.count).toBe(0);
  });

  it("refuses the whole batch when one target is unsupported", async () => {
    const principal = await bed.principalFor();
    calls.count = 0;
    const err = await rejection(
      translateBatch(bed.ctx, services([bed.counting(bed.apertium)]), {
        principal,
        requestId: bed.rid(),
        request: { strings: { a: "Hello." }, source_lang: "en", target_langs: ["es", "ko"] },
      }),
    );
    expect(err).toMatchObject({ status: 400, code: "unsupported_language_pair" });
    expect(calls.count).toBe(0);
  });
});
