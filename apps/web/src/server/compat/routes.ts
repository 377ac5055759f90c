import { type Bucket } from "@tolk/domain";

import { type Method, apiRoute } from "../v1/route";
import { type MethodSpec } from "../v1/pipeline";
import { Params } from "./params";
import { deeplWire } from "./deepl/wire";
import { libreTranslateWire } from "./libretranslate/wire";

/**
 * The methods a route file defines. Typed by the methods given (not as optional keys), so each
 * handler's caller follows its `public`: `Principal | null` on a public method, else `Principal`.
 */
type Methods<M extends Method> = Record<M, MethodSpec>;

/** A /v2 route file's exports: Tolk's pipeline with DeepL's wire. */
export const deeplRoute = <M extends Method>(methods: Methods<M>) => apiRoute(deeplWire, methods);

/**
 * The bucket of a translation request by the number of texts it carries (`text` for DeepL, `q`
 * for LibreTranslate): one text takes from `translate` as POST /v1/translate, several from
 * `segment` as a batch. A body that cannot be read counts as one text (its answer is a 400).
 */
export function bucketsByTextCount(field: string): NonNullable<MethodSpec["buckets"]> {
  return async ({ req, rawBody }): Promise<readonly Bucket[]> => {
    try {
      return (await Params.read(req, rawBody)).all(field).length > 1 ? ["segment"] : ["translate"];
    } catch {
      return ["translate"];
    }
  };
}

/** A /libretranslate route file's exports: Tolk's pipeline with LibreTranslate's wire. */
export const libreTranslateRoute = <M extends Method>(methods: Methods<M>) => apiRoute(libreTranslateWire, methods);
