import { translateResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, startApp } from "./helpers";
import { type FakeLlm, startFakeLlm } from "./upstream";

// The engines the environment configures, end to end through the route: an OpenAI-compatible
// server (a small local one speaking the chat-completions protocol) serves Japanese, which no
// Apertium pair covers; LibreTranslate at an address where nothing listens is left out.
let llm: FakeLlm;
let h: Harness;

beforeAll(async () => {
  llm = await startFakeLlm((s) => `訳:${s}`);
  h = await startApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: "sk-test",
    LLM_MODEL_STANDARD: "model-standard",
    LIBRETRANSLATE_URL: "http://127.0.0.1:1",
  });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

const post = (token: string | undefined, body: unknown) =>
  call(h, translate, "/v1/translate", {
    token,
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

describe("engines from the environment", () => {
  it("routes a pair only the LLM serves to it, keeps placeholders, and bills Japanese at weight 3", async () => {
    const org = await h.org();
    const r = await post(org.keys.all?.key, { text: "Hello {name}.", source_lang: "en", target_lang: "ja" });
    expect(r.status).toBe(200);
    const { data } = translateResponse.parse(r.json);
    expect(data.translation).toBe("訳:Hello {name}.");
    expect(data.credits_used).toBe(data.character_count * 3);
    expect(llm.seen).toEqual({ model: "model-standard", auth: "Bearer sk-test" });
  });

  it("still serves Apertium's pairs with the unreachable LibreTranslate left out", async () => {
    const org = await h.org();
    const r = await post(org.keys.all?.key, { text: "The house is big.", source_lang: "en", target_lang: "es" });
    expect(translateResponse.parse(r.json).data.translation).toBe("La casa es grande.");
  });
});
