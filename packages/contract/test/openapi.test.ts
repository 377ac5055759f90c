import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

import { type Operation, openApiDocument, operations } from "../src";

interface DocOperation {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown>; example?: unknown }> };
  responses: Record<
    string,
    {
      $ref?: string;
      description?: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { example?: unknown }>;
    }
  >;
}
const doc = openApiDocument("https://tolk.acme.test/") as {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, DocOperation>>;
  components: { responses: Record<string, unknown>; headers: Record<string, unknown> };
};
const all = Object.values(operations) as Operation[];
const entry = (op: Operation) => doc.paths[op.path]?.[op.method.toLowerCase()] as DocOperation;

describe("openApiDocument", () => {
  it("documents every operation under its operationId and tags, with an example response (and request when it has a body)", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "https://tolk.acme.test", description: "This instance" }]);
    expect(all).toHaveLength(39);
    for (const op of all) {
      const e = entry(op);
      expect(e.operationId).toBe(op.operationId);
      expect(e.tags.length).toBeGreaterThan(0);
      const success = e.responses[String(op.success.status)];
      const examples = Object.values(success?.content ?? {}).map((c) => c.example);
      if (op.success.status !== 302)
        expect(
          examples.some((x) => x !== undefined),
          op.operationId,
        ).toBe(true);
      if (op.body) expect(Object.values(e.requestBody?.content ?? {})[0]?.example, op.operationId).toBeDefined();
    }
  });

  it("answers 201 where a create answers 201, and lists every status the pipeline can answer", () => {
    expect(Object.keys(entry(operations.createGlossary).responses)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "409", "413", "422", "429", "431", "500", "503"]),
    );
    expect(entry(operations.createGlossary).responses["200"]).toBeUndefined();
    expect(Object.keys(entry(operations.getGlossary).responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "404", "429", "500", "503"]),
    );
    // A GET has no body to be too large, and no Idempotency-Key.
    expect(Object.keys(entry(operations.getGlossary).responses)).not.toContain("413");
    expect(Object.keys(entry(operations.getGlossary).responses)).not.toContain("409");
    expect(Object.keys(entry(operations.translateText).responses)).toContain("402");
  });

  it("documents the headers: request id and rate limit on successes, Retry-After on 429/503, files, jobs and replays", () => {
    const translate = entry(operations.translateText);
    expect(Object.keys(translate.responses["200"]?.headers ?? {})).toEqual(
      expect.arrayContaining([
        "X-Request-Id",
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset",
        "Idempotent-Replayed",
      ]),
    );
    expect(translate.parameters?.map((p) => [p.name, p.in])).toEqual([["Idempotency-Key", "header"]]);
    expect(JSON.stringify(doc.components.responses["Error429"])).toContain("Retry-After");
    expect(JSON.stringify(doc.components.responses["Error503"])).toContain("Retry-After");
    const upload = entry(operations.uploadDocument);
    expect(upload.parameters?.map((p) => p.name)).toContain("Prefer");
    for (const status of ["200", "202"])
      expect(Object.keys(upload.responses[status]?.headers ?? {})).toEqual(
        expect.arrayContaining(["X-Job-Id", "Location"]),
      );
    expect(Object.keys(entry(operations.exportMemory).responses["200"]?.headers ?? {})).toContain(
      "Content-Disposition",
    );
    expect(Object.keys(entry(operations.downloadDocument).responses["302"]?.headers ?? {})).toContain("Location");
  });

  it("lets responses grow (no closed objects) while request bodies stay strict", () => {
    for (const op of all) {
      const e = entry(op);
      expect(JSON.stringify(e.responses), op.operationId).not.toContain('"additionalProperties":false');
    }
    const translateBody = entry(operations.translateText).requestBody?.content["application/json"]?.schema;
    expect(translateBody?.additionalProperties).toBe(false);
    expect(translateBody?.required).toEqual(expect.arrayContaining(["text", "target_lang"]));
    // source_lang may be left out (or "auto"): the analysis detects it.
    expect(translateBody?.required).not.toContain("source_lang");
  });

  it("turns query schemas into parameters and path templates into path parameters", () => {
    expect(entry(operations.getUsage).parameters?.map((p) => p.name)).toEqual(["from", "to"]);
    expect(entry(operations.deleteGlossaryEntry).parameters?.map((p) => [p.name, p.in])).toEqual([
      ["id", "path"],
      ["entry_id", "path"],
    ]);
    expect(Object.keys(entry(operations.importMemory).requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(Object.keys(entry(operations.exportMemory).responses["200"]?.content ?? {})).toEqual([
      "application/x-tmx+xml",
    ]);
    expect(entry(operations.createProject).responses["403"]?.description).toContain("plan_limit_reached");
  });
});

describe("the operations", () => {
  it("have unique operationIds (their keys) and unique method + path", () => {
    for (const [key, op] of Object.entries(operations)) expect(op.operationId).toBe(key);
    expect(new Set(all.map((op) => `${op.method} ${op.path}`)).size).toBe(all.length);
  });

  it("have examples the schemas accept: requests as clients write them, responses as the server sends them", () => {
    for (const op of all) {
      if (op.body && op.bodyType !== "multipart/form-data")
        expect(op.body.safeParse(op.examples.request).error, op.operationId).toBeUndefined();
      if (op.query) expect(op.query.safeParse(op.examples.query ?? {}).error, op.operationId).toBeUndefined();
      if ("schema" in op.success)
        expect(op.success.schema.safeParse(op.examples.response).error, op.operationId).toBeUndefined();
    }
  });
});

const run = promisify(execFile);

describe("redocly lint", () => {
  it("finds no error and no warning in the generated document", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tolk-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const bin = resolve(import.meta.dirname, "..", "node_modules", ".bin", "redocly");
      // The recommended rules, offline: no telemetry, no update check.
      const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
      const result = await run(bin, ["lint", file, "--format=json"], { env, maxBuffer: 64 * 1024 * 1024 }).catch(
        (err: { stdout: string; stderr: string }) => err,
      );
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as {
        totals: { errors: number; warnings: number };
        problems: unknown[];
      };
      expect(report.problems, JSON.stringify(report.problems, null, 1).slice(0, 4000)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
