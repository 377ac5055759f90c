import { z } from "zod";

// The error body of every non-2xx /v1 response (docs/api.md, "Authentication and scopes").
export const errorTypes = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "billing_error",
  "rate_limit_error",
  "idempotency_error",
  "api_error",
] as const;
export type ErrorType = (typeof errorTypes)[number];

/**
 * Every `code` an error body can carry: the table of docs/api.md, the refusals of documents
 * (docs/documents.md), language pairs (docs/translation.md) and the console, and the
 * compatibility APIs' and the CLI's own. A failure with a code outside this list does not compile.
 */
export const errorCodes = [
  // 400
  "bad_request",
  "unsupported_language_pair",
  "unsupported_format",
  // 401, 402, 403
  "unauthorized",
  "insufficient_credits",
  "insufficient_scope",
  "plan_limit_reached",
  "invalid_signature",
  "forbidden",
  // 404, 405, 409, 413, 422, 429
  "not_found",
  "method_not_allowed",
  "idempotency_conflict",
  "already_exists",
  "payload_too_large",
  "file_too_large",
  "idempotency_error",
  "rate_limit_exceeded",
  // 5xx
  "internal_error",
  "engine_unavailable",
  "service_unavailable",
  "not_configured",
  // The DeepL-compatible API: an endpoint Tolk does not offer (404); a document not translated yet (503).
  "not_supported",
  "document_not_ready",
  // `tolk credits check`: the books break an invariant.
  "invariant_broken",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    type: z.enum(errorTypes),
    request_id: z.uuid(),
    param: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
