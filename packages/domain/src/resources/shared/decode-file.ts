import { badRequest } from "../../errors";

/** Imports are UTF-8 (a BOM is dropped); anything else is refused rather than guessed. */
export function decodeUtf8File(content: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw badRequest("The file is not valid UTF-8. Nothing was imported.", "file");
  }
}
