import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: its default export is the module object under Node's ESM loader.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; headers: Record<string, Json> };
}

/** One answer of the server, as a client saw it. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The body's text (a file's too). */
  text: string;
}

/**
 * Checks answers of the running server against its own /openapi.json: the status is documented
 * for the operation, the headers the document requires are there and have the documented type,
 * and a JSON body matches the schema with every object closed, so a field the document does not
 * name fails (the document itself lets clients accept new fields).
 */
export class Conformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly problems: string[] = [];
  /** operationId → statuses seen. */
  readonly seen = new Map<string, Set<number>>();

  constructor(private readonly doc: Doc) {
    addFormats(this.ajv);
  }

  /** The operation's method and path template. */
  operation(operationId: string): { method: string; path: string; op: Json } {
    for (const [path, methods] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(methods))
        if (op.operationId === operationId) return { method: method.toUpperCase(), path, op };
    }
    throw new Error(`No operation ${operationId} in /openapi.json`);
  }

  operationIds(): string[] {
    return Object.values(this.doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => String(op.operationId)),
    );
  }

  private deref<T>(value: T): T {
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== "string") return value;
    const [, , kind, name] = ref.split("/");
    return (this.doc.components as unknown as Record<string, Record<string, T>>)[kind ?? ""]?.[name ?? ""] as T;
  }

  /** The schema with its references inlined and every object closed to the fields it names. */
  private strict(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.strict(s));
    if (schema === null || typeof schema !== "object") return schema;
    const resolved = this.deref(schema) as Json;
    const out: Json = {};
    for (const [key, value] of Object.entries(resolved)) out[key] = this.strict(value);
    if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.strict(schema) as Json);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Checks one answer to `operationId`; problems are collected, not thrown. */
  check(operationId: string, answer: Answer): void {
    const { op } = this.operation(operationId);
    const statuses = this.seen.get(operationId) ?? new Set<number>();
    statuses.add(answer.status);
    this.seen.set(operationId, statuses);
    const where = `${operationId} → ${answer.status}`;
    const response = this.deref((op.responses as Record<string, Json>)[String(answer.status)]);
    if (!response) {
      this.problems.push(`${where}: status not documented (${answer.text.slice(0, 200)})`);
      return;
    }
    this.checkResponse(`${operationId}:${answer.status}`, where, response, answer);
  }

  /** Checks an answer that belongs to no operation (a 405 for a method the path lacks): the error shape and its request id. */
  checkError(where: string, answer: Answer): void {
    const response = {
      headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    this.checkResponse("error", `${where} → ${answer.status}`, response, answer);
  }

  private checkResponse(key: string, where: string, response: Json, answer: Answer): void {
    for (const [name, h] of Object.entries((response.headers as Record<string, Json> | undefined) ?? {})) {
      const header = this.deref(h);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required === true) this.problems.push(`${where}: required header ${name} missing`);
        continue;
      }
      const schema = header.schema as Json | undefined;
      const typed = schema?.type === "integer" ? Number(value) : value;
      if (schema && !this.validator(`header:${JSON.stringify(schema)}`, schema)(typed))
        this.problems.push(`${where}: header ${name}: ${value} does not match ${JSON.stringify(schema)}`);
    }
    const content = response.content as Record<string, Json> | undefined;
    const type = (answer.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (!content) {
      if (answer.text !== "") this.problems.push(`${where}: a body where the document has none`);
      return;
    }
    const media = content[type];
    if (!media) {
      this.problems.push(`${where}: content type ${type} not documented (${Object.keys(content).join(", ")})`);
      return;
    }
    if (type !== "application/json") return;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      this.problems.push(`${where}: not JSON: ${answer.text.slice(0, 200)}`);
      return;
    }
    const validate = this.validator(`${key}:${type}`, media.schema);
    if (!validate(body))
      this.problems.push(
        `${where}: body does not match: ${this.ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 300)}`,
      );
  }
}
