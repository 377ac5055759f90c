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
