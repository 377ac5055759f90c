// The 16 document formats of GET /v1/formats, in the order of docs/documents.md.
export type FormatCategory = "document" | "localization" | "data" | "subtitle";

export interface DocumentFormat {
  extension: string;
  name: string;
  mime_type: string;
  category: FormatCategory;
  max_size_mb: number;
}

const OOXML = "application/vnd.openxmlformats-officedocument";

export const FORMATS: readonly DocumentFormat[] = [
  {
    extension: "docx",
    name: "Microsoft Word",
    mime_type: `${OOXML}.wordprocessingml.document`,
    category: "document",
    max_size_mb: 20,
  },
  {
    extension: "pptx",
    name: "Microsoft PowerPoint",
    mime_type: `${OOXML}.presentationml.presentation`,
    category: "document",
    max_size_mb: 20,
  },
  { extension: "html", name: "HTML", mime_type: "text/html", category: "document", max_size_mb: 10 },
  { extension: "md", name: "Markdown", mime_type: "text/markdown", category: "document", max_size_mb: 5 },
  { extension: "txt", name: "Plain text", mime_type: "text/plain", category: "document", max_size_mb: 5 },
  {
    extension: "xlsx",
    name: "Microsoft Excel",
    mime_type: `${OOXML}.spreadsheetml.sheet`,
    category: "data",
    max_size_mb: 20,
  },
  { extension: "xliff", name: "XLIFF", mime_type: "application/xliff+xml", category: "localization", max_size_mb: 20 },
  { extension: "xlf", name: "XLIFF", mime_type: "application/xliff+xml", category: "localization", max_size_mb: 20 },
  { extension: "json", name: "JSON", mime_type: "application/json", category: "localization", max_size_mb: 10 },
  { extension: "yaml", name: "YAML", mime_type: "application/yaml", category: "localization", max_size_mb: 10 },
  { extension: "yml", name: "YAML", mime_type: "application/yaml", category: "localization", max_size_mb: 10 },
  {
    extension: "po",
    name: "Gettext PO",
    mime_type: "text/x-gettext-translation",
    category: "localization",
    max_size_mb: 10,
  },
  {
    extension: "pot",
    name: "Gettext template",
    mime_type: "text/x-gettext-translation-template",
    category: "localization",
    max_size_mb: 10,
  },
  { extension: "strings", name: "Apple Strings", mime_type: "text/plain", category: "localization", max_size_mb: 5 },
  {
    extension: "srt",
    name: "SubRip subtitles",
    mime_type: "application/x-subrip",
    category: "subtitle",
    max_size_mb: 5,
  },
  { extension: "vtt", name: "WebVTT subtitles", mime_type: "text/vtt", category: "subtitle", max_size_mb: 5 },
];

const byExtension = new Map(FORMATS.map((f) => [f.extension, f]));

/** The format of a file name by its last extension, case-insensitive; undefined when unsupported. */
export function formatOfFilename(filename: string): DocumentFormat | undefined {
  const dot = filename.lastIndexOf(".");
  if (dot < 0) return undefined;
  return byExtension.get(filename.slice(dot + 1).toLowerCase());
}
