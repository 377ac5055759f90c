import { type DocumentRequest, documentRequest } from "@tolk/contract";

import { parseInput } from "../parse-input";

/**
 * The text fields of a document upload (POST /v1/translate/document and the console's form),
 * every field but `file`: validated by the contract's schema, unknown fields refused.
 * Asynchronous when the field `async=true` or the header `Prefer: respond-async` says so.
 */
export function parseDocumentFields(
  fields: Record<string, string>,
  prefer = "",
): { request: DocumentRequest; async: boolean } {
  const request = parseInput(documentRequest, fields, "form");
  return { request, async: request.async === "true" || /(^|[\s,;])respond-async([\s,;]|$)/iu.test(prefer) };
}
