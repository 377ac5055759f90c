/** A file a management endpoint answers with instead of the JSON envelope. */
export interface ExportedFile {
  body: string;
  contentType: string;
  filename: string;
}
