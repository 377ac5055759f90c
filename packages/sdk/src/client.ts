import { randomUUID } from "node:crypto";

import {
  type UsageQuery,
  batchResponse,
  translateResponse,
  errorBody,
  formatsResponse,
  languagesResponse,
  meResponse,
  quotaResponse,
  usageResponse,
} from "@tolk/contract";
import { type z } from "zod";

export interface TolkClientOptions {
  baseUrl: string;
  /** An API key (`svc_…`) or a session token. */
  token: string;
  /** Retries after 429 and 5xx responses and network errors (default 3). */
  maxRetries?: number;
  /** Upper bound of one backoff wait, in ms (default 30 s). */
  maxBackoffMs?: number;
  fetch?: typeof fetch;
}

/** A non-2xx answer of the API, with the spec's error fields. */
export class TolkApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly type: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = "TolkApiError";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with full jitter, never shorter than the server's Retry-After. */
export function backoffMs(attempt: number, retryAfterSeconds: number | null, maxMs: number): number {
  const exponential = Math.random() * Math.min(maxMs, 500 * 2 ** attempt);
  return Math.min(maxMs, Math.max(exponential, (retryAfterSeconds ?? 0) * 1000));
}

export class TolkClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: TolkClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? fetch;
  }

  me() {
    return this.request("GET", "/v1/me", meResponse);
  }
  quota() {
    return this.request("GET", "/v1/quota", quotaResponse);
  }
  usage(query: UsageQuery = {}) {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string"));
    const qs = params.toString();
    return this.request("GET", `/v1/usage${qs ? `?${qs}` : ""}`, usageResponse);
  }
  languages() {
    return this.request("GET", "/v1/languages", languagesResponse);
  }
  formats() {
    return this.request("GET", "/v1/formats", formatsResponse);
  }
  translate(
    body: { text: string; source_lang: string; target_lang: string; glossary_ids?: string[]; brand_voice_id?: string; tm_id?: string },
    idempotencyKey?: string,
  ) {
    return this.request("POST", "/v1/translate", translateResponse, { body, idempotencyKey });
  }
  translateBatch(
    body: { strings: Record<string, string>; source_lang: string; target_langs: string[]; glossary_ids?: string[]; brand_voice_id?: string; tm_id?: string },
    idempotencyKey?: string,
  ) {
    return this.request("POST", "/v1/translate/batch", batchResponse, { body, idempotencyKey });
  }

  /**
   * One call with retries. A POST gets an Idempotency-Key (the caller's or a new UUID) that
   * stays the same across its retries, so a retried request is never billed twice.
   */
  async request<S extends z.ZodType>(method: string, path: string, schema: S, init: { body?: unknown; idempotencyKey?: string } = {}): Promise<z.infer<S>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.options.token}` };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (method === "POST") headers["Idempotency-Key"] = init.idempotencyKey ?? randomUUID();
    const maxRetries = this.options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(`${this.baseUrl}${path}`, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      } catch (err) {
        if (attempt >= maxRetries) throw err;
        await sleep(backoffMs(attempt, null, this.options.maxBackoffMs ?? 30_000));
        continue;
      }
      if ((res.status === 429 || res.status >= 500) && attempt < maxRetries) {
        const retryAfter = Number(res.headers.get("retry-after"));
        await res.body?.cancel();
        await sleep(backoffMs(attempt, Number.isFinite(retryAfter) ? retryAfter : null, this.options.maxBackoffMs ?? 30_000));
        continue;
      }
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const parsed = errorBody.safeParse(json);
        if (parsed.success) {
          const e = parsed.data.error;
          throw new TolkApiError(res.status, e.code, e.type, e.message, e.request_id);
        }
        throw new TolkApiError(res.status, "unknown", "api_error", `HTTP ${res.status}`, res.headers.get("x-request-id"));
      }
      return schema.parse(json);
    }
  }
}
