import { describe, expect, it } from "vitest";

import { openApiDocument, operations } from "../src";

describe("openApiDocument", () => {
  const doc = openApiDocument("http://localhost:3000") as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>> };

  it("documents every operation with its success and error responses", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const op of operations) {
      const entry = doc.paths[op.path]?.[op.method];
      expect(entry, `${op.method} ${op.path}`).toBeDefined();
      expect(Object.keys(entry?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "429"]));
    }
  });

  it("documents the translate request bodies as clients write them", () => {
    const post = (doc.paths["/v1/translate"] as Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }> | undefined)?.post;
    const schema = post?.requestBody?.content["application/json"]?.schema;
    expect(schema?.required).toEqual(expect.arrayContaining(["text", "target_lang"]));
    // source_lang may be left out (or "auto"): the analysis detects it.
    expect(schema?.required).not.toContain("source_lang");
  });

  it("turns the usage query schema into its two optional parameters", () => {
    expect(doc.paths["/v1/usage"]?.get?.parameters?.map((p) => p.name)).toEqual(["from", "to"]);
  });
});
