import { type TolkError } from "@tolk/domain";

import { type Wire } from "../../v1/pipeline";
import { jsonResponse } from "../../v1/respond";
import { keyFromParams } from "../key-from-params";
import { Params } from "../params";
import { unservedPairMessage } from "../unserved-pair";

/**
 * LibreTranslate's wire: the key as `api_key` in the body or query (`apiKey` as the npm
 * `libretranslate` client sends it, or an Authorization header), bare JSON bodies, and errors
 * as `{"error": "..."}`: a missing or wrong key and exhausted credits are 403, as
 * LibreTranslate answers a key it does not accept.
 */
export const libreTranslateWire: Wire = {
  async authorization(req, body) {
    const header = req.headers.get("authorization")?.trim();
    if (header) return header;
    return keyFromParams(async () => Params.read(req, await body()), ["api_key", "apiKey"]);
  },
  success: (data) => JSON.stringify(data),
  error: (err, requestId, headers) => {
    for (const [name, value] of Object.entries(err.extra.headers ?? {})) headers.set(name, value);
    return jsonResponse(libreStatus(err), { error: libreMessage(err) }, headers);
  },
  idempotency: false,
};

function libreStatus(err: TolkError): number {
  if (err.status === 401 || err.status === 402) return 403;
  return err.status;
}

function libreMessage(err: TolkError): string {
  if (err.status === 401) return `Invalid API key. ${err.message}`;
  return unservedPairMessage(err) ?? err.message;
}
