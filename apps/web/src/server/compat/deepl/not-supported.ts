import { TolkError } from "@tolk/domain";

import { type MethodSpec, type RouteContext, runPipeline } from "../../v1/pipeline";
import { deeplWire } from "./wire";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * A DeepL feature Tolk does not offer (style rules, translation memories, the write API): a 404
 * in DeepL's shape that says so, rather than "does not exist", so that a client's error tells
 * the user it is Tolk's limit and not a wrong URL. 404 because clients neither retry it nor take
 * it for a bad key (Weblate pauses a service for 30 minutes on 401, 403, 429, 456 and 503).
 */
export function deeplNotSupported(what: string) {
  const spec: MethodSpec = {
    scopes: [],
    public: true,
    handler: () =>
      Promise.reject(
        new TolkError(
          404,
          "not_supported",
          "invalid_request_error",
          `Not supported by Tolk: ${what}. See docs/compatibility.md.`,
        ),
      ),
  };
  return Object.fromEntries(
    METHODS.map((m) => [m, (req: Request, ctx: RouteContext) => runPipeline(req, ctx, spec, deeplWire)]),
  ) as Record<(typeof METHODS)[number], (req: Request, ctx: RouteContext) => Promise<Response>>;
}
