import { type ApertiumEngineOptions, createApertiumEngine } from "./apertium/apertium-engine";
import { type DeeplEngineOptions, createDeeplEngine } from "./deepl";
import { type Engine } from "./engine";
import { type LibreTranslateOptions, createLibreTranslateEngine } from "./libretranslate";
import { type LlmEngineOptions, createLlmEngine } from "./llm";
import { type EngineRouteRule, EngineRouter } from "./router";

export interface EnginesConfig {
  /** The embedded default; `false` turns it off. */
  apertium?: ApertiumEngineOptions | false;
  llm?: LlmEngineOptions;
  libretranslate?: LibreTranslateOptions;
  deepl?: DeeplEngineOptions;
  /** TOLK_ENGINE_ROUTES: which engine serves which pairs, before the default preference. */
  routes?: readonly EngineRouteRule[];
}

export interface Engines {
  router: EngineRouter;
  engines: Engine[];
  close(): Promise<void>;
}

/**
 * Starts every configured engine. An engine that cannot start (LibreTranslate or DeepL
 * unreachable, a refused DeepL key, Apertium missing) is reported through `warn` and left out: the service still starts and
 * serves the pairs of the others, and unserved pairs answer 400 unsupported_language_pair.
 */
export async function createEngines(
  config: EnginesConfig,
  warn: (message: string) => void = () => {},
): Promise<Engines> {
  const engines: Engine[] = [];
  if (config.apertium !== false) {
    const apertium = await createApertiumEngine(config.apertium ?? {});
    if (apertium.pairs().length === 0) {
      const health = await apertium.health();
      warn(`Apertium serves no pairs: ${health.detail ?? "unknown reason"}`);
    }
    engines.push(apertium);
  }
  if (config.libretranslate) {
    try {
      engines.push(await createLibreTranslateEngine(config.libretranslate));
    } catch (err) {
      warn(
        `LibreTranslate at ${config.libretranslate.url} is left out: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (config.deepl) {
    try {
      engines.push(await createDeeplEngine(config.deepl));
    } catch (err) {
      warn(
        `DeepL at ${config.deepl.url ?? "its default URL"} is left out: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (config.llm) engines.push(createLlmEngine(config.llm));
  return {
    router: new EngineRouter(engines, config.routes),
    engines,
    close: async () => {
      await Promise.all(engines.map((e) => e.close()));
    },
  };
}
