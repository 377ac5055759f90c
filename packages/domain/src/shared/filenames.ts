// Bidi overrides and isolates (U+202A–202E, U+2066–2069) could disguise an extension.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f/\\\u202a-\u202e\u2066-\u2069]/g;

/**
 * An upload's name as metadata: NFC, without control characters, slashes or bidi overrides,
 * at most 255 UTF-8 bytes (the extension kept). Files are stored under the job id, never this.
 */
export function sanitizeFilename(raw: string): string {
  let name = raw.normalize("NFC").replace(UNSAFE, "_").trim();
  if (!name || name === "." || name === "..") name = "document";
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= 255) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot) : "";
  let stem = [...name.slice(0, dot > 0 ? dot : name.length)];
  while (stem.length > 0 && encoder.encode(stem.join("") + ext).length > 255) stem = stem.slice(0, -1);
  return stem.join("") + ext;
}
