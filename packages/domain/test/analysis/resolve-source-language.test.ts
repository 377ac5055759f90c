import { isTolkError } from "@tolk/domain";
import { type ModelTier } from "@tolk/engines";
import { describe, expect, it } from "vitest";

import { resolveSourceLanguage } from "../../src/analysis/resolve-source-language";

const SENTENCE = "The house is big and the garden is beautiful in the summer.";
const NUANCED =
  "Honestly, landing this client was a piece of cake, but the ball is in your court now: hit the ground running before Thanksgiving!";

const request = (source_lang: string, model_tier?: ModelTier) => ({ source_lang, model_tier });

async function refusal(fn: () => Promise<unknown>): Promise<{ status: number; param?: string; message: string }> {
  try {
    await fn();
  } catch (err) {
    if (isTolkError(err)) return { status: err.status, param: err.extra.param, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("resolveSourceLanguage", () => {
  it("replaces auto with the detected language", async () => {
    const r = await resolveSourceLanguage(
      { source_lang: "auto" },
      { texts: [SENTENCE], targets: ["es"], engineCount: 1 },
    );
    expect(r.source_lang).toBe("en");
  });

  it("keeps a source language the caller named, without detecting", async () => {
    const r = await resolveSourceLanguage(
      { source_lang: "fr" },
      { texts: [SENTENCE], targets: ["es"], engineCount: 1 },
    );
    expect(r.source_lang).toBe("fr");
  });

  it("refuses an inconclusive detection with 400 asking for source_lang", async () => {
    const e = await refusal(() =>
      resolveSourceLanguage({ source_lang: "auto" }, { texts: ["Hi"], targets: ["es"], engineCount: 1 }),
    );
    expect(e).toMatchObject({ status: 400, param: "source_lang" });
    expect(e.message).toMatch(/Set source_lang/);
  });

  it("takes the default source language for an inconclusive detection, and says so", async () => {
    const r = await resolveSourceLanguage(
      { source_lang: "auto" },
      { texts: ["OK"], targets: ["es"], engineCount: 1, defaultSourceLang: "en" },
    );
    expect(r).toMatchObject({ source_lang: "en", source_lang_defaulted: true });
    const clear = await resolveSourceLanguage(
      { source_lang: "auto" },
      { texts: [SENTENCE], targets: ["es"], engineCount: 1, defaultSourceLang: "fr" },
    );
    expect(clear).toEqual({ source_lang: "en", model_tier: undefined });
    // The default cannot be a target: then it is the 400 again.
    const e = await refusal(() =>
      resolveSourceLanguage(
        { source_lang: "auto" },
        { texts: ["OK"], targets: ["en"], engineCount: 1, defaultSourceLang: "en" },
      ),
    );
    expect(e).toMatchObject({ status: 400, param: "source_lang" });
  });

  it("refuses a detected language that is also a target", async () => {
    const e = await refusal(() =>
      resolveSourceLanguage({ source_lang: "auto" }, { texts: [SENTENCE], targets: ["en"], engineCount: 1 }),
    );
    expect(e).toMatchObject({ status: 400, param: "source_lang" });
  });

  it("detects the dominant language over all strings of a batch", async () => {
    const r = await resolveSourceLanguage(
      { source_lang: "auto" },
      { texts: [SENTENCE, "OK", "Save changes before you quit?"], targets: ["es"], engineCount: 1 },
    );
    expect(r.source_lang).toBe("en");
  });

  it("picks the analysis' tier only when several engines are configured, and never over the caller's", async () => {
    const one = await resolveSourceLanguage(request("en"), { texts: [NUANCED], targets: ["es"], engineCount: 1 });
    expect(one.model_tier).toBeUndefined();
    const several = await resolveSourceLanguage(request("en"), { texts: [NUANCED], targets: ["es"], engineCount: 2 });
    expect(several.model_tier).toBe("premium");
    const simple = await resolveSourceLanguage(request("en"), {
      texts: ["The meeting starts at ten."],
      targets: ["es"],
      engineCount: 2,
    });
    expect(simple.model_tier).toBe("mini");
    const chosen = await resolveSourceLanguage(request("en", "mini"), {
      texts: [NUANCED],
      targets: ["es"],
      engineCount: 2,
    });
    expect(chosen.model_tier).toBe("mini");
  });
});
