import { z } from "zod";

import { errorBody } from "./errors";
import { type Operation, type ResponseHeader, type Success, pathParamNames } from "./operation";
import { operationTags, operations } from "./operations";

/**
 * The OpenAPI 3.1 document of /v1, generated from the operations (operations.ts) and the same
 * zod schemas the server validates with.
 */

type Json = Record<string, unknown>;

/** What every operation can answer besides its own errors, and what it means there. */
const COMMON_ERRORS: Record<string, string> = {
  "400": "Invalid request (bad_request): the field is named in `param`",
  "401": "Missing, invalid or expired credentials (unauthorized)",
  "403": "The key lacks the scope this operation needs (insufficient_scope)",
  "429": "Rate limit exceeded (rate_limit_exceeded); retry after `Retry-After` seconds",
  "431": "Request headers over 16 KB in all (headers_too_large)",
  "500": "Internal error (internal_error); the request id finds it in the server log",
  "503":
    "The instance is shutting down, lost its database connection, could not check rate limits (Redis did not answer in time), or the translation engine is unavailable (service_unavailable, engine_unavailable); nothing was billed; retry after `Retry-After` seconds",
};
const BODY_ERRORS: Record<string, string> = { "413": "The request body is too large (payload_too_large)" };
const IDEMPOTENCY_ERRORS: Record<string, string> = {
  "409":
    "A request with this Idempotency-Key is still being processed (idempotency_conflict); retry after `Retry-After` seconds",
  "422": "This Idempotency-Key was already used with a different request (idempotency_error)",
};

const RESPONSE_HEADERS: Record<
  | ResponseHeader
  | "X-Request-Id"
  | "X-RateLimit-Limit"
  | "X-RateLimit-Remaining"
  | "X-RateLimit-Reset"
  | "Retry-After"
  | "Idempotent-Replayed",
  Json
> = {
  "X-Request-Id": {
    description: "The request's id, also in the body's `meta.request_id` or `error.request_id`",
    schema: { type: "string", format: "uuid" },
  },
  "X-RateLimit-Limit": {
    description: "Requests allowed per minute in the tightest bucket this request took from",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "integer" } },
  "X-RateLimit-Reset": {
    description: "Seconds until the window resets (a delta, not a timestamp)",
    schema: { type: "integer" },
  },
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" } },
  "Idempotent-Replayed": {
    description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
  "Content-Disposition": { description: "`attachment` with the file's name", schema: { type: "string" } },
  "X-Job-Id": { description: "The document job (GET /v1/translate/{job_id})", schema: { type: "string" } },
  Location: { description: "Where the job (202, 200) or the file (302) is", schema: { type: "string" } },
};
type HeaderName = keyof typeof RESPONSE_HEADERS;
const ref = (name: HeaderName) => ({ [name]: { $ref: `#/components/headers/${name}` } });
const RATE_LIMIT: HeaderName[] = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];
/** The rate-limit headers of an error decided before the rate limit (or at the edge): there when counted. */
const optionalRateLimit = Object.fromEntries(
  RATE_LIMIT.map((name) => [name, { ...RESPONSE_HEADERS[name], required: false }]),
);

/** Responses allow fields added later (additive changes); requests stay as strict as the server. */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "additionalProperties" && value === false) continue;
    if (key === "$schema") continue;
    out[key] = openObjects(value);
  }
  return out;
}

// Requests are documented as clients write them (io: input), responses as the server sends them.
const requestSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
};
const responseSchema = (schema: z.ZodType) =>
  openObjects(z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }));

function successResponse(op: Operation, success: Success, example: unknown): Json {
  const headers: Json = { ...ref("X-Request-Id"), ...RATE_LIMIT.reduce((all, name) => ({ ...all, ...ref(name) }), {}) };
  for (const name of success.headers ?? []) Object.assign(headers, ref(name));
  if (op.method === "POST") Object.assign(headers, ref("Idempotent-Replayed"));
  if ("schema" in success) {
    const content = {
      "application/json": { schema: responseSchema(success.schema), ...(example === undefined ? {} : { example }) },
    };
    return { description: success.description, headers, content };
  }
  if ("contentTypes" in success) {
    const content = Object.fromEntries(
      success.contentTypes.map((type, i) => [
        type,
        { schema: { type: "string" }, ...(i === 0 && example !== undefined ? { example } : {}) },
      ]),
    );
    return { description: success.description, headers, content };
  }
  return { description: success.description, headers };
}

function errorResponse(status: string, description: string): Json {
  const limited = status === "429";
  const retry = limited || status === "503" || status === "409";
  const headers = {
    ...ref("X-Request-Id"),
    ...(limited ? RATE_LIMIT.reduce((all, name) => ({ ...all, ...ref(name) }), {}) : optionalRateLimit),
    ...(retry ? ref("Retry-After") : {}),
  };
  return { description, headers, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
}

const COMMON_RESPONSES = Object.fromEntries(
  Object.entries({ ...COMMON_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS }).map(([status, description]) => [
    `Error${status}`,
    errorResponse(status, description),
  ]),
);

/** The operation's error responses: its own meanings inline, the common ones by reference. */
function errorResponses(op: Operation): Json {
  const statuses = [
    ...Object.keys(COMMON_ERRORS),
    ...(op.method === "POST" || op.method === "PATCH" ? Object.keys(BODY_ERRORS) : []),
    ...(op.method === "POST" ? Object.keys(IDEMPOTENCY_ERRORS) : []),
    ...Object.keys(op.errors),
  ];
  const own = op.errors as Record<string, string | undefined>;
  return Object.fromEntries(
    [...new Set(statuses)]
      .sort((a, b) => Number(a) - Number(b))
      .map((status) => {
        const meaning = own[status];
        return [
          status,
          meaning === undefined ? { $ref: `#/components/responses/Error${status}` } : errorResponse(status, meaning),
        ];
      }),
  );
}

function parameters(op: Operation): Json[] {
  const path = pathParamNames(op.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = Object.entries(op.query?.shape ?? {}).map(([name, schema]) => {
    const s = schema as z.ZodType;
    const raw = op.examples.query?.[name];
    // Query values are text on the wire; the example is the value the schema describes.
    const example =
      raw !== undefined && s.safeParse(raw).success && typeof s.parse(raw) === "number" ? Number(raw) : raw;
    return {
      name,
      in: "query",
      required: !s.safeParse(undefined).success,
      schema: requestSchema(s),
      ...(s.description ? { description: s.description } : {}),
      ...(example === undefined ? {} : { example }),
    };
  });
  const headers: Json[] = [];
  if (op.method === "POST") {
    headers.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "A key of your choice: a retry with the same key and request answers the first result again and bills nothing again",
      schema: { type: "string" },
      example: "9b2f6c1e-order-1042",
    });
  }
  if (op.headers?.includes("Prefer")) {
    headers.push({
      name: "Prefer",
      in: "header",
      required: false,
      description: "`respond-async`: queue the job and answer 202 at once",
      schema: { type: "string" },
      example: "respond-async",
    });
  }
  return [...path, ...query, ...headers];
}

function operationObject(op: Operation): Json {
  const params = parameters(op);
  const successes = [op.success, ...(op.otherSuccesses ?? [])];
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: op.presignedLinks ? [{ bearer: [] }, {}] : [{ bearer: [] }],
    "x-scopes": [...op.scopes],
    "x-rate-limit-buckets": ["api", ...op.buckets],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              [op.bodyType ?? "application/json"]: {
                schema: requestSchema(op.body),
                ...(op.examples.request === undefined ? {} : { example: op.examples.request }),
              },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        successes.map((s, i) => [String(s.status), successResponse(op, s, i === 0 ? op.examples.response : undefined)]),
      ),
      ...errorResponses(op),
    },
  };
}

const DESCRIPTION = [
  "The Tolk translation API. Every success is `{data, meta}` with `meta.request_id`; every error is `{error: {code, message, type, request_id, param?}}`.",
  "Every response carries `X-Request-Id`; those that reached the rate limiter carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.",
  "A method a path does not have answers 405 `method_not_allowed` with an `Allow` header; an unknown path under /v1 answers 404 `not_found`, both in the error shape.",
  "Responses may gain fields (additive changes within /v1): clients should ignore fields they do not know.",
].join("\n\n");

/** The OpenAPI 3.1 document of /v1. */
export function openApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of Object.values(operations) as Operation[]) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tolk API",
      version: "1",
      description: DESCRIPTION,
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: serverUrl.replace(/\/+$/u, ""), description: "This instance" }],
    security: [{ bearer: [] }],
    tags: operationTags.map((t) => ({ ...t })),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key (svc_…) or a session token (JWT)" },
      },
      schemas: { Error: responseSchema(errorBody) },
      headers: Object.fromEntries(
        Object.entries(RESPONSE_HEADERS).map(([name, h]) => [name, { ...h, required: name !== "Idempotent-Replayed" }]),
      ),
      responses: COMMON_RESPONSES,
    },
    paths,
  };
}
