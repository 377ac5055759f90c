import { badRequest } from "@tolk/domain";

import { type MultipartFile, isFile, parseMultipart } from "../v1/multipart";

/**
 * A compatibility API's request parameters, whatever way the client sent them: the query
 * string, an `application/x-www-form-urlencoded` body (DeepL's `text=a&text=b`), a JSON body
 * (`{"text": ["a", "b"]}`, `{"q": "a"}`) or multipart fields. Every value is a list of
 * strings: a repeated form field, a JSON array, or one value; JSON booleans and numbers
 * become their text ("true", "1").
 */
export class Params {
  private constructor(
    private readonly values: ReadonlyMap<string, readonly string[]>,
    /** The multipart file parts by field name (documents). */
    readonly files: ReadonlyMap<string, MultipartFile>,
    /** Parameters sent as a JSON array (LibreTranslate answers a list only for a list `q`). */
    readonly arrays: ReadonlySet<string>,
  ) {}

  static async read(req: Request, rawBody: Uint8Array): Promise<Params> {
    const values = new Map<string, string[]>();
    const files = new Map<string, MultipartFile>();
    const arrays = new Set<string>();
    const add = (name: string, value: string) => values.set(name, [...(values.get(name) ?? []), value]);
    for (const [name, value] of new URL(req.url).searchParams) add(name, value);

    const type = (req.headers.get("content-type") ?? "").toLowerCase();
    const text = () => new TextDecoder().decode(rawBody);
    if (rawBody.byteLength === 0) return new Params(values, files, arrays);
    if (type.startsWith("application/json")) {
      let body: unknown;
      try {
        body = JSON.parse(text());
      } catch {
        throw badRequest("The request body is not valid JSON.");
      }
      if (body === null || typeof body !== "object" || Array.isArray(body))
        throw badRequest("The request body must be a JSON object.");
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (Array.isArray(value)) {
          arrays.add(name);
          for (const item of value) add(name, scalar(name, item));
        } else if (value !== null && value !== undefined) add(name, scalar(name, value));
      }
    } else if (type.startsWith("multipart/form-data")) {
      let form;
      try {
        form = await parseMultipart(rawBody, req.headers.get("content-type") ?? "");
      } catch (error) {
        throw badRequest(
          `The multipart body could not be parsed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      for (const [name, value] of form.entries) {
        if (isFile(value)) files.set(name, value);
        else add(name, value);
      }
    } else {
      // Form-urlencoded, also when a client (curl -d) leaves the type out.
      for (const [name, value] of new URLSearchParams(text())) add(name, value);
    }
    return new Params(values, files, arrays);
  }

  /** Every value of a parameter. */
  all(name: string): readonly string[] {
    return this.values.get(name) ?? [];
  }

  /** The parameter's value; absent or empty is undefined; repeated is a 400. */
  get(name: string): string | undefined {
    const list = this.all(name);
    if (list.length > 1) throw badRequest(`'${name}' may be given only once.`, name);
    const value = list[0]?.trim();
    return value ? value : undefined;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  names(): string[] {
    return [...this.values.keys()];
  }
}

function scalar(name: string, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw badRequest(`'${name}' must be a string or an array of strings.`, name);
}

/** A boolean parameter as DeepL and LibreTranslate clients write it ("1", "true", "0", "false"). */
export function flag(params: Params, name: string): boolean | undefined {
  const value = params.get(name)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value === "1" || value === "true" || value === "on") return true;
  if (value === "0" || value === "false" || value === "off") return false;
  throw badRequest(`'${name}' must be 0/1 or true/false.`, name);
}
