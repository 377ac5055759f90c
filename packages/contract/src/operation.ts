import { type z } from "zod";

import { type Scope } from "./account";

/**
 * One /v1 operation, declared once. The route handler takes its scopes, buckets and input
 * schemas from it (apps/web/src/server/v1/route.ts), /openapi.json is generated from it
 * (openapi.ts), and the console's procedures parse the same schemas.
 */

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** Rate-limit buckets an operation takes from besides `api`, which every request takes from. */
export type RateLimitBucket = "translate" | "segment" | "analyze";

/** Request headers an operation reads beyond Authorization (Idempotency-Key is read on every POST). */
export type RequestHeader = "Prefer";

/** Error statuses an operation answers with a meaning of its own; the common ones (openapi.ts) are added to every operation. */
export type ErrorStatus = 400 | 402 | 403 | 404 | 409 | 413 | 422;

export interface JsonSuccess {
  status: 200 | 201 | 202;
  description: string;
  schema: z.ZodType;
  /** Response headers beyond the common ones (X-Request-Id, X-RateLimit-*). */
  headers?: readonly ResponseHeader[];
}

/** A file instead of the JSON envelope (exports, downloads). */
export interface FileSuccess {
  status: 200;
  description: string;
  /** The media types the file may have. */
  contentTypes: readonly string[];
  headers?: readonly ResponseHeader[];
}

/** A success without a body (a redirect). */
export interface EmptySuccess {
  status: 302;
  description: string;
  headers: readonly ResponseHeader[];
}

export type Success = JsonSuccess | FileSuccess | EmptySuccess;

export type ResponseHeader = "Content-Disposition" | "X-Job-Id" | "Location";

export interface OperationExamples {
  /** A request body as a client writes it (JSON, or the fields of a multipart form). */
  request?: unknown;
  query?: Record<string, string>;
  /** The success response's body (JSON), or the file's text. */
  response: unknown;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path; its `{name}`s are the route folders' `[name]`s. */
  path: `/v1/${string}`;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Any one of these scopes admits the request. */
  scopes: readonly Scope[];
  buckets: readonly RateLimitBucket[];
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Default application/json; uploads and imports are multipart/form-data. */
  bodyType?: "application/json" | "multipart/form-data";
  headers?: readonly RequestHeader[];
  /** The link in a job's `result_url` (with `expires` and `signature`) works without credentials. */
  presignedLinks?: boolean;
  success: Success;
  /** Other successes it may answer (202 for a queued document, 302 to object storage). */
  otherSuccesses?: readonly Success[];
  errors: Partial<Record<ErrorStatus, string>>;
  examples: OperationExamples;
}

/** The names of a path's `{parameters}`, as a type. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** The names of a path's `{parameters}`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
}

/** Keeps an operation's literal types (its path and schemas) for the route that serves it. */
export const defineOperation = <const O extends Operation>(operation: O): O => operation;
