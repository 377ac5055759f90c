import { sanitizeFilename } from "../../shared/filenames";

/** A file a management endpoint answers with instead of the JSON envelope. */
export interface ExportedFile {
  body: string;
  contentType: string;
  filename: string;
}

// Characters Windows, macOS or a shell would trip over in a saved file's name.
const AWKWARD = /[<>:"|?*]+/g;

/** An export's file name from the resource's name (“Brand terms.csv”), the id when the name leaves nothing usable. */
export function exportFilename(name: string, extension: string, id: string): string {
  const stem = sanitizeFilename(name)
    .replace(AWKWARD, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s_]+|[.\s]+$/g, "")
    .slice(0, 120);
  return `${stem || id}.${extension}`;
}
