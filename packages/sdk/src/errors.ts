import { type ErrorType } from "@tolk/contract";

/** The error shape's `type`: one of the API's types, or another a newer server sends; "unknown" for an answer without the shape. */
export type ApiErrorType = ErrorType | "unknown" | (string & {});

/** Every error the SDK throws (except the caller's own abort, which rejects with the signal's reason, as fetch does). */
export class TolkError extends Error {
  /** The API's error code (`rate_limit_exceeded`, …), or the SDK's own for failures without an answer (`connection_error`, `timeout`). */
  readonly code: string;
  /** HTTP status of the answer; null when there was none. */
  readonly status: number | null;
  /** The request id of the answer (`X-Request-Id`): quote it to find the request in the server's log. */
  readonly request_id: string | null;

  constructor(
    message: string,
    init: { code: string; status?: number | null; request_id?: string | null; cause?: unknown },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status ?? null;
    this.request_id = init.request_id ?? null;
  }
}

export interface APIErrorInit {
  status: number;
  code: string;
  type: ApiErrorType;
  message: string;
  request_id: string | null;
  param?: string;
  headers: Headers;
}

/** A non-2xx answer in the API's error shape (`{"error": {code, message, type, request_id, param?}}`). */
export class APIError extends TolkError {
  declare readonly status: number;
  readonly type: ApiErrorType;
  /** The request field the error is about, when the API names one. */
  readonly param: string | undefined;
  readonly headers: Headers;

  constructor(init: APIErrorInit) {
    super(init.message, { code: init.code, status: init.status, request_id: init.request_id });
    this.type = init.type;
    this.param = init.param;
    this.headers = init.headers;
  }
}

/** 400 or 422: the request is invalid (a field, the JSON, an `Idempotency-Key` reused with another request). */
export class ValidationError extends APIError {}
/** 401: missing, malformed, unknown, revoked or expired credentials. */
export class AuthenticationError extends APIError {}
/** 402: not enough credits; the message states required and available. */
export class InsufficientCreditsError extends APIError {}
/** 403: the key lacks the scope, a plan limit is reached, or a download link's signature is bad. */
export class PermissionDeniedError extends APIError {}
/** 404: an unknown path, or a resource that is missing or another organization's. */
export class NotFoundError extends APIError {}
/** 409: a request with this `Idempotency-Key` is still running. */
export class ConflictError extends APIError {}
/** 413: the body or the file is over its limit. */
export class PayloadTooLargeError extends APIError {}
/** 429: a rate-limit bucket is empty. */
export class RateLimitError extends APIError {
  /** Seconds to wait before the bucket has room (`Retry-After`, else `X-RateLimit-Reset`); null when the answer said neither. */
  readonly retry_after: number | null;
  constructor(init: APIErrorInit & { retry_after: number | null }) {
    super(init);
    this.retry_after = init.retry_after;
  }
}
/** 500 and other 5xx except 503: an unexpected failure on the server. */
export class InternalServerError extends APIError {}
/** 503: no engine can serve the request now, or the database was lost while answering. */
export class ServiceUnavailableError extends APIError {}

/** No answer: the connection failed (DNS, refused, reset). */
export class ConnectionError extends TolkError {
  constructor(message: string, cause?: unknown) {
    super(message, { code: "connection_error", cause });
  }
}
/** No answer within the request's timeout (`timeoutMs`). */
export class TimeoutError extends TolkError {
  constructor(timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms.`, { code: "timeout" });
  }
}

/** A document job that ended `error` (a problem with the input) or `failed` (the service gave up). */
export class DocumentJobError extends TolkError {
  constructor(
    readonly job_id: string,
    readonly job_status: "error" | "failed",
    message: string,
  ) {
    super(message, { code: `document_job_${job_status}` });
  }
}

const byStatus: Record<number, new (init: APIErrorInit) => APIError> = {
  400: ValidationError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  422: ValidationError,
  500: InternalServerError,
  503: ServiceUnavailableError,
};

/** The typed error of a non-2xx answer, from its status; the body's fields when it has the API's error shape. */
export function errorFromResponse(
  status: number,
  headers: Headers,
  body: unknown,
  retryAfterSeconds: number | null,
): APIError {
  const fields = errorFields(body);
  const init: APIErrorInit = {
    status,
    headers,
    code: fields?.code ?? `http_${status}`,
    type: fields?.type ?? "unknown",
    message: fields?.message ?? `HTTP ${status} without an error body`,
    request_id: fields?.request_id ?? headers.get("x-request-id"),
    param: fields?.param,
  };
  if (status === 429) return new RateLimitError({ ...init, retry_after: retryAfterSeconds });
  const ErrorClass = byStatus[status] ?? (status >= 500 ? InternalServerError : APIError);
  return new ErrorClass(init);
}

/** The `error` object of a body, read leniently: a proxy's HTML page or a new field must not hide the status. */
function errorFields(
  body: unknown,
): { code: string; type: ApiErrorType; message: string; request_id: string | null; param?: string } | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const e: unknown = body.error;
  if (typeof e !== "object" || e === null) return null;
  const { code, message, type, request_id, param } = e as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string") return null;
  return {
    code,
    message,
    type: typeof type === "string" ? type : "api_error",
    request_id: typeof request_id === "string" ? request_id : null,
    param: typeof param === "string" ? param : undefined,
  };
}
