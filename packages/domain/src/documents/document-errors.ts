import { FORMATS } from "@tolk/contract";
import { FormatError } from "@tolk/formats";

import { TolkError, badRequest } from "../errors";

export const unsupportedFormat = (filename: string, reason?: string) =>
  new TolkError(
    400,
    "unsupported_format",
    "invalid_request_error",
    reason ??
      `'${filename}' is not a supported document format. Supported extensions: ${FORMATS.map((f) => f.extension).join(", ")}.`,
    { param: "file" },
  );

export const fileTooLarge = (maxBytes: number, what = "The file") =>
  new TolkError(
    413,
    "file_too_large",
    "invalid_request_error",
    `${what} is larger than the limit of ${Math.round(maxBytes / 1048576)} MB (${maxBytes} bytes).`,
    { param: "file" },
  );

export const invalidDownloadLink = () =>
  new TolkError(403, "invalid_signature", "permission_error", "The download link is invalid or has expired. Ask for the job again for a fresh link.");

export const jobNotFound = () => new TolkError(404, "not_found", "invalid_request_error", "The job does not exist.");

export const resultGone = () =>
  new TolkError(404, "not_found", "invalid_request_error", "The translated document is not available: it was deleted after the retention period, or the job did not complete.");

/** A file a filter refused, as the 400 the caller sees: the filter's message names the problem. */
export function fileRefused(err: unknown, extension: string): TolkError {
  if (err instanceof FormatError) return badRequest(`The file is not a valid ${extension} file: ${err.message}`, "file");
  return badRequest(`The file could not be read as a ${extension} file.`, "file");
}
