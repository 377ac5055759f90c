import { type Operation, type PathParamNames, pathParamNames } from "@tolk/contract";
import { type Principal, methodNotAllowed, notFound } from "@tolk/domain";
import { type z } from "zod";

import {
  type MethodSpec,
  type RouteContext,
  type RouteInput,
  type RouteResult,
  type Wire,
  runPipeline,
  v1Wire,
} from "./pipeline";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;

/**
 * A route file's exports: the methods it defines run through the pipeline, every other method
 * answers 405 in the wire's error shape (Next's own 405 would have no body).
 */
export function apiRoute(wire: Wire, methods: Partial<Record<Method, MethodSpec>>): Record<Method, Handler> {
  const allowed = METHODS.filter((m) => methods[m]);
  const refuse: MethodSpec = {
    scopes: [],
    public: true,
    handler: () => Promise.reject(methodNotAllowed(allowed)),
  };
  return Object.fromEntries(
    METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runPipeline(req, ctx, methods[m] ?? refuse, wire)]),
  ) as Record<Method, Handler>;
}

/** The catch-all for paths under an API's prefix that do not exist. */
export function apiNotFound(wire: Wire): Record<Method, Handler> {
  const spec: MethodSpec = {
    scopes: [],
    public: true,
    handler: ({ url }) => Promise.reject(notFound(`The endpoint ${url.pathname}`)),
  };
  return Object.fromEntries(
    METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runPipeline(req, ctx, spec, wire)]),
  ) as Record<Method, Handler>;
}

/**
 * What a /v1 handler gets: the request, and its input parsed with the operation's schemas. `P`
 * is the caller: `Principal | null` for an operation whose pre-signed links need no credentials.
 */
export type OperationInput<O extends Operation, P extends Principal | null = Principal> = Omit<
  RouteInput<P>,
  "body" | "query"
> & {
  /** The JSON body parsed with the operation's schema (400 on invalid JSON or schema). */
  body: () => O extends { bodyType: "multipart/form-data" }
    ? never
    : O extends { body: infer B extends z.ZodType }
      ? z.output<B>
      : never;
  /** The query parsed with the operation's schema (400 on an invalid or unknown parameter). */
  query: () => O extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
  /** The path parameters, named as in the operation's path. */
  path: Record<PathParamNames<O["path"]>, string>;
};

/** An operation and the handler that serves it. */
export interface ServedOperation {
  operation: Operation;
  spec: MethodSpec;
}

type ServeOptions = Pick<MethodSpec, "maxBodyBytes" | "bodyTooLarge">;

/**
 * Serves an operation: the pipeline takes its scopes, buckets and credentials rule from the
 * operation, the handler its body, query and path parameters, and the answer its success status.
 * `options` are the transport's own limits (an upload's body size).
 */
export function serve<const O extends Operation & { presignedLinks?: false }>(
  operation: O,
  handler: (input: OperationInput<O>) => Promise<RouteResult>,
  options: ServeOptions = {},
): ServedOperation {
  return {
    operation,
    spec: {
      scopes: operation.scopes,
      buckets: operation.buckets,
      public: false,
      presigned: false,
      ...options,
      handler: operationHandler(operation, handler),
    },
  };
}

/**
 * Serves an operation whose pre-signed links work without credentials, as `serve` does: its
 * handler has no caller (null) on such a request; without a signature the use case asks for them.
 */
export function servePresigned<const O extends Operation & { presignedLinks: true }>(
  operation: O,
  handler: (input: OperationInput<O, Principal | null>) => Promise<RouteResult>,
  options: ServeOptions = {},
): ServedOperation {
  return {
    operation,
    spec: {
      scopes: operation.scopes,
      buckets: operation.buckets,
      public: true,
      presigned: true,
      ...options,
      handler: operationHandler(operation, handler),
    },
  };
}

/** The pipeline's handler of an operation: parses the handler's input, and answers with the operation's success status. */
function operationHandler<O extends Operation, P extends Principal | null>(
  operation: O,
  handler: (input: OperationInput<O, P>) => Promise<RouteResult>,
) {
  const names = pathParamNames(operation.path);
  const noQuery: Record<string, never> = {};
  return async (input: RouteInput<P>): Promise<RouteResult> => {
    const path = Object.fromEntries(
      names.map((name) => [name, typeof input.params[name] === "string" ? input.params[name] : ""]),
    );
    const result = await handler({
      ...input,
      body: () => input.body(operation.body as z.ZodType) as ReturnType<OperationInput<O>["body"]>,
      query: () => (operation.query ? input.query(operation.query) : noQuery) as ReturnType<OperationInput<O>["query"]>,
      path: path as OperationInput<O>["path"],
    });
    return "status" in result ? result : { status: operation.success.status, ...result };
  };
}

/** A handler export of a /v1 route file, with the operation it serves (for the contract's tests). */
export type OperationHandler = Handler & { operation?: Operation };

/**
 * A /v1 route file's exports: each operation under its method; the path's other methods answer
 * 405. The route folder's path must be the operations' path (a test checks it).
 */
export function v1Route(...served: ServedOperation[]): Record<Method, OperationHandler> {
  const methods: Partial<Record<Method, MethodSpec>> = {};
  for (const { operation, spec } of served) {
    if (methods[operation.method]) throw new Error(`Two operations for ${operation.method} ${operation.path}`);
    methods[operation.method] = spec;
  }
  const handlers: Record<Method, OperationHandler> = apiRoute(v1Wire, methods);
  for (const { operation } of served) handlers[operation.method].operation = operation;
  return handlers;
}

/** The catch-all for paths under /v1 that do not exist. */
export const v1NotFound = () => apiNotFound(v1Wire);
