import { methodNotAllowed, notFound } from "@tolk/domain";

import { type MethodSpec, type RouteContext, type Wire, runPipeline, v1Wire } from "./pipeline";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
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
  return Object.fromEntries(METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runPipeline(req, ctx, methods[m] ?? refuse, wire)])) as Record<
    Method,
    Handler
  >;
}

/** The catch-all for paths under an API's prefix that do not exist. */
export function apiNotFound(wire: Wire): Record<Method, Handler> {
  const spec: MethodSpec = {
    scopes: [],
    public: true,
    handler: ({ url }) => Promise.reject(notFound(`The endpoint ${url.pathname}`)),
  };
  return Object.fromEntries(METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runPipeline(req, ctx, spec, wire)])) as Record<Method, Handler>;
}

/** A /v1 route file's exports. */
export const v1Route = (methods: Partial<Record<Method, MethodSpec>>) => apiRoute(v1Wire, methods);

/** The catch-all for paths under /v1 that do not exist. */
export const v1NotFound = () => apiNotFound(v1Wire);
