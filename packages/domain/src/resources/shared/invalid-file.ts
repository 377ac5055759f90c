import { type TolkError, badRequest } from "../../errors";

/** A refused import: 400 naming where the file is wrong; the import's transaction wrote nothing. */
export const invalidFile = (where: string, detail: string): TolkError =>
  badRequest(`The file is not valid: ${where}: ${detail}. Nothing was imported.`, "file");
