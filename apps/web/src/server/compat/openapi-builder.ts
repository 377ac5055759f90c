/**
 * A small vocabulary for the hand-written OpenAPI documents of the compatible APIs (/v2, /v3 and
 * /libretranslate): their parameters are parsed by hand (params.ts) to accept every encoding real
 * clients send, so there is no zod schema to generate them from as /v1's are.
 */
export type Json = Record<string, unknown>;

export interface Field {
  name: string;
  type: "string" | "integer" | "boolean" | "array" | "object" | "file";
  description: string;
  required?: boolean;
  enum?: readonly string[];
  /** For arrays: the item type. */
  items?: "string";
}

const schemaOf = (f: Field): Json =>
  f.type === "file"
    ? { type: "string", format: "binary", description: f.description }
    : {
        type: f.type,
        description: f.description,
        ...(f.enum ? { enum: f.enum } : {}),
        ...(f.type === "array" ? { items: { type: f.items ?? "string" } } : {}),
      };

/** A request body accepted as JSON, form-encoded or (with a file) multipart, as the real API does. */
export function body(
  fields: readonly Field[],
  encodings: readonly ("json" | "form" | "multipart")[] = ["json", "form"],
): Json {
  const schema = {
    type: "object",
    properties: Object.fromEntries(fields.map((f) => [f.name, schemaOf(f)])),
    required: fields.filter((f) => f.required).map((f) => f.name),
  };
  const media: Record<string, string> = {
    json: "application/json",
    form: "application/x-www-form-urlencoded",
    multipart: "multipart/form-data",
  };
  return { required: true, content: Object.fromEntries(encodings.map((e) => [media[e], { schema }])) };
}

export const query = (fields: readonly Field[]): Json[] =>
  fields.map((f) => ({
    name: f.name,
    in: "query",
    required: f.required ?? false,
    description: f.description,
    schema: schemaOf(f),
  }));

export const pathParam = (name: string, description: string): Json => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});

/** A JSON answer described by an example (the compatible APIs' shapes are the originals', documented by them). */
export const jsonAnswer = (description: string, example: unknown): Json => ({
  description,
  content: { "application/json": { example } },
});

export function operation(o: {
  /** Unique in the document, e.g. "translateText". */
  id: string;
  summary: string;
  description?: string;
  tag: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  /** The error statuses it answers, each described once in the document's components. */
  errors: readonly string[];
  public?: boolean;
}): Json {
  const errors = Object.fromEntries(o.errors.map((status) => [status, { $ref: `#/components/responses/E${status}` }]));
  return {
    operationId: o.id,
    summary: o.summary,
    ...(o.description ? { description: o.description } : {}),
    tags: [o.tag],
    ...(o.parameters ? { parameters: o.parameters } : {}),
    ...(o.requestBody ? { requestBody: o.requestBody } : {}),
    ...(o.public ? { security: [] } : {}),
    responses: { ...o.responses, ...errors },
  };
}

/** The shared error answers: each status once, in the API's own error shape. */
function errorResponses(statuses: Record<string, string>, example: (message: string) => unknown): Json {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, message]) => [
      `E${status}`,
      { description: message, content: { "application/json": { example: example(message) } } },
    ]),
  );
}

/** A whole document: this instance as its server, one security scheme, the errors in the API's shape. */
export function compatDocument(d: {
  serverUrl: string;
  title: string;
  version: string;
  description: string;
  security: { name: string; scheme: Json };
  errors: Record<string, string>;
  errorExample: (message: string) => unknown;
  paths: Record<string, Json>;
}): Json {
  return {
    openapi: "3.1.0",
    info: { title: d.title, version: d.version, description: d.description },
    servers: [{ url: d.serverUrl.replace(/\/+$/u, ""), description: "This instance" }],
    security: [{ [d.security.name]: [] }],
    components: {
      securitySchemes: { [d.security.name]: d.security.scheme },
      responses: errorResponses(d.errors, d.errorExample),
    },
    paths: d.paths,
  };
}
