import { randomUUID } from "node:crypto";

import { type Scope } from "@tolk/contract";
import {
  type Bucket,
  type Principal,
  type RateLimitDecision,
  abandonIdempotentRequest,
  assertAllowed,
  authenticate,
  beginIdempotentRequest,
  completeIdempotentRequest,
  hasAnyScope,
  insufficientScope,
  internalError,
  isTolkError,
  requestFingerprint,
  type TolkError,
} from "@tolk/domain";
import { type z } from "zod";

import { type AppContext, getAppContext } from "../context";
import { type RequestNote, logServerError, observeV1 } from "./observe";
import { baseHeaders, errorBody, errorResponse, jsonTextResponse } from "./respond";
import { MAX_JSON_BODY_BYTES, clientAddress, parseJsonBody, parseQuery, readBodyBytes } from "./request-input";

export interface RouteInput {
  req: Request;
  url: URL;
  app: AppContext;
  principal: Principal;
  requestId: string;
  params: Record<string, string | string[] | undefined>;
  startedAt: number;
  /** The parsed JSON body (400 on invalid JSON or schema). */
  body: <T>(schema: z.ZodType<T>) => T;
  query: <T>(schema: z.ZodType<T>) => T;
  rawBody: Uint8Array;
}

export interface RouteResult {
  status?: number;
  data?: unknown;
  meta?: Record<string, unknown>;
  /** A file instead of the JSON envelope (exports); the usual headers still apply. */
  file?: { body: string; contentType: string; filename: string };
  /** A response that is not the JSON envelope (a file download); it gets the base headers. */
  raw?: Response;
}

export interface MethodSpec {
  /** Any one of these scopes admits the request; empty = any authenticated caller. */
  scopes: readonly Scope[];
  /** Rate-limit buckets besides `api`, which every request takes from. */
  buckets?: readonly Bucket[];
  /** 404/405 answers: an unauthenticated caller gets them too, not a 401. */
  public?: boolean;
  maxBodyBytes?: number;
  /** The error for a body over maxBodyBytes (default 413 payload_too_large). */
  bodyTooLarge?: (maxBytes: number) => TolkError;
  handler(input: RouteInput): Promise<RouteResult>;
}

type Params = Record<string, string | string[] | undefined>;
export interface RouteContext {
  params: Promise<Params>;
}

/**
 * Every /v1 request, in one place: authenticate → authorize scope → rate limit → read body →
 * idempotency → use case → envelope. Every response, error or not, carries the request id
 * and, from the rate-limit step on, the X-RateLimit-* headers.
 */
export function runV1(req: Request, ctx: RouteContext | undefined, spec: MethodSpec): Promise<Response> {
  const requestId = randomUUID();
  // Shutdown refusal, the trace span, the access-log line and the metrics (observe.ts).
  return observeV1(req, requestId, ctx?.params, (err) => errorResponse(err as TolkError, requestId, baseHeaders(requestId, null)), (note) =>
    handleV1(req, ctx, spec, requestId, note),
  );
}

async function handleV1(req: Request, ctx: RouteContext | undefined, spec: MethodSpec, requestId: string, note: RequestNote): Promise<Response> {
  const startedAt = performance.now();
  let limit: RateLimitDecision | null = null;
  let idempotency: { orgId: string; key: string } | null = null;
  let app: AppContext | null = null;
  try {
    app = await getAppContext();
    const principal = await identify(app, req, spec, (d) => (limit = d));
    note.principal = principal;
    const scopeOk = principal ? hasAnyScope(principal, spec.scopes) : true;
    if (principal) {
      // A request refused for its scope still counts against `api`, but not the route's bucket.
      limit = await app.limiter.consume(principal, scopeOk ? (spec.buckets ?? []) : []);
      assertAllowed(limit);
    }
    if (!scopeOk) throw insufficientScope(spec.scopes);

    const url = new URL(req.url);
    const hasBody = req.method === "POST" || req.method === "PUT" || req.method === "PATCH";
    const rawBody = hasBody ? await readBodyBytes(req, spec.maxBodyBytes ?? MAX_JSON_BODY_BYTES, spec.bodyTooLarge) : new Uint8Array();

    const idemKey = req.headers.get("idempotency-key");
    if (principal && req.method === "POST" && idemKey !== null) {
      const start = await beginIdempotentRequest(app.domain, {
        orgId: principal.org.id,
        key: idemKey,
        fingerprint: requestFingerprint(req.method, url.pathname, rawBody),
      });
      if (start.kind === "replay") {
        // The stored text is sent as it was; its request id (the original request's) is the
        // X-Request-Id too, so header and body agree on a replay as on every response.
        const headers = baseHeaders(storedRequestId(start.body) ?? requestId, limit);
        headers.set("Idempotent-Replayed", "true");
        return jsonTextResponse(start.status, start.body, headers);
      }
      idempotency = { orgId: principal.org.id, key: idemKey };
    }

    const params = (await ctx?.params) ?? {};
    const result = await spec.handler({
      req,
      url,
      app,
      principal: principal as Principal,
      requestId,
      params,
      startedAt,
      rawBody,
      body: (schema) => parseJsonBody(rawBody, schema),
      query: (schema) => parseQuery(url, schema),
    });
    if (result.raw) {
      for (const [name, value] of baseHeaders(requestId, limit)) if (!result.raw.headers.has(name)) result.raw.headers.set(name, value);
      return result.raw;
    }
    const status = result.status ?? 200;
    if (result.file) return fileResponse(status, result.file, baseHeaders(requestId, limit));
    const text = JSON.stringify({ data: result.data, meta: { request_id: requestId, ...result.meta } });
    if (idempotency) await completeIdempotentRequest(app.domain, { ...idempotency, status, body: text });
    return jsonTextResponse(status, text, baseHeaders(requestId, limit));
  } catch (err) {
    const known = isTolkError(err);
    const tolkError = known ? err : internalError();
    if (tolkError.status >= 500) logServerError(requestId, err);
    if (idempotency && app) {
      // Input errors are answers worth replaying; server failures free the key for a retry.
      if (tolkError.status >= 500) await abandonIdempotentRequest(app.domain, idempotency).catch(() => undefined);
      else {
        const body = JSON.stringify(errorBody(tolkError, requestId));
        await completeIdempotentRequest(app.domain, { ...idempotency, status: tolkError.status, body }).catch(() => undefined);
      }
    }
    return errorResponse(tolkError, requestId, baseHeaders(requestId, limit));
  }
}

function fileResponse(status: number, file: NonNullable<RouteResult["file"]>, headers: Headers): Response {
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Disposition", `attachment; filename="${file.filename.replace(/[^\w.-]/gu, "_")}"`);
  return new Response(file.body, { status, headers });
}

function storedRequestId(text: string): string | null {
  try {
    const body = JSON.parse(text) as { meta?: { request_id?: unknown }; error?: { request_id?: unknown } };
    const id = body.meta?.request_id ?? body.error?.request_id;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

/** Authenticates; a failure is rate limited per client address before it is answered. */
async function identify(
  app: AppContext,
  req: Request,
  spec: MethodSpec,
  onLimit: (d: RateLimitDecision) => void,
): Promise<Principal | null> {
  try {
    return await authenticate(app.domain, app.auth, req.headers.get("authorization"));
  } catch (err) {
    if (!isTolkError(err) || err.status !== 401) throw err;
    const decision = await app.limiter.consumeAnonymous(clientAddress(req, app.env.TOLK_PROXY_HOPS));
    onLimit(decision);
    assertAllowed(decision);
    if (spec.public) return null;
    throw err;
  }
}
