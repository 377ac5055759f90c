import { methodNotAllowed, notFound } from "@tolk/domain";

import { type MethodSpec, type RouteContext, runV1 } from "./pipeline";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;

/**
 * A /v1 route file's exports: the methods it defines run through the pipeline, every other
 * method answers 405 in the error shape (Next's own 405 would have no body).
 */
export function v1Route(methods: Partial<Record<Method, MethodSpec>>): Record<Method, Handler> {
  const allowed = METHODS.filter((m) => methods[m]);
  const refuse: MethodSpec = {
    scopes: [],
    public: true,
    handler: () => Promise.reject(methodNotAllowed(allowed)),
  };
  return Object.fromEntries(
    METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runV1(req, ctx, methods[m] ?? refuse)]),
  ) as Record<Method, Handler>;
}

/** The catch-all for paths under /v1 that do not exist. */
export function v1NotFound(): Record<Method, Handler> {
  const spec: MethodSpec = {
    scopes: [],
    public: true,
    handler: ({ url }) => Promise.reject(notFound(`The endpoint ${url.pathname}`)),
  };
  return Object.fromEntries(METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runV1(req, ctx, spec)])) as Record<
    Method,
    Handler
  >;
}
