import { type Scope } from "@tolk/contract";
import {
  type Bucket,
  type Principal,
  type RateLimitDecision,
  assertAllowed,
  authenticate,
  beginIdempotentRequest,
  completeIdempotentRequest,
  databaseUnavailable,
  type IdempotencyClaim,
  hasAnyScope,
  insufficientScope,
  internalError,
  isDatabaseUnavailable,
  isTolkError,
  logger,
  releaseIdempotentRequest,
  renewIdempotentRequest,
  requestFingerprint,
  retryOnceIfConnectionLost,
  retryWhileConnectionLost,
  type TolkError,
  unauthorized,
} from "@tolk/domain";
import { type z } from "zod";

import { type AppContext, getAppContext } from "../context";
import { currentRequestId } from "./edge-context";
import { type RequestNote, logServerError, observeV1 } from "./observe";
import { apiActor } from "./request-log";
import { baseHeaders, errorBody, errorResponse, jsonTextResponse } from "./respond";
import {
  MAX_JSON_BODY_BYTES,
  clientAddress,
  nulCharacter,
  parseJsonBody,
  parseQuery,
  readBodyBytes,
} from "./request-input";

/** What a handler gets; `P` is the caller, `Principal | null` on a public route (see MethodSpec). */
export interface RouteInput<P extends Principal | null = Principal> {
  req: Request;
  url: URL;
  app: AppContext;
  principal: P;
  /**
   * The id the work is recorded and billed under: this request's, or on a retry with an
   * Idempotency-Key, the first attempt's (so an attempt whose debit committed is not billed again).
   */
  requestId: string;
  /** An earlier attempt with the same Idempotency-Key ran under `requestId` and may have committed. */
  resumed: boolean;
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
  /** Headers of the answer besides the base ones (an idempotent replay sends only the stored body). */
  headers?: Record<string, string>;
}

interface MethodSpecBase {
  /** Any one of these scopes admits the request; empty = any authenticated caller. */
  scopes: readonly Scope[];
  /**
   * Rate-limit buckets besides `api`, which every request takes from. A function when the
   * bucket depends on the body (a compatibility API's one text vs. several): the body is then
   * read before the rate limit is taken.
   */
  buckets?: readonly Bucket[] | ((input: { req: Request; rawBody: Uint8Array }) => Promise<readonly Bucket[]>);
  /**
   * The route takes pre-signed links (`expires` + `signature` query parameters): such a request
   * without credentials is limited in the per-address signed-link bucket, not the anonymous one.
   */
  presigned?: boolean;
  maxBodyBytes?: number;
  /** The error for a body over maxBodyBytes (default 413 payload_too_large). */
  bodyTooLarge?: (maxBytes: number) => TolkError;
}

/**
 * A route: without credentials it answers 401, so its handler always has a caller; or a public
 * one (404/405 answers, pre-signed downloads, settings any client reads), which an
 * unauthenticated caller gets too, its handler then with a null caller.
 */
export type MethodSpec =
  | (MethodSpecBase & { public?: false; handler(input: RouteInput): Promise<RouteResult> })
  | (MethodSpecBase & { public: true; handler(input: RouteInput<Principal | null>): Promise<RouteResult> });

type Params = Record<string, string | string[] | undefined>;
export interface RouteContext {
  params: Promise<Params>;
}

/**
 * How an API family puts requests and answers on the wire: /v1 with its envelope, or a
 * compatibility layer (DeepL, LibreTranslate) with the shapes its clients expect. The pipeline
 * itself (authentication, scopes, rate limits, body limits, use case) is the same for all.
 */
export interface Wire {
  /**
   * The credentials as an Authorization value for `authenticate` ("Bearer <token>"), or null.
   * `body` reads the request body (once, within the route's limit) for APIs that accept a key in it.
   */
  authorization(req: Request, body: () => Promise<Uint8Array>): Promise<string | null>;
  /** The text of a successful JSON answer. */
  success(data: unknown, meta: Record<string, unknown>, requestId: string): string;
  /** The answer to a refused or failed request. */
  error(err: TolkError, requestId: string, headers: Headers): Response;
  /** Whether `Idempotency-Key` is honoured (a replay sends the stored /v1 envelope). */
  idempotency: boolean;
}

export const v1Wire: Wire = {
  authorization: (req) => Promise.resolve(req.headers.get("authorization")),
  success: (data, meta, requestId) => JSON.stringify({ data, meta: { request_id: requestId, ...meta } }),
  error: errorResponse,
  idempotency: true,
};

/**
 * Every /v1 request, in one place: authenticate → authorize scope → rate limit → read body →
 * idempotency → use case → envelope. Every response, error or not, carries the request id
 * and, from the rate-limit step on, the X-RateLimit-* headers.
 */
export function runV1(req: Request, ctx: RouteContext | undefined, spec: MethodSpec): Promise<Response> {
  return runPipeline(req, ctx, spec, v1Wire);
}

/** The pipeline of runV1 with the wire format of an API family. */
export function runPipeline(
  req: Request,
  ctx: RouteContext | undefined,
  spec: MethodSpec,
  wire: Wire,
): Promise<Response> {
  const requestId = currentRequestId();
  // Shutdown refusal, the trace span, the access-log line and the metrics (observe.ts).
  return observeV1(
    req,
    requestId,
    ctx?.params,
    (err) => wire.error(err as TolkError, requestId, baseHeaders(requestId, null)),
    (note) => handle(req, ctx, spec, wire, requestId, note),
  );
}

async function handle(
  req: Request,
  ctx: RouteContext | undefined,
  spec: MethodSpec,
  wire: Wire,
  requestId: string,
  note: RequestNote,
): Promise<Response> {
  const startedAt = performance.now();
  let limit: RateLimitDecision | null = null;
  let idempotency: IdempotencyClaim | null = null;
  let resumed = false;
  let renewal: NodeJS.Timeout | null = null;
  let app: AppContext | null = null;
  try {
    app = await getAppContext();
    const hasBody = req.method === "POST" || req.method === "PUT" || req.method === "PATCH";
    let bodyRead: Promise<Uint8Array> | null = null;
    const readBody = () =>
      (bodyRead ??= hasBody
        ? readBodyBytes(req, spec.maxBodyBytes ?? MAX_JSON_BODY_BYTES, spec.bodyTooLarge)
        : Promise.resolve(new Uint8Array()));
    const authorization = await wire.authorization(req, readBody);
    const principal = await identify(app, req, authorization, spec, (d) => (limit = d));
    note.principal = principal;
    const scopeOk = principal ? hasAnyScope(principal, spec.scopes) : true;
    if (principal) {
      // A request refused for its scope still counts against `api`, but not the route's bucket.
      const buckets = !scopeOk
        ? []
        : typeof spec.buckets === "function"
          ? await spec.buckets({ req, rawBody: await readBody() })
          : (spec.buckets ?? []);
      limit = await app.limiter.consume(principal, buckets);
      assertAllowed(limit);
    }
    if (!scopeOk) throw insufficientScope(spec.scopes);

    const url = new URL(req.url);
    const rawBody = await readBody();
    // The request log keeps a bounded summary of the parameters (summarized after the answer).
    const loggedBody: NonNullable<RequestNote["body"]> = {
      contentType: req.headers.get("content-type"),
      bytes: rawBody,
    };
    note.body = loggedBody;

    const idemKey = wire.idempotency ? req.headers.get("idempotency-key") : null;
    if (principal && req.method === "POST" && idemKey !== null) {
      const start = await beginIdempotentRequest(app.domain, {
        orgId: principal.org.id,
        key: idemKey,
        fingerprint: requestFingerprint(req.method, url.pathname, rawBody),
        requestId,
        leaseMs: app.env.TOLK_IDEMPOTENCY_LEASE_S * 1000,
      });
      if (start.kind === "replay") {
        // The stored text is sent as it was; its request id (the original request's) is the
        // X-Request-Id too, so header and body agree on a replay as on every response.
        const headers = baseHeaders(storedRequestId(start.body) ?? requestId, limit);
        headers.set("Idempotent-Replayed", "true");
        return jsonTextResponse(start.status, start.body, headers);
      }
      idempotency = { orgId: principal.org.id, key: idemKey, operationKey: start.operationKey };
      resumed = start.resumed;
      if (start.operationKey !== requestId) note.operationKey = start.operationKey;
      renewal = holdClaim(app, idempotency);
    }

    const params = (await ctx?.params) ?? {};
    for (const [name, value] of Object.entries(params)) {
      if ([value ?? ""].flat().some((v) => v.includes("\0"))) throw nulCharacter(name);
    }
    // The audit log records the changes a use case makes under this caller.
    const ready = principal
      ? { ...app, domain: { ...app.domain, actor: apiActor(principal, clientAddress(req, app.env.TOLK_PROXY_HOPS)) } }
      : app;
    const input: Omit<RouteInput, "principal"> = {
      req,
      url,
      app: ready,
      requestId: idempotency?.operationKey ?? requestId,
      resumed,
      params,
      startedAt,
      rawBody,
      body: (schema) => parseJsonBody(rawBody, schema, (value) => (loggedBody.parsed = value)),
      query: (schema) => parseQuery(url, schema),
    };
    // Only a public route is reached without a caller (identify refused the others).
    const run = () =>
      spec.public
        ? spec.handler({ ...input, principal })
        : principal
          ? spec.handler({ ...input, principal })
          : Promise.reject(unauthorized());
    // A read is safe to repeat on a lost database connection (a restart broke the pooled one);
    // a write's use case decides for itself (the debit retries, keyed by its operation).
    const result = req.method === "GET" ? await retryOnceIfConnectionLost(run) : await run();
    if (result.raw) {
      for (const [name, value] of baseHeaders(requestId, limit))
        if (!result.raw.headers.has(name)) result.raw.headers.set(name, value);
      return result.raw;
    }
    const status = result.status ?? 200;
    if (result.file) return fileResponse(status, result.file, baseHeaders(requestId, limit));
    const text = wire.success(result.data, result.meta ?? {}, requestId);
    // The use case has succeeded (and billed): from here on the answer is its result. A claim
    // that cannot be completed stays running and a later retry runs again under the same
    // operation key, whose debit then replays.
    const claim = idempotency;
    const domain = app.domain;
    if (claim) await settleClaim(requestId, () => completeIdempotentRequest(domain, { ...claim, status, body: text }));
    const headers = baseHeaders(requestId, limit);
    for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
    return jsonTextResponse(status, text, headers);
  } catch (err) {
    const known = isTolkError(err);
    const tolkError = known ? err : isDatabaseUnavailable(err) ? databaseUnavailable() : internalError();
    if (tolkError.status >= 500) logServerError(requestId, err);
    note.error = { code: tolkError.code, message: tolkError.message };
    if (idempotency && app) {
      // Input errors are answers worth replaying; a server failure, or an answer that says to
      // retry later (409, 429: the work of an earlier attempt is still running), releases the
      // claim, so the retry runs at once (under the same operation key).
      const domain = app.domain;
      const claim = idempotency;
      if (!isFinalAnswer(tolkError.status)) await settleClaim(requestId, () => releaseIdempotentRequest(domain, claim));
      else {
        const body = JSON.stringify(errorBody(tolkError, requestId));
        await settleClaim(requestId, () =>
          completeIdempotentRequest(domain, { ...claim, status: tolkError.status, body }),
        );
      }
    }
    return wire.error(tolkError, requestId, baseHeaders(requestId, limit));
  } finally {
    if (renewal) clearInterval(renewal);
  }
}

/** Whether an error answer is the request's own outcome, replayed to every retry with its key. */
function isFinalAnswer(status: number): boolean {
  return status < 500 && status !== 409 && status !== 429;
}

/**
 * Renews a claim while its request runs, so a retry meets 409 only as long as this attempt works,
 * and never past the request's deadline: an attempt slowed down that long (a database dropping
 * its connections) lets a retry run again under the same operation, whose debit replays.
 */
function holdClaim(app: AppContext, claim: IdempotencyClaim): NodeJS.Timeout {
  const leaseMs = app.env.TOLK_IDEMPOTENCY_LEASE_S * 1000;
  const renewUntil = Date.now() + app.env.TOLK_REQUEST_DEADLINE_S * 1000 - leaseMs;
  const timer = setInterval(() => {
    if (Date.now() > renewUntil) clearInterval(timer);
    else void renewIdempotentRequest(app.domain, claim, leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  timer.unref();
  return timer;
}

/**
 * Writes the end of a claim, through lost connections for a few seconds. If it cannot, the
 * answer is still sent: the claim's lease then runs out and a retry runs again under the same
 * operation key (a committed debit replays), which is the one outcome that bills once.
 */
async function settleClaim(requestId: string, write: () => Promise<void>): Promise<void> {
  try {
    await retryWhileConnectionLost(write, 5_000);
  } catch (err) {
    logger().warn(
      { request_id: requestId, err: String(err) },
      "idempotency record not written; a retry with the same key runs again under the same operation",
    );
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
  authorization: string | null,
  spec: MethodSpec,
  onLimit: (d: RateLimitDecision) => void,
): Promise<Principal | null> {
  try {
    // Reads, and a last-used time written again is the same time: safe to repeat once.
    return await retryOnceIfConnectionLost(() => authenticate(app.domain, app.auth, authorization));
  } catch (err) {
    if (!isTolkError(err) || err.status !== 401) throw err;
    const url = new URL(req.url);
    const signed = spec.presigned === true && url.searchParams.has("signature") && url.searchParams.has("expires");
    const decision = await app.limiter.consumeAnonymous(
      clientAddress(req, app.env.TOLK_PROXY_HOPS),
      signed ? "signed_link" : "anonymous",
    );
    onLimit(decision);
    assertAllowed(decision);
    if (spec.public) return null;
    throw err;
  }
}
