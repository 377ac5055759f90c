import { badRequest } from "../../errors";

/**
 * The format of an imported glossary or memory file, on /v1 and in the console alike: the
 * `format` field when given, else the file name's extension; a name without one is a 400.
 */
export function importFormat(given: string | null | undefined, filename: string): string {
  if (typeof given === "string" && given.trim() !== "") return given;
  const extension = /\.([^.]+)$/u.exec(filename)?.[1] ?? "";
  if (extension === "")
    throw badRequest("Say the file's format: a 'format' field, or a file name with an extension.", "format");
  return extension;
}
