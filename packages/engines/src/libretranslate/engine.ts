import { LANGUAGES } from "@tolk/contract";

import { countWords, type Engine, EngineError, type EngineHealth, type LanguagePair, pairKey, type SegmentResult, type TranslateRequest } from "../engine";
import { type HttpOptions, httpPolicy, joinSignals, requestJson, translateCores } from "../http";
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
  const byKey = new Map(served.map((p) => [pairKey(p.pair), p]));
  const pairs: readonly LanguagePair[] = served.map((p) => p.pair);

  return {
    name: NAME,

    pairs: () => pairs,

    async translate(request: TranslateRequest): Promise<SegmentResult[]> {
      const route = byKey.get(pairKey(request.pair));
      if (!route) throw new EngineError(NAME, `unsupported pair ${pairKey(request.pair)}`, false);
      if (closing.signal.aborted) throw new EngineError(NAME, "engine closed", false);
      const signal = joinSignals(closing.signal, request.signal);
      const texts = await translateCores(request.segments, async (q) => {
        const answer = await requestJson(policy, {
          method: "POST",
          url: `${url}/translate`,
          body: { q, source: route.source, target: route.target, format: "text", ...(options.apiKey ? { api_key: options.apiKey } : {}) },
          signal,
        });
        return readTranslated(answer, q.length);
      });
      return texts.map((text, i) => ({ text, unknownWords: null, words: countWords(request.segments[i] ?? "") }));
    },

    async health(): Promise<EngineHealth> {
      try {
        await requestJson(policy, { method: "GET", url: `${url}/languages`, retry: false, timeoutMs: Math.min(policy.timeoutMs, 10_000) });
        return { ok: true };
      } catch (err) {
        return { ok: false, detail: err instanceof Error ? err.message : String(err) };
      }
    },

    async close() {
      closing.abort();
    },
  };
}

/** `translatedText` of a POST /translate answer: an array of `expected` strings (or one string for one). */
function readTranslated(body: unknown, expected: number): string[] {
  const value = body && typeof body === "object" ? (body as { translatedText?: unknown }).translatedText : undefined;
  if (typeof value === "string" && expected === 1) return [value];
  if (Array.isArray(value) && value.length === expected && value.every((v): v is string => typeof v === "string")) return value;
  const got = Array.isArray(value) ? `${value.length} items` : typeof value;
  throw new EngineError(NAME, `POST /translate answered translatedText as ${got}, expected ${expected} strings`, true);
}
