import { LANGUAGES } from "@tolk/contract";

import {
  countWords,
  type Engine,
  EngineError,
  type EngineHealth,
  type LanguagePair,
  type SegmentResult,
  type TranslateRequest,
  type TranslationContext,
} from "../engine";
import {
  EngineHttpError,
  type HttpOptions,
  chunksWithin,
  httpPolicy,
  joinSignals,
  requestJson,
  translateCores,
} from "../http";
import { type LlmModels, resolveModel } from "./models";
import { parseSingle, parseTranslations } from "./parse";
import { type PromptLanguage, fitContext, systemPrompt, userContent } from "./prompt";

export interface LlmEngineOptions extends HttpOptions {
  /** OpenAI-compatible API root, e.g. https://api.openai.com/v1 (LLM_BASE_URL). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (LLM_API_KEY). */
  apiKey?: string;
  /** One model per tier (LLM_MODEL_MINI|STANDARD|PREMIUM); at least one. */
  models: LlmModels;
  /** The languages served, every ordered pair among them. Default: the contract's LANGUAGES. */
  languages?: readonly PromptLanguage[];
  /** Segments per chat completion; a larger request is cut into several calls. Default 64. */
  maxSegmentsPerCall?: number;
  /** Chat completions in flight at once when segments go one by one. Default 4. */
  fallbackConcurrency?: number;
  /**
   * Characters of prompt one call may carry (system prompt, context and segments; the answer is
   * about as long as the segments): a larger request is cut into several calls. Default 24 000
   * (roughly 6 000 tokens in, as many out: inside an 16k-token context window).
   */
  maxPromptChars?: number;
}

const NAME = "llm";

/**
 * A translation engine on any OpenAI-compatible chat-completions endpoint. All segments of a
 * request go in one call (up to `maxSegmentsPerCall`) as a JSON array, and the model answers with
 * an array of the same length. An answer that cannot be read (invalid JSON, wrong count) is
 * asked again once; if the second answer fails too, the segments go one call each. HTTP
 * failures follow the shared rule of ../http.ts. An LLM cannot tell unknown words: null.
 */
export function createLlmEngine(options: LlmEngineOptions): Engine {
  const baseUrl = options.baseUrl.replace(/\/+$/u, "");
  if (!/^https?:\/\//u.test(baseUrl)) throw new Error(`llm: baseUrl must be an http(s) URL, got "${options.baseUrl}"`);
  const models = { ...options.models };
  const cheapest = resolveModel(models, "mini");
  if (!cheapest) throw new Error("llm: configure at least one model (mini, standard or premium)");
  const policy = httpPolicy(NAME, options, 60_000);
  const maxPerCall = Math.max(1, options.maxSegmentsPerCall ?? 64);
  const maxPromptChars = Math.max(2_000, options.maxPromptChars ?? 24_000);
  const concurrency = Math.max(1, options.fallbackConcurrency ?? 4);
  const languages = new Map((options.languages ?? LANGUAGES).map((l) => [l.code, { code: l.code, name: l.name }]));
  const closing = new AbortController();

  let pairs: LanguagePair[] | null = null;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  async function complete(model: string, system: string, user: string, signal: AbortSignal): Promise<string | null> {
    const body = await requestJson(policy, {
      method: "POST",
      url: `${baseUrl}/chat/completions`,
      headers,
      body: {
        model,
        temperature: 0,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
      },
      signal,
    });
    return messageContent(body);
  }

  async function translateChunk(
    chunk: string[],
    model: string,
    source: PromptLanguage,
    target: PromptLanguage,
    instructions: string | undefined,
    context: TranslationContext | undefined,
    signal: AbortSignal,
  ): Promise<string[]> {
    const system = systemPrompt(source, target, chunk.length, instructions, context);
    const user = userContent(chunk);
    for (let attempt = 0; attempt < 2; attempt++) {
      const content = await complete(model, system, user, signal);
      const list = content === null ? null : parseTranslations(content, chunk.length);
      if (list) return list;
    }
    // Two unreadable answers: one segment per call, read leniently.
    const single = systemPrompt(source, target, 1, instructions, context);
    return mapLimit(chunk, concurrency, async (segment) => {
      const content = await complete(model, single, userContent([segment]), signal);
      const text = content === null ? null : parseSingle(content);
      if (text === null) throw new EngineError(NAME, `model ${model} gave no readable translation for a segment`, true);
      return text;
    });
  }

  return {
    name: NAME,

    pairs() {
      if (!pairs) {
        const codes = [...languages.keys()];
        pairs = codes.flatMap((source) =>
          codes.filter((target) => target !== source).map((target) => ({ source, target })),
        );
      }
      return pairs;
    },

    async translate(request: TranslateRequest): Promise<SegmentResult[]> {
      const source = languages.get(request.pair.source);
      const target = languages.get(request.pair.target);
      if (!source || !target || source.code === target.code) {
        throw new EngineError(NAME, `unsupported pair ${request.pair.source}-${request.pair.target}`, false);
      }
      const chosen = resolveModel(models, request.tier);
      if (!chosen) throw new EngineError(NAME, "no model configured", false);
      if (closing.signal.aborted) throw new EngineError(NAME, "engine closed", false);
      const signal = joinSignals(closing.signal, request.signal);
      // The context gets at most a quarter of the prompt; the segments fill the rest, each call
      // as many as fit (at least one), since the answer repeats them translated.
      const context = fitContext(request.context, Math.floor(maxPromptChars / 4));
      const fixed = systemPrompt(source, target, maxPerCall, request.instructions, context).length;
      const segmentBudget = Math.max(1, Math.floor((maxPromptChars - fixed) / 2));
      const texts = await translateCores(request.segments, async (cores) => {
        const out: string[] = [];
        for (const chunk of chunksWithin(cores, maxPerCall, segmentBudget)) {
          out.push(
            ...(await translateChunk(chunk, chosen.model, source, target, request.instructions, context, signal)),
          );
        }
        return out;
      });
      return texts.map((text, i) => ({ text, unknownWords: null, words: countWords(request.segments[i] ?? "") }));
    },

    async health(): Promise<EngineHealth> {
      const timeoutMs = Math.min(policy.timeoutMs, 10_000);
      try {
        const body = await requestJson(policy, {
          method: "GET",
          url: `${baseUrl}/models`,
          headers,
          retry: false,
          timeoutMs,
        });
        const listed = listedModels(body);
        const configured = [...new Set(Object.values(models).filter((m): m is string => Boolean(m)))];
        const missing = listed ? configured.filter((m) => !listed.has(m)) : [];
        return missing.length > 0
          ? { ok: true, detail: `not listed by ${baseUrl}/models: ${missing.join(", ")}` }
          : { ok: true };
      } catch (err) {
        // Some compatible servers have no /models: a one-token completion tells instead.
        if (!(err instanceof EngineHttpError) || (err.status !== 404 && err.status !== 405)) {
          return { ok: false, detail: errorMessage(err) };
        }
      }
      try {
        await requestJson(policy, {
          method: "POST",
          url: `${baseUrl}/chat/completions`,
          headers,
          body: { model: cheapest.model, temperature: 0, max_tokens: 1, messages: [{ role: "user", content: "ping" }] },
          retry: false,
          timeoutMs,
        });
        return { ok: true };
      } catch (err) {
        return { ok: false, detail: errorMessage(err) };
      }
    },

    async close() {
      closing.abort();
    },
  };
}

/** `choices[0].message.content` of a chat completion, or null when the answer has none. */
function messageContent(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return null;
  const first: unknown = choices[0];
  if (!first || typeof first !== "object") return null;
  const message = (first as { message?: unknown }).message;
  if (!message || typeof message !== "object") return null;
  const content = (message as { content?: unknown }).content;
  return typeof content === "string" ? content : null;
}

/** The model ids of a GET /models answer ({ data: [{ id }] }), or null when it has no list. */
function listedModels(body: unknown): Set<string> | null {
  if (!body || typeof body !== "object") return null;
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return null;
  const ids = data
    .map((item: unknown) => (item && typeof item === "object" ? (item as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === "string");
  return new Set(ids);
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `fn` over `items` with at most `limit` calls in flight; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (err) {
        failed = true; // the others stop taking items
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
