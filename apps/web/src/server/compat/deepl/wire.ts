import { type TolkError } from "@tolk/domain";

import { type Wire } from "../../v1/pipeline";
import { jsonResponse } from "../../v1/respond";
import { keyFromParams } from "../key-from-params";
import { Params } from "../params";
import { unservedPairMessage } from "../unserved-pair";

/** DeepL answers an exhausted quota with this status (deepl-node: QuotaExceededError). */
export const QUOTA_EXCEEDED = 456;

/**
 * The DeepL API v2's wire: `Authorization: DeepL-Auth-Key <key>` (or `Bearer <key>`, or the
 * legacy `auth_key` parameter), bare JSON bodies, and errors as `{"message": "..."}` with
 * DeepL's statuses: a missing or wrong key is 403, exhausted credits are 456.
 */
export const deeplWire: Wire = {
  async authorization(req, body) {
    const header = req.headers.get("authorization")?.trim();
    if (header) {
      const deepl = /^DeepL-Auth-Key\s+(\S+)$/i.exec(header);
      return deepl ? `Bearer ${deepl[1]}` : header;
    }
    return keyFromParams(async () => Params.read(req, await body()), ["auth_key"]);
  },
  success: (data) => JSON.stringify(data),
  error: (err, requestId, headers) => {
    for (const [name, value] of Object.entries(err.extra.headers ?? {})) headers.set(name, value);
    return jsonResponse(deeplStatus(err), { message: deeplMessage(err) }, headers);
  },
  idempotency: false,
};

function deeplStatus(err: TolkError): number {
  if (err.status === 401) return 403;
  if (err.status === 402) return QUOTA_EXCEEDED;
  return err.status;
}

function deeplMessage(err: TolkError): string {
  if (err.status === 401) return `Invalid or missing authentication key. ${err.message}`;
  if (err.status === 402) return `Quota exceeded. ${err.message}`;
  return unservedPairMessage(err) ?? err.message;
}
