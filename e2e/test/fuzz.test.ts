// A schema-driven fuzzer over the published OpenAPI document, against the production build on the
// embedded defaults: for every operation, a bounded number of requests whose path parameters,
// query and body are drawn from the operation's own schemas and then damaged (wrong types, NUL
// characters, odd Unicode, huge or empty values, missing and unknown fields). Whatever it sends,
// the server must answer below 500, never redirect, and every error in the error shape with the
// request id. Path parameters also go out unencoded (`%ff`, `../../etc/passwd` as written) or with
// a trailing slash, and some requests use a method no route has (node:http sends a path as
// written, where fetch would normalise it).
import { Agent, request } from "node:http";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

const data = tempDataDir();
const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
let server: RunningServer;
let key: string;

/** Requests per operation; the seed is fixed so a failure replays (FUZZ_SEED picks another). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

beforeAll(async () => {
  // Enterprise limits high enough that the fuzzer is not merely counting 429s.
  const limits = JSON.stringify({
    api_per_min: 100_000,
    translate_per_min: 100_000,
    segment_per_min: 100_000,
    analyze_per_min: 100_000,
  });
  const org = await tolk(["org", "create", "--name", "Fuzz", "--plan", "enterprise", "--limits", limits], env);
  key = String(org.api_key);
  server = await startServer(env);
});
afterAll(async () => {
  await server.stop();
  data.remove();
});

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
};

/** Strings a careless or hostile client sends. */
const nasty = fc.constantFrom(
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "%ff",
  "../../etc/passwd",
  "💥".repeat(40),
  "\u202Eevil",
  "x".repeat(70_000),
  "{{x}} %s ${y} <b>z</b>",
  "null",
  "gls_",
  "tm_0000000000000000000000",
  "-1",
  "1e309",
  "\uD800",
);
const anyJson = fc.oneof(
  fc.string(),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

/** An arbitrary that mostly follows the schema and sometimes breaks it. */
function fromSchema(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const valid = followSchema(schema, depth);
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: anyJson, weight: 1 });
}

function followSchema(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => followSchema(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
        nasty,
        fc.constantFrom("en", "es", "fr", "auto"),
      );
    case "integer":
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000) }),
        fc.constantFrom(-1, 0, 2 ** 53),
      );
    case "number":
      return fc.double({ noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return depth > 3 ? fc.constant([]) : fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case "object": {
      if (depth > 3) return fc.constant({});
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, depth + 1)]));
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      return fc.oneof(
        { arbitrary: fc.record(fields, { requiredKeys }), weight: 4 },
        { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 1 },
        {
          arbitrary: fc
            .tuple(fc.record(fields, { requiredKeys }), fc.string({ minLength: 1, maxLength: 8 }))
            .map(([o, k]) => ({ ...o, [`x_${k}`]: 1 })),
          weight: 1,
        },
      );
    }
    default:
      return anyJson;
  }
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema?: Schema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const pathParam = fc.oneof(
  fc.stringMatching(/^[a-z]{2,4}_[0-9A-Za-z]{22}$/),
  nasty.filter((s) => s.length < 2_000),
  fc.string({ minLength: 1, maxLength: 30 }),
);

/** How a path parameter goes on the wire: percent-encoded, as written (when HTTP can carry it), or encoded with a trailing slash after the path. */
const pathStyle = fc.constantFrom("encoded", "encoded", "encoded", "raw", "trailing-slash");
/** Printable ASCII without `?` and `#`: what can stand in a request line as written. */
const sendableRaw = (value: string) => /^[\x21-\x7e]+$/u.test(value) && !/[?#]/u.test(value);

function requestArbitrary(path: string, method: string, op: OpenApiOperation) {
  const params = op.parameters ?? [];
  const pathNames = params.filter((p) => p.in === "path").map((p) => p.name);
  const query = params.filter((p) => p.in === "query");
  const json = op.requestBody?.content["application/json"]?.schema;
  return fc.record({
    path: fc.tuple(fc.tuple(...pathNames.map(() => pathParam.filter(encodable))), pathStyle).map(([values, style]) => {
      const filled = pathNames.reduce((p, name, i) => {
        const value = String(values[i]);
        return p.replace(`{${name}}`, style === "raw" && sendableRaw(value) ? value : encodeURIComponent(value));
      }, path);
      return style === "trailing-slash" ? `${filled}/` : filled;
    }),
    query: fc.record(
      Object.fromEntries(query.map((q) => [q.name, fromSchema(q.schema ?? { type: "string" }).map(String)])),
      { requiredKeys: [] },
    ),
    body: json ? fromSchema(json) : fc.constant(undefined),
    method: fc.oneof(
      { arbitrary: fc.constant(method.toUpperCase()), weight: 9 },
      { arbitrary: fc.constantFrom("PROPFIND", "PURGE", "MKCOL"), weight: 1 },
    ),
  });
}

const agent = new Agent({ keepAlive: true });

/** One request with node:http, which sends the path as written (fetch would resolve dot segments). */
function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; header: (name: string) => string | undefined; text: string }>(
    (resolve, reject) => {
      const url = new URL(server.url);
      const req = request({ host: url.hostname, port: url.port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            header: (name) => [res.headers[name] ?? []].flat()[0],
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}

describe("fuzzing every operation of /openapi.json", () => {
  it(`answers ${RUNS} damaged requests per operation below 500, errors in the error shape`, async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, op } of operations) {
      const samples = fc.sample(requestArbitrary(path, method, op), { numRuns: RUNS, seed: SEED });
      for (const sample of samples) {
        const search = new URLSearchParams(
          Object.entries(sample.query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString();
        const target = `${sample.path}${search ? `?${search}` : ""}`;
        const body = sample.body === undefined || sample.method === "GET" ? undefined : JSON.stringify(sample.body);
        const res = await send(
          sample.method,
          target,
          {
            Authorization: `Bearer ${key}`,
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body,
        );
        sent++;
        const where = `${sample.method} ${target.slice(0, 120)} → ${res.status}`;
        if (res.status >= 500) failures.push(`${where}: ${res.text.slice(0, 200)}`);
        else if (res.status >= 300 && res.status < 400)
          failures.push(`${where}: a redirect (to ${res.header("location")})`);
        else if (res.status >= 400) {
          const error = safeJson(res.text) as { error?: { code?: unknown; request_id?: unknown } } | null;
          if (typeof error?.error?.code !== "string" || error.error.request_id !== res.header("x-request-id")) {
            failures.push(`${where}: not in the error shape: ${res.text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBe(operations.length * RUNS);
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

/**
 * A path parameter a client can send: not empty (that is another path, ending in a slash) and
 * without a lone surrogate (it has no UTF-8 form, so no URL can carry it).
 */
function encodable(value: string): boolean {
  if (value === "") return false;
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
