import { badRequest, importFormat } from "@tolk/domain";
import { z } from "zod";

/** An import arrives as multipart form data: `file`, and `format` when the name does not say it. */
export const importForm = z.instanceof(FormData);

export async function importedFile(form: FormData): Promise<{ id: string; format: string; content: Uint8Array }> {
  const file = form.get("file");
  const id = form.get("id");
  if (typeof id !== "string" || id === "") throw badRequest("Say which resource to import into.", "id");
  if (!(file instanceof File)) throw badRequest("Choose a file to import.", "file");
  const given = form.get("format");
  const format = importFormat(typeof given === "string" ? given : undefined, file.name);
  return { id, format, content: new Uint8Array(await file.arrayBuffer()) };
}

/** The console lists at most this many of each resource on one page (plans allow far fewer). */
export const CONSOLE_LIST_LIMIT = 100;
