import { describe, expect, it } from "vitest";

import { openApiDocument, operations } from "../src";

describe("openApiDocument", () => {
  const doc = openApiDocument("http://localhost:3000") as {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>>;
  };

  it("documents every operation with its success and error responses", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const op of operations) {
      const entry = doc.paths[op.path]?.[op.method];
      expect(entry, `${op.method} ${op.path}`).toBeDefined();
      expect(Object.keys(entry?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "429"]));
    }
  });

  it("documents the translate request bodies as clients write them", () => {
    const post = (doc.paths["/v1/translate"] as Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }> | undefined)
      ?.post;
    const schema = post?.requestBody?.content["application/json"]?.schema;
    expect(schema?.required).toEqual(expect.arrayContaining(["text", "target_lang"]));
    // source_lang may be left out (or "auto"): the analysis detects it.
    expect(schema?.required).not.toContain("source_lang");
  });

  it("turns the usage query schema into its two optional parameters", () => {
    expect(doc.paths["/v1/usage"]?.get?.parameters?.map((p) => p.name)).toEqual(["from", "to"]);
  });

  it("documents the management API: path parameters, multipart imports, file exports, plan_limit_reached", () => {
    const paths = doc.paths as Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content: Record<string, unknown> };
          responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
        }
      >
    >;
    expect(paths["/v1/glossaries/{id}/entries/{entry_id}"]?.delete?.parameters?.map((p) => [p.name, p.in])).toEqual([
      ["id", "path"],
      ["entry_id", "path"],
    ]);
    expect(Object.keys(paths["/v1/memories/{id}/import"]?.post?.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(Object.keys(paths["/v1/memories/{id}/export"]?.get?.responses["200"]?.content ?? {})).toEqual(["application/x-tmx+xml"]);
    expect(paths["/v1/projects"]?.post?.responses["403"]?.description).toContain("plan_limit_reached");
  });
});
