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
  new TolkError(
    403,
    "invalid_signature",
    "permission_error",
    "The download link is invalid or has expired. Ask for the job again for a fresh link.",
  );

export const jobNotFound = () => new TolkError(404, "not_found", "invalid_request_error", "The job does not exist.");

export const resultGone = () =>
  new TolkError(
    404,
    "not_found",
    "invalid_request_error",
    "The translated document is not available: it was deleted after the retention period, or the job did not complete.",
  );

/**
 * What to throw when a filter fails: a file it refused (`FormatError`) is the 400 the caller
 * sees, its message naming the problem; anything else is a fault of ours and goes on as it is,
 * so the caller logs it with the request id and answers 500 instead of blaming the file.
 */
export function fileRefused(err: unknown, extension: string): unknown {
  if (err instanceof FormatError)
    return badRequest(`The file is not a valid ${extension} file: ${err.message}`, "file");
  return err;
}
