import { APIError, ConnectionError, TimeoutError, TolkError, errorFromResponse } from "./errors";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, isRetryableStatus, retryDelayMs, serverWaitSeconds } from "./retry";
import { randomUUID } from "./uuid";
import { USER_AGENT } from "./version";

/** Options of one call; each overrides the client's. */
export interface RequestOptions {
  /** Sent as `Idempotency-Key` on a POST, the same on every retry (default: a new UUID per call). */
  idempotencyKey?: string;
  /** Per attempt, until the whole answer is read (default: the client's, 60 s). */
  timeoutMs?: number;
  /** Cancels the call, its retries and their waits; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  maxRetries?: number;
  headers?: Record<string, string>;
}

/** What a retry is about to wait for, and why. */
export interface RetryEvent {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  /** The failure of the attempt before. */
  error: TolkError;
  /** The Idempotency-Key the retry sends again (POST). */
  idempotencyKey: string | null;
}

export interface TransportOptions extends Partial<RetryPolicy> {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  onRetry?: (event: RetryEvent) => void;
}

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface ApiRequest {
  method: Method;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, or a multipart form (re-sent as it is on a retry). */
  body?: unknown;
  headers?: Record<string, string>;
  options?: RequestOptions;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * One HTTP call to /v1 with its retries: 429, 5xx, 408, 409 `idempotency_conflict`, connection
 * failures and timeouts are tried again after a backoff that honours the server's
 * `Retry-After` / `X-RateLimit-Reset`; a POST keeps one `Idempotency-Key` throughout, so a
 * retried request runs (and is billed) once.
 */
export class Transport {
  private readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.policy = {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      initialRetryDelayMs: options.initialRetryDelayMs ?? DEFAULT_RETRY_POLICY.initialRetryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULT_RETRY_POLICY.maxRetryDelayMs,
      maxServerWaitMs: options.maxServerWaitMs ?? DEFAULT_RETRY_POLICY.maxServerWaitMs,
    };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // Called through globalThis at each request: a fetch captured unbound fails in browsers ("Illegal invocation").
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** A call whose success is the JSON envelope. */
  json<T>(req: ApiRequest): Promise<ApiResponse<T>> {
    return this.send(req, "application/json", async (res) => {
      const text = await res.text();
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new TolkError(`The answer (HTTP ${res.status}) is not JSON.`, {
          code: "invalid_response",
          status: res.status,
          request_id: res.headers.get("x-request-id"),
        });
      }
    });
  }

  /** A call whose success is a file. */
  bytes(req: ApiRequest): Promise<ApiResponse<Uint8Array>> {
    return this.send(req, "*/*", async (res) => new Uint8Array(await res.arrayBuffer()));
  }

  private async send<T>(req: ApiRequest, accept: string, read: (res: Response) => Promise<T>): Promise<ApiResponse<T>> {
    const opts = req.options ?? {};
    const url = this.url(req);
    const idempotencyKey = req.method === "POST" ? (opts.idempotencyKey ?? randomUUID()) : null;
    const headers = this.headers(req, accept, idempotencyKey);
    const body =
      req.body === undefined ? undefined : req.body instanceof FormData ? req.body : JSON.stringify(req.body);
    const maxRetries = opts.maxRetries ?? this.policy.maxRetries;
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    for (let retry = 0; ; retry++) {
      const outcome = await this.attempt(url, { method: req.method, headers, body }, timeoutMs, opts.signal, read);
      if (outcome.ok) return outcome.response;
      const { error, serverWait } = outcome;
      if (!isRetryable(error) || retry >= maxRetries) throw error;
      // Waiting less than the server asks would only be refused again; longer than the caller allows, fail now with the wait.
      if (serverWait !== null && serverWait * 1000 > this.policy.maxServerWaitMs) throw error;
      const delayMs = retryDelayMs(retry, serverWait, this.policy);
      this.options.onRetry?.({ method: req.method, path: req.path, retry: retry + 1, delayMs, error, idempotencyKey });
      await sleep(delayMs, opts.signal);
    }
  }

  private async attempt<T>(
    url: string,
    init: { method: Method; headers: Headers; body: string | FormData | undefined },
    timeoutMs: number,
    signal: AbortSignal | undefined,
    read: (res: Response) => Promise<T>,
  ): Promise<{ ok: true; response: ApiResponse<T> } | { ok: false; error: TolkError; serverWait: number | null }> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", forwardAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const res = await this.fetchImpl(url, { ...init, signal: controller.signal });
      if (res.ok) return { ok: true, response: { status: res.status, headers: res.headers, body: await read(res) } };
      const serverWait = serverWaitSeconds(res.status, res.headers);
      const text = await res.text();
      return { ok: false, error: errorFromResponse(res.status, res.headers, parseJson(text), serverWait), serverWait };
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) return { ok: false, error: new TimeoutError(timeoutMs), serverWait: null };
      if (err instanceof TolkError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      return {
        ok: false,
        error: new ConnectionError(`The request to ${url} failed: ${message}`, err),
        serverWait: null,
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", forwardAbort);
    }
  }

  private url(req: ApiRequest): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(req.query ?? {})) if (value !== undefined) params.set(key, String(value));
    const qs = params.toString();
    return `${this.baseUrl}${req.path}${qs ? `?${qs}` : ""}`;
  }

  private headers(req: ApiRequest, accept: string, idempotencyKey: string | null): Headers {
    const headers = new Headers({ ...this.options.headers, ...req.headers, ...req.options?.headers });
    headers.set("Authorization", `Bearer ${this.options.token}`);
    headers.set("User-Agent", USER_AGENT);
    headers.set("Accept", accept);
    // A FormData body sets its own multipart Content-Type with the boundary.
    if (req.body !== undefined && !(req.body instanceof FormData)) headers.set("Content-Type", "application/json");
    if (idempotencyKey !== null) headers.set("Idempotency-Key", idempotencyKey);
    return headers;
  }
}

function isRetryable(error: TolkError): boolean {
  if (error instanceof APIError) return isRetryableStatus(error.status, error.code);
  return error instanceof ConnectionError || error instanceof TimeoutError;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
