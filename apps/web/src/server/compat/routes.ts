import { type Bucket } from "@tolk/domain";

import { apiRoute } from "../v1/route";
import { type MethodSpec } from "../v1/pipeline";
import { Params } from "./params";
import { deeplWire } from "./deepl/wire";
import { libreTranslateWire } from "./libretranslate/wire";

type Methods = Parameters<typeof apiRoute>[1];

/** A /v2 route file's exports: Tolk's pipeline with DeepL's wire. */
export const deeplRoute = (methods: Methods) => apiRoute(deeplWire, methods);

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
export const libreTranslateRoute = (methods: Methods) => apiRoute(libreTranslateWire, methods);
