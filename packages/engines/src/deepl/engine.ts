import { LANGUAGES } from "@tolk/contract";

import { type Engine, EngineError, type LanguagePair } from "../engine";
import {
  EngineHttpError,
  type HttpOptions,
  chunksWithin,
  httpPolicy,
  probeHealth,
  requestJson,
  servedPairsTranslate,
} from "../http";
import { deeplPairs, readDeeplLanguages } from "./languages";

export interface DeeplEngineOptions extends HttpOptions {
  /** The DeepL API key (DEEPL_API_KEY), sent as `Authorization: DeepL-Auth-Key …`. */
  authKey: string;
  /**
   * Server root (DEEPL_URL), e.g. https://api.deepl.com, or any server speaking DeepL's /v2 (a
   * Tolk instance). Default: DeepL Free for a key ending in `:fx`, DeepL Pro otherwise.
   */
  url?: string;
  /** ISO code → DeepL target code for languages with several varieties, e.g. { en: "EN-GB" }. */
  targetVariants?: Readonly<Record<string, string>>;
  /** Languages Tolk knows; DeepL codes that map to none are dropped. Default: the contract's. */
  languages?: readonly { code: string }[];
  /**
   * Whose key this is, as a refusal names it: an organization's own engine says "the
   * organization's DeepL API key", so nobody looks for the fault in the operator's settings.
   */
  keyOwner?: "operator" | "organization";
  /** The engine's name (default "deepl"); an organization's own engine is "deepl:org". */
  name?: string;
  /** Results cached apart from every other engine's (an organization's own key): see Engine.cacheScope. */
  cacheScope?: string;
}

const NAME = "deepl";
/** DeepL takes at most 50 texts per request. */
const MAX_TEXTS = 50;
// DeepL refuses a request body over 128 KiB; JSON-quoted characters are counted, and a
// character is at most 3 bytes of UTF-8 in the scripts DeepL serves, so this stays under it.
const MAX_CHARS = 40_000;

export const DEEPL_FREE_URL = "https://api-free.deepl.com";
export const DEEPL_PRO_URL = "https://api.deepl.com";

/** The server a key belongs to when none is configured: Free keys end in `:fx`. */
export function defaultDeeplUrl(authKey: string): string {
  return authKey.endsWith(":fx") ? DEEPL_FREE_URL : DEEPL_PRO_URL;
}

/**
 * DeepL (or any server speaking its /v2 API) as an engine. Resolves once GET /v2/languages has
 * told which languages it serves (rejects with EngineError when it cannot); a request is one
 * POST /v2/translate per 50 segments. Formality is sent where DeepL says the target supports it.
 * DeepL cannot tell unknown words: null.
 */
export async function createDeeplEngine(options: DeeplEngineOptions): Promise<Engine> {
  const url = deeplServerUrl(options);
  if (!/^https?:\/\//u.test(url)) throw new Error(`deepl: url must be an http(s) URL, got "${options.url}"`);
  if (options.authKey.trim() === "") throw new Error("deepl: an API key is required");
  const name = options.name ?? NAME;
  const policy = httpPolicy(name, options, 30_000);
  const known = new Set((options.languages ?? LANGUAGES).map((l) => l.code));
  const headers = { authorization: `DeepL-Auth-Key ${options.authKey}` };
  const closing = new AbortController();
  const call = plainStatuses(name, options.keyOwner ?? "operator");

  const list = async (type: "source" | "target") => {
    const body = await call(() =>
      requestJson(policy, { method: "GET", url: `${url}/v2/languages?type=${type}`, headers }),
    );
    try {
      return readDeeplLanguages(body, type);
    } catch (err) {
      throw new EngineError(name, err instanceof Error ? err.message : String(err), false);
    }
  };
  const served = deeplPairs(await list("source"), await list("target"), known, options.targetVariants);
  const pairs: readonly LanguagePair[] = served.map((p) => p.pair);

  return {
    name,
    ...(options.cacheScope ? { cacheScope: options.cacheScope } : {}),

    pairs: () => pairs,

    translate: servedPairsTranslate(name, served, closing.signal, async (cores, route, request, signal) => {
      // "prefer_": a target without formality is translated rather than refused.
      const formality = route.formality && request.formality ? { formality: `prefer_${request.formality}` } : {};
      const out: string[] = [];
      for (const text of chunksWithin(cores, MAX_TEXTS, MAX_CHARS)) {
        const answer = await call(() =>
          requestJson(policy, {
            method: "POST",
            url: `${url}/v2/translate`,
            headers,
            // The segments are sentences already: DeepL must neither split nor re-case them.
            body: {
              text,
              source_lang: route.source,
              target_lang: route.target,
              split_sentences: "0",
              preserve_formatting: true,
              ...formality,
            },
            signal,
          }),
        );
        out.push(...readTranslations(name, answer, text.length));
      }
      return out;
    }),

    health: () =>
      probeHealth(() =>
        call(() =>
          requestJson(policy, {
            method: "GET",
            url: `${url}/v2/usage`,
            headers,
            retry: false,
            timeoutMs: Math.min(policy.timeoutMs, 10_000),
          }),
        ),
      ),

    async close() {
      closing.abort();
    },
  };
}

/**
 * DeepL's statuses that mean something for whoever holds the key, said plainly: the key (never
 * part of a message: it travels in a header) is wrong, or the quota is used up. 429 and 5xx keep
 * the shared retry rule of ../http.ts and its message.
 */
function plainStatuses(name: string, keyOwner: "operator" | "organization"): <T>(send: () => Promise<T>) => Promise<T> {
  const key = keyOwner === "organization" ? "the organization's DeepL API key" : "the configured API key";
  const plain: Readonly<Record<number, string>> = {
    401: `DeepL refused ${key}`,
    403: `DeepL refused ${key}`,
    456: "the DeepL account's character quota is used up",
  };
  return async (send) => {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof EngineHttpError) || err.status === null) throw err;
      const message = plain[err.status];
      if (!message) throw err;
      throw new EngineHttpError(name, `${message} (HTTP ${err.status})`, false, err.failure, err.status);
    }
  };
}

/**
 * Asks the server behind `url` (default: the key's own) whether it takes `authKey`: one GET
 * /v2/usage, the cheapest call DeepL authenticates. Resolves when it does; rejects with the
 * EngineError a translation would meet (a refused key is an EngineHttpError with status 403).
 */
export async function checkDeeplKey(
  options: Pick<DeeplEngineOptions, "authKey" | "url" | "timeoutMs" | "keyOwner">,
): Promise<void> {
  const url = deeplServerUrl(options);
  const call = plainStatuses(NAME, options.keyOwner ?? "operator");
  const policy = httpPolicy(NAME, { timeoutMs: options.timeoutMs ?? 10_000 }, 10_000);
  await call(() =>
    requestJson(policy, {
      method: "GET",
      url: `${url}/v2/usage`,
      headers: { authorization: `DeepL-Auth-Key ${options.authKey}` },
      retry: false,
    }),
  );
}

/** The server root a key is sent to: the given URL without a trailing /v2, else the key's default. */
export function deeplServerUrl(options: { authKey: string; url?: string }): string {
  return (options.url ?? defaultDeeplUrl(options.authKey)).replace(/\/+$/u, "").replace(/\/v2$/u, "");
}

/** The texts of a POST /v2/translate answer ({ translations: [{ text }] }), exactly `expected` of them. */
function readTranslations(name: string, body: unknown, expected: number): string[] {
  const list = body && typeof body === "object" ? (body as { translations?: unknown }).translations : undefined;
  const texts = Array.isArray(list)
    ? list
        .map((t: unknown) => (t && typeof t === "object" ? (t as { text?: unknown }).text : undefined))
        .filter((t): t is string => typeof t === "string")
    : [];
  if (Array.isArray(list) && list.length === expected && texts.length === expected) return texts;
  const got = Array.isArray(list) ? `${texts.length} texts` : typeof list;
  throw new EngineError(name, `POST /v2/translate answered ${got}, expected ${expected}`, true);
}
