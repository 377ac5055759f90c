// The HTTP engines with this app as their upstream, over real HTTP: the DeepL engine against
// Tolk's own /v2 and the LibreTranslate engine against Tolk's own /libretranslate, served on a
// local port and backed by the real database and Apertium. The upstream bills what its key's
// organization translated; its refusals (bad key, used-up credits) reach the engine as the
// engine errors an operator can act on.
import { enginesConfig } from "@tolk/platform";
import {
  createDeeplEngine,
  createEngines,
  createLibreTranslateEngine,
  type Engine,
  EngineHttpError,
} from "@tolk/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readEnv } from "@/env";

import { type Harness, rejection, serveRoutes, startApp } from "./helpers";
import { DEEPL_ROUTES, LIBRETRANSLATE_ROUTES, deeplCharacterCount } from "./upstream";

let h: Harness;
let upstream: Awaited<ReturnType<typeof serveRoutes>>;
beforeAll(async () => {
  h = await startApp();
  upstream = await serveRoutes(h, { ...DEEPL_ROUTES, ...LIBRETRANSLATE_ROUTES });
});
afterAll(async () => {
  await upstream.close();
  await h.close();
});

const usage = async (key: string) => ({ character_count: await deeplCharacterCount(h, key) });

const SOURCES = ["The house is big.", "I have a car."];
const SPANISH = ["La casa es grande.", "Tengo un coche."];
// Credits are output characters (Latin script: weight 1).
const CREDITS = SPANISH.join("").length;

describe("DeepL engine → Tolk's /v2", () => {
  let key: string;
  let deepl: Engine;
  beforeAll(async () => {
    key = (await h.org()).keys.all?.key ?? "";
    deepl = await createDeeplEngine({ authKey: key, url: upstream.url });
  });

  it("learns the upstream's pairs and translates en→es through it, billed once on the upstream", async () => {
    expect(deepl.pairs()).toContainEqual({ source: "en", target: "es" });
    const results = await deepl.translate({ pair: { source: "en", target: "es" }, segments: SOURCES });
    expect(results.map((r) => r.text)).toEqual(SPANISH);
    expect((await usage(key)).character_count).toBe(CREDITS);
    expect(await deepl.health()).toEqual({ ok: true });
  });

  it("reports a refused key and used-up credits in plain words, without the key", async () => {
    const wrong = await rejection(createDeeplEngine({ authKey: "svc_not_a_key", url: upstream.url }));
    expect(wrong).toMatchObject({
      message: "deepl: DeepL refused the configured API key (HTTP 403)",
      retryable: false,
    });
    const poor = await h.org({ plan: "enterprise", limits: { monthly_credits: 5 } });
    const poorKey = poor.keys.all?.key ?? "";
    const engine = await createDeeplEngine({ authKey: poorKey, url: `${upstream.url}/v2/` });
    const err = await rejection(engine.translate({ pair: { source: "en", target: "es" }, segments: SOURCES }));
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({
      status: 456,
      retryable: false,
      message: "deepl: the DeepL account's character quota is used up (HTTP 456)",
    });
    expect(String(err)).not.toContain(poorKey);
  });

  it("is configured from the environment and takes the pairs TOLK_ENGINE_ROUTES gives it", async () => {
    const env = readEnv({
      TOLK_APERTIUM: "0",
      DEEPL_API_KEY: key,
      DEEPL_URL: upstream.url,
      DEEPL_TARGET_VARIANTS: "en:EN-GB",
      TOLK_ENGINE_ROUTES: "*-es=deepl",
    });
    const engines = await createEngines({
      ...enginesConfig(env),
      libretranslate: { url: `${upstream.url}/libretranslate`, apiKey: key },
    });
    try {
      expect(engines.router.describe("en", "es")?.engine).toBe("deepl");
      expect(engines.router.describe("es", "en")?.engine).toBe("libretranslate");
    } finally {
      await engines.close();
    }
  });
});

describe("LibreTranslate engine → Tolk's /libretranslate", () => {
  it("learns the pairs from the public /languages and translates en→es with the key in api_key, billed on the upstream", async () => {
    const key = (await h.org()).keys.all?.key ?? "";
    const libre = await createLibreTranslateEngine({ url: `${upstream.url}/libretranslate`, apiKey: key });
    expect(libre.pairs()).toContainEqual({ source: "en", target: "es" });
    const results = await libre.translate({ pair: { source: "en", target: "es" }, segments: SOURCES });
    expect(results.map((r) => r.text)).toEqual(SPANISH);
    expect((await usage(key)).character_count).toBe(CREDITS);
    const refused = await rejection(
      createLibreTranslateEngine({ url: `${upstream.url}/libretranslate`, apiKey: "svc_wrong" }).then((e) =>
        e.translate({ pair: { source: "en", target: "es" }, segments: ["Hello"] }),
      ),
    );
    expect(refused).toMatchObject({ status: 403, retryable: false });
  });
});
