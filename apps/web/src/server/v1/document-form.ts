import { type DocumentRequest, FORMATS } from "@tolk/contract";
import { type DocumentUpload, badRequest, fileTooLarge, parseDocumentFields } from "@tolk/domain";

import { isFile, type MultipartForm, parseMultipart } from "./multipart";

// The largest format's limit, plus room for the multipart framing and the other fields: the
// body is never read past this, whatever Content-Length says (or does not say).
const MULTIPART_OVERHEAD = 1024 * 1024;
const LARGEST_FORMAT_BYTES = Math.max(...FORMATS.map((f) => f.max_size_mb)) * 1024 * 1024;
export const MAX_UPLOAD_BODY_BYTES = LARGEST_FORMAT_BYTES + MULTIPART_OVERHEAD;
export const uploadTooLarge = () => fileTooLarge(LARGEST_FORMAT_BYTES, "The upload");

export interface DocumentForm {
  upload: DocumentUpload;
  request: DocumentRequest;
  async: boolean;
}

/**
 * The multipart form of POST /v1/translate/document: `file` plus the fields that
 * parseDocumentFields reads (the console's form takes the same).
 */
export async function parseDocumentForm(req: Request, body: Uint8Array): Promise<DocumentForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw badRequest("The request body must be multipart/form-data with a 'file' field.");
  }
  let form: MultipartForm;
  try {
    form = await parseMultipart(body, contentType);
  } catch (error) {
    throw badRequest(
      `The multipart body could not be parsed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const file = singleFilePart(form);
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries) {
    if (name === "file") continue;
    if (isFile(value)) throw badRequest(`'${name}': only 'file' may be a file.`, name);
    fields[name] = value;
  }
  const { request, async } = parseDocumentFields(fields, req.headers.get("prefer") ?? "");
  return { upload: { filename: file.filename, bytes: file.bytes }, request, async };
}

/** The one `file` part; a missing, repeated or filename-less one is a 400 saying which. */
function singleFilePart(form: MultipartForm) {
  const parts = form.entries.filter(([name]) => name === "file").map(([, value]) => value);
  const [file] = parts;
  if (file === undefined)
    throw badRequest("The 'file' field is missing: upload the document as a file part named 'file'.", "file");
  if (parts.length > 1)
    throw badRequest(`The form has ${parts.length} 'file' parts: send exactly one document per request.`, "file");
  if (!isFile(file)) {
    throw badRequest(
      "The 'file' part has no filename: send it as a file part with a filename (e.g. curl -F file=@report.docx); the name's extension picks the format.",
      "file",
    );
  }
  return file;
}
