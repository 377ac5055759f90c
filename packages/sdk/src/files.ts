import { type FileDownload, type FileInput } from "./types";
import { type ApiResponse } from "./transport";

/** The multipart form of an upload: the file part named `file` with its filename, and the text fields. */
export function uploadForm(
  file: FileInput,
  filename: string | undefined,
  fields: Record<string, string | undefined>,
): FormData {
  const name = filename ?? fileName(file);
  if (!name)
    throw new TypeError(
      "The upload needs a filename (its extension picks the format): pass a File, or `filename` beside a Blob or bytes.",
    );
  const form = new FormData();
  form.append("file", file instanceof Blob ? file : new Blob([file as Uint8Array<ArrayBuffer>]), name);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return form;
}

function fileName(file: FileInput): string | undefined {
  return typeof File !== "undefined" && file instanceof File && file.name !== "" ? file.name : undefined;
}

export function fileDownload(res: ApiResponse<Uint8Array>): FileDownload {
  return {
    bytes: res.body,
    filename: filenameFromContentDisposition(res.headers.get("content-disposition")),
    content_type: res.headers.get("content-type"),
    request_id: res.headers.get("x-request-id"),
  };
}

/** The file name of a `Content-Disposition` header: RFC 6266 `filename*` (UTF-8, percent-encoded) first, else `filename`. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;\s]+)/i.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, "$1");
  return /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
}
