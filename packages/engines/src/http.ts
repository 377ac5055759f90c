// What the HTTP engines (LLM, LibreTranslate, DeepL) share: one rule for timeouts, retries and errors,
// and one rule for the whitespace around a segment.
//
// The rule: every attempt has its own deadline (AbortSignal.timeout). 408, 429, 5xx and network
// errors are retried up to `maxRetries` times with exponential backoff (equal jitter), never
// sooner than the server's Retry-After; a Retry-After longer than `maxRetryDelayMs` fails at
// once (retryable) rather than holding the request. Timeouts are not retried: a server that
// hung once for the whole deadline would make the caller wait twice as long. Other 4xx fail
// at once with `retryable: false`. Every failure is an EngineHttpError.
import { setTimeout as sleep } from "node:timers/promises";

import {
  countWords,
  EngineError,
  type EngineHealth,
  type LanguagePair,
  pairKey,
  type SegmentResult,
  type TranslateRequest,
} from "./engine";

/** The retry and timeout settings an HTTP engine accepts; every field has a default. */
export interface HttpOptions {
  /** Deadline of one HTTP attempt, in milliseconds. */
  timeoutMs?: number;
  /** Extra attempts after the first for 408/429/5xx and network errors. Default 2. */
  maxRetries?: number;
  /** First backoff step; doubles per attempt. Default 250 ms. */
  retryBaseMs?: number;
  /** Longest wait between attempts, Retry-After included. Default 10 s. */
  maxRetryDelayMs?: number;
  /** The fetch to use (default: global fetch). */
  fetch?: typeof fetch;
}

export interface HttpPolicy {
  engine: string;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
  maxRetryDelayMs: number;
  fetch: typeof fetch;
}

export function httpPolicy(engine: string, options: HttpOptions, defaultTimeoutMs: number): HttpPolicy {
  return {
    engine,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    maxRetries: Math.max(0, options.maxRetries ?? 2),
    retryBaseMs: options.retryBaseMs ?? 250,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
    fetch: options.fetch ?? globalThis.fetch,
  };
}

export type HttpFailure = "timeout" | "network" | "status" | "protocol" | "aborted";

/** An HTTP engine call failed; `status` is the HTTP status when the server answered. */
export class EngineHttpError extends EngineError {
  constructor(
    engine: string,
    message: string,
    retryable: boolean,
    readonly failure: HttpFailure,
    readonly status: number | null = null,
  ) {
    super(engine, message, retryable);
    this.name = "EngineHttpError";
  }
}

export interface HttpRequest {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** false: one attempt only (health checks). */
  retry?: boolean;
  /** Overrides the policy's deadline for this request. */
  timeoutMs?: number;
}

type Attempt = { ok: true; value: unknown } | { ok: false; error: EngineHttpError; retryAfterMs: number | null };

/** Sends a JSON request under the policy and returns the parsed JSON body of a 2xx answer. */
export async function requestJson(policy: HttpPolicy, request: HttpRequest): Promise<unknown> {
  const attempts = 1 + (request.retry === false ? 0 : policy.maxRetries);
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(policy, request);
    if (outcome.ok) return outcome.value;
    const { error } = outcome;
    const again = error.retryable && (error.failure === "network" || error.failure === "status");
    if (!again || attempt + 1 >= attempts) throw error;
    const delay = retryDelayMs(policy, attempt, outcome.retryAfterMs);
    if (delay === null) {
      throw new EngineHttpError(
        policy.engine,
        `${error.message}; the server asks to retry after ${Math.ceil((outcome.retryAfterMs ?? 0) / 1000)} s, longer than the ${policy.maxRetryDelayMs} ms this engine waits`,
        true,
        error.failure,
        error.status,
      );
    }
    try {
      await sleep(delay, undefined, { signal: request.signal });
    } catch {
      throw new EngineHttpError(policy.engine, "request aborted", false, "aborted");
    }
  }
}

/**
 * The wait before retry number `attempt + 1`: exponential with equal jitter, at least the
 * server's Retry-After, at most `maxRetryDelayMs`; null when Retry-After exceeds that bound.
 */
export function retryDelayMs(
  policy: Pick<HttpPolicy, "retryBaseMs" | "maxRetryDelayMs">,
  attempt: number,
  retryAfterMs: number | null,
): number | null {
  if (retryAfterMs !== null && retryAfterMs > policy.maxRetryDelayMs) return null;
  const step = policy.retryBaseMs * 2 ** attempt;
  const jittered = step / 2 + Math.random() * (step / 2);
  return Math.min(policy.maxRetryDelayMs, Math.max(jittered, retryAfterMs ?? 0));
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function attemptOnce(policy: HttpPolicy, request: HttpRequest): Promise<Attempt> {
  const timeoutMs = request.timeoutMs ?? policy.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const where = `${request.method} ${describeUrl(request.url)}`;
  const fail = (
    message: string,
    retryable: boolean,
    failure: HttpFailure,
    status: number | null = null,
    retryAfterMs: number | null = null,
  ): Attempt => ({
    ok: false,
    error: new EngineHttpError(policy.engine, message, retryable, failure, status),
    retryAfterMs,
  });

  let response: Response;
  let text: string;
  try {
    response = await policy.fetch(request.url, {
      method: request.method,
      headers: {
        accept: "application/json",
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
    text = await response.text();
  } catch (err) {
    if (request.signal?.aborted) return fail(`${where}: request aborted`, false, "aborted");
    if (timeout.aborted) return fail(`${where}: timed out after ${timeoutMs} ms`, true, "timeout");
    return fail(`${where}: ${networkReason(err)}`, true, "network");
  }

  const { status } = response;
  if (status >= 200 && status < 300) {
    try {
      return { ok: true, value: text === "" ? null : (JSON.parse(text) as unknown) };
    } catch {
      return fail(`${where}: HTTP ${status} with a body that is not JSON: ${excerpt(text)}`, true, "protocol", status);
    }
  }
  const message = `${where}: HTTP ${status}${errorDetail(text)}`;
  if (status === 408 || status === 429 || status >= 500) {
    return fail(message, true, "status", status, parseRetryAfter(response.headers.get("retry-after")));
  }
  return fail(message, false, "status", status);
}

/** The URL without its query string (no credential or text ends up in a log line). */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function networkReason(err: unknown): string {
  if (err instanceof Error) {
    const cause: unknown = err.cause;
    if (cause && typeof cause === "object") {
      const code = "code" in cause && typeof cause.code === "string" ? cause.code : null;
      const message = "message" in cause && typeof cause.message === "string" ? cause.message : null;
      if (code ?? message) return `${err.message} (${code ?? message})`;
    }
    return err.message;
  }
  return String(err);
}

/** The server's own words about an error: `error.message`, `error` or `message`, else the body. */
function errorDetail(text: string): string {
  if (text.trim() === "") return "";
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === "object") {
      const record = body as Record<string, unknown>;
      const error = record.error;
      if (typeof error === "string") return `: ${excerpt(error)}`;
      if (error && typeof error === "object" && typeof (error as Record<string, unknown>).message === "string") {
        return `: ${excerpt(String((error as Record<string, unknown>).message))}`;
      }
      if (typeof record.message === "string") return `: ${excerpt(record.message)}`;
    }
  } catch {
    // not JSON: show the text itself
  }
  return `: ${excerpt(text)}`;
}

function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The engine's own abort signal (closed) joined with the caller's, when there is one. */
export function joinSignals(own: AbortSignal, caller: AbortSignal | undefined): AbortSignal {
  return caller ? AbortSignal.any([own, caller]) : own;
}

const EDGES = /^(\s*)([\s\S]*?)(\s*)$/u;

/**
 * Sends only the text between a segment's leading and trailing whitespace to `translate`, and
 * puts the whitespace back around each translation. Blank segments are returned as they are and
 * never sent; when every segment is blank, `translate` is not called. Remote engines trim or
 * add spaces freely; the caller's layout must not depend on them.
 */
export async function translateCores(
  segments: readonly string[],
  translate: (cores: string[]) => Promise<string[]>,
): Promise<string[]> {
  const parts = segments.map((segment) => {
    const match = EDGES.exec(segment);
    return { lead: match?.[1] ?? "", core: match?.[2] ?? segment, trail: match?.[3] ?? "" };
  });
  const cores = parts.filter((part) => part.core !== "").map((part) => part.core);
  const translated = cores.length === 0 ? [] : await translate(cores);
  let next = 0;
  return parts.map((part) => {
    if (part.core === "") return part.lead + part.trail;
    const text = translated[next++] ?? "";
    return part.lead + text.trim() + part.trail;
  });
}

/** Consecutive chunks of at most `maxCount` segments and `maxChars` characters (JSON-quoted), never empty. */
export function chunksWithin(segments: readonly string[], maxCount: number, maxChars: number): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let chars = 0;
  for (const segment of segments) {
    const cost = JSON.stringify(segment).length + 1;
    if (chunk.length > 0 && (chunk.length >= maxCount || chars + cost > maxChars)) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(segment);
    chars += cost;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * The translate() of an engine that serves the fixed list of pairs its server announced
 * (LibreTranslate, DeepL): a pair it does not serve, or a call after close, is refused; the
 * caller's abort joins the engine's own; only the segments' cores are sent (translateCores); and
 * such a server cannot tell unknown words (null). `send` translates the cores along the pair's
 * route, as the server names it.
 */
export function servedPairsTranslate<R extends { pair: LanguagePair }>(
  engine: string,
  served: readonly R[],
  closing: AbortSignal,
  send: (cores: string[], route: R, request: TranslateRequest, signal: AbortSignal) => Promise<string[]>,
): (request: TranslateRequest) => Promise<SegmentResult[]> {
  const byKey = new Map(served.map((route) => [pairKey(route.pair), route]));
  return async (request) => {
    const route = byKey.get(pairKey(request.pair));
    if (!route) throw new EngineError(engine, `unsupported pair ${pairKey(request.pair)}`, false);
    if (closing.aborted) throw new EngineError(engine, "engine closed", false);
    const signal = joinSignals(closing, request.signal);
    const texts = await translateCores(request.segments, (cores) => send(cores, route, request, signal));
    return texts.map((text, i) => ({ text, unknownWords: null, words: countWords(request.segments[i] ?? "") }));
  };
}

/** Health from one cheap request to the server: up when it answers, down with the reason when not. */
export async function probeHealth(probe: () => Promise<unknown>): Promise<EngineHealth> {
  try {
    await probe();
    return { ok: true };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}
