import { describe, expect, it } from "vitest";

import { documentRequest, openApiDocument } from "../src";

describe("documentRequest (the multipart fields besides file)", () => {
  it("normalizes language codes and decodes glossary_ids from JSON", () => {
    expect(
      documentRequest.parse({ source_lang: "EN", target_lang: "pt-BR", glossary_ids: '["gls_1"]', async: "true" }),
    ).toEqual({
      source_lang: "en",
      target_lang: "pt",
      glossary_ids: ["gls_1"],
      async: "true",
    });
  });

  it("says which field is wrong: empty, unknown, equal languages, bad JSON, unknown fields", () => {
    const issue = (fields: Record<string, string>) => {
      const r = documentRequest.safeParse(fields);
      return r.success ? null : { path: r.error.issues[0]?.path.join("."), message: r.error.issues[0]?.message };
    };
    expect(issue({ source_lang: "", target_lang: "es" })).toEqual({
      path: "source_lang",
      message: "must not be empty",
    });
    expect(issue({ source_lang: "en", target_lang: "  " })).toEqual({
      path: "target_lang",
      message: "must not be empty",
    });
    expect(issue({ source_lang: "en", target_lang: "xx" })?.path).toBe("target_lang");
    expect(issue({ source_lang: "en", target_lang: "EN" })).toEqual({
      path: "target_lang",
      message: "must differ from source_lang",
    });
    expect(issue({ source_lang: "en", target_lang: "es", glossary_ids: "gls_1" })?.path).toBe("glossary_ids");
    expect(issue({ source_lang: "en", target_lang: "es", glossary_ids: '"gls_1"' })?.path).toBe("glossary_ids");
    expect(issue({ source_lang: "en", target_lang: "es", colour: "red" })).not.toBeNull();
  });
});

describe("OpenAPI of the document endpoints", () => {
  const doc = openApiDocument("http://localhost:3000") as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, unknown> };
          responses: Record<string, unknown>;
          parameters?: { name: string; in: string }[];
        }
      >
    >;
  };

  it("documents the upload as multipart with its 202, and the job and download paths with their job_id", () => {
    const upload = doc.paths["/v1/translate/document"]?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(Object.keys(upload?.responses ?? {})).toEqual(expect.arrayContaining(["200", "202", "402", "413"]));
    for (const path of ["/v1/translate/{job_id}", "/v1/documents/{job_id}/download"]) {
      expect(doc.paths[path]?.get?.parameters?.[0]).toEqual(expect.objectContaining({ name: "job_id", in: "path" }));
    }
    // The pre-signed link's query.
    expect(doc.paths["/v1/documents/{job_id}/download"]?.get?.parameters?.slice(1).map((p) => p.name)).toEqual([
      "expires",
      "signature",
    ]);
    expect(Object.keys(doc.paths["/v1/documents/{job_id}/download"]?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "302", "403"]),
    );
  });
});
