import { LANGUAGES } from "@tolk/contract";

import { type Engine, EngineError, type LanguagePair } from "../engine";
import { type HttpOptions, httpPolicy, probeHealth, requestJson, servedPairsTranslate } from "../http";
import { discoverPairs, type LibrePair, readLanguages } from "./languages";

export interface LibreTranslateOptions extends HttpOptions {
  /** Server root, e.g. http://127.0.0.1:5000 (LIBRETRANSLATE_URL). */
  url: string;
  /** Sent as `api_key` when set. */
  apiKey?: string;
  /** Languages Tolk knows; server codes that map to none are dropped. Default: the contract's. */
  languages?: readonly { code: string }[];
}

const NAME = "libretranslate";

/**
 * A LibreTranslate server as an engine. Resolves once GET /languages has told which pairs it
 * serves (rejects with EngineError when it cannot); each request is one POST /translate with
 * every segment in `q`. LibreTranslate cannot tell unknown words: null.
 */
export async function createLibreTranslateEngine(options: LibreTranslateOptions): Promise<Engine> {
  const url = options.url.replace(/\/+$/u, "");
  if (!/^https?:\/\//u.test(url)) throw new Error(`libretranslate: url must be an http(s) URL, got "${options.url}"`);
  const policy = httpPolicy(NAME, options, 30_000);
  const known = new Set((options.languages ?? LANGUAGES).map((l) => l.code));
  const closing = new AbortController();

  const body = await requestJson(policy, { method: "GET", url: `${url}/languages` });
  let served: LibrePair[];
  try {
    served = discoverPairs(readLanguages(body), known);
  } catch (err) {
    throw new EngineError(NAME, err instanceof Error ? err.message : String(err), false);
  }
  const pairs: readonly LanguagePair[] = served.map((p) => p.pair);

  return {
    name: NAME,

    pairs: () => pairs,

    translate: servedPairsTranslate(NAME, served, closing.signal, async (q, route, _request, signal) => {
      const answer = await requestJson(policy, {
        method: "POST",
        url: `${url}/translate`,
        body: {
          q,
          source: route.source,
          target: route.target,
          format: "text",
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        },
        signal,
      });
      return readTranslated(answer, q.length);
    }),

    health: () =>
      probeHealth(() =>
        requestJson(policy, {
          method: "GET",
          url: `${url}/languages`,
          retry: false,
          timeoutMs: Math.min(policy.timeoutMs, 10_000),
        }),
      ),

    async close() {
      closing.abort();
    },
  };
}

/** `translatedText` of a POST /translate answer: an array of `expected` strings (or one string for one). */
function readTranslated(body: unknown, expected: number): string[] {
  const value = body && typeof body === "object" ? (body as { translatedText?: unknown }).translatedText : undefined;
  if (typeof value === "string" && expected === 1) return [value];
  if (Array.isArray(value) && value.length === expected && value.every((v): v is string => typeof v === "string"))
    return value;
  const got = Array.isArray(value) ? `${value.length} items` : typeof value;
  throw new EngineError(NAME, `POST /translate answered translatedText as ${got}, expected ${expected} strings`, true);
}
