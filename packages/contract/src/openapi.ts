import { z } from "zod";

import { formatsResponse, languagesResponse, meResponse, quotaResponse, usageQuery, usageResponse } from "./account";
import { analyzeRequest, analyzeResponse } from "./analyze";
import { documentJobResponse, documentResponse, documentUploadForm } from "./documents";
import { errorBody } from "./errors";
import { resourceOperations } from "./resources";
import { batchRequest, batchResponse, translateRequest, translateResponse } from "./translate";

/** One documented /v1 operation; later endpoints add themselves to `operations`. */
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  scopes: string[];
  response: z.ZodType;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Default application/json; uploads and imports are multipart/form-data. */
  bodyType?: string;
  /** Set when the success response is a file (exports), not the JSON envelope. */
  fileType?: string;
  /** Status of the success response when not 200, and other successes it may give. */
  successes?: Record<string, { description: string; schema?: z.ZodType; contentType?: string }>;
  /** Error statuses beyond the common ones, with what they mean here. */
  errors?: Record<string, string>;
}

export const operations: Operation[] = [
  { method: "post", path: "/v1/translate", summary: "Translate one text", scopes: ["translate"], response: translateResponse, body: translateRequest },
  {
    method: "post",
    path: "/v1/translate/batch",
    summary: "Translate a keyed map of strings into up to 20 languages",
    scopes: ["translate"],
    response: batchResponse,
    body: batchRequest,
  },
  {
    method: "post",
    path: "/v1/analyze/headless",
    summary: "Analyze a text before translating it (no credits)",
    scopes: ["translate"],
    response: analyzeResponse,
    body: analyzeRequest,
  },
  {
    method: "post",
    path: "/v1/translate/document",
    summary: "Translate a document (multipart upload); `Prefer: respond-async` queues it and answers 202 with the job",
    scopes: ["translate"],
    response: documentResponse,
    body: documentUploadForm,
    bodyType: "multipart/form-data",
    successes: { "202": { description: "Queued (Prefer: respond-async or async=true)", schema: documentJobResponse } },
    errors: { "413": "The file exceeds its format's max_size_mb (file_too_large)" },
  },
  {
    method: "get",
    path: "/v1/translate/{job_id}",
    summary: "Status and progress of a document translation job",
    scopes: ["translate", "read"],
    response: documentJobResponse,
    errors: { "404": "No such job in this organization" },
  },
  {
    method: "get",
    path: "/v1/documents/{job_id}/download",
    summary: "The translated file; with `expires` and `signature` (the pre-signed link) no token is needed",
    scopes: ["translate", "read"],
    response: z.string(),

    successes: {
      "200": { description: "The translated file, as an attachment", contentType: "application/octet-stream" },
      "302": { description: "Redirect to the object storage's short-lived link (S3)" },
    },
    errors: {
      "403": "Invalid or expired link signature (invalid_signature), or the key lacks the scope",
      "404": "No such job in this organization, or its file was deleted after retention",
    },
  },
  { method: "get", path: "/v1/me", summary: "Identity of the caller", scopes: ["read"], response: meResponse },
  { method: "get", path: "/v1/quota", summary: "Plan, credits, rate limits and plan limits", scopes: ["read"], response: quotaResponse },
  {
    method: "get",
    path: "/v1/usage",
    summary: "Characters and translations per target language",
    scopes: ["read"],
    response: usageResponse,
    query: usageQuery,
  },
  { method: "get", path: "/v1/languages", summary: "Supported languages", scopes: ["read"], response: languagesResponse },
  { method: "get", path: "/v1/formats", summary: "Supported document formats", scopes: ["read"], response: formatsResponse },
  ...resourceOperations,
];

const errorResponses = {
  "400": "Invalid request",
  "402": "Not enough credits",
  "401": "Missing, invalid or expired credentials",
  "403": "The key lacks the scope (insufficient_scope), or a create beyond the plan's limit (plan_limit_reached)",
  "429": "Rate limit exceeded; see Retry-After",
  "500": "Internal error",
};

// Requests are documented as clients write them (io: input), responses as the server sends them.
const jsonSchema = (schema: z.ZodType, io: "input" | "output" = "output") => z.toJSONSchema(schema, { io, unrepresentable: "any" });

/** The OpenAPI 3.1 document of /v1, generated from the same schemas the server validates with. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const pathParameters = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    const queryParameters = op.query
      ? Object.entries(op.query.shape).map(([name, schema]) => ({
          name,
          in: "query",
          required: !(schema as z.ZodType).safeParse(undefined).success,
          schema: jsonSchema(schema as z.ZodType),
        }))
      : [];
    const all = [...pathParameters, ...queryParameters];
    const parameters = all.length > 0 ? all : undefined;
    const success = op.successes?.["200"];
    const ok = success
      ? {
          description: success.description,
          content: {
            [success.contentType ?? "application/json"]: { schema: success.schema ? jsonSchema(success.schema) : { type: "string", format: "binary" } },
          },
        }
      : { description: "OK", content: { "application/json": { schema: jsonSchema(op.response) } } };
    const otherSuccesses = Object.fromEntries(
      Object.entries(op.successes ?? {})
        .filter(([status]) => status !== "200")
        .map(([status, s]) => [
          status,
          s.schema ? { description: s.description, content: { "application/json": { schema: jsonSchema(s.schema) } } } : { description: s.description },
        ]),
    );
    paths[op.path] ??= {};
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        summary: op.summary,
        security: [{ bearer: [] }],
        "x-scopes": op.scopes,
        ...(parameters ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: true, content: { [op.bodyType ?? "application/json"]: { schema: jsonSchema(op.body, "input") } } } } : {}),
        responses: {
          "200": op.fileType ? { description: "The file", content: { [op.fileType]: { schema: { type: "string" } } } } : ok,
          ...otherSuccesses,
          ...Object.fromEntries(
            Object.entries({ ...errorResponses, ...op.errors }).map(([status, description]) => [
              status,
              { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
            ]),
          ),
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Tolk API", version: "1" },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key (svc_…) or a session token (JWT)" } },
      schemas: { Error: jsonSchema(errorBody) },
    },
    paths,
  };
}
