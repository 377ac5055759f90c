import { badRequest, importFormat } from "@tolk/domain";

import { isFile, type MultipartForm, parseMultipart } from "./multipart";
import { type RouteInput } from "./pipeline";

/** Imports are at most this large (the whole file is parsed before one transaction writes it). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** A path parameter of the route (`[id]`). */
export function pathParam(input: Pick<RouteInput, "params">, name: string): string {
  const value = input.params[name];
  return typeof value === "string" ? value : "";
}

/**
 * The `file` field of a multipart/form-data import, and its format: the `format` field, else
 * the file name's extension.
 */
export async function readUpload(
  input: Pick<RouteInput, "req" | "rawBody">,
): Promise<{ content: Uint8Array; format: string }> {
  const type = input.req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest("An import is a multipart/form-data upload with a 'file' field.", "file");
  }
  let form: MultipartForm;
  try {
    form = await parseMultipart(input.rawBody, type);
  } catch (error) {
    throw badRequest(
      `The multipart body could not be read: ${error instanceof Error ? error.message : String(error)}`,
      "file",
    );
  }
  const file = form.get("file");
  if (!isFile(file)) throw badRequest("The 'file' field is missing or is not a file.", "file");
  const named = form.get("format");
  return { content: file.bytes, format: importFormat(typeof named === "string" ? named : undefined, file.filename) };
}
