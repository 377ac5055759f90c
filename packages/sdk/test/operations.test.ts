import { openApiDocument } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { TolkClient, paginate } from "../src";
import { fakeApi, ok } from "./fake-api";

// Every /v1 operation by its operationId: the method, path, query and body it sends.
let api: Awaited<ReturnType<typeof fakeApi>>;
let client: TolkClient;
beforeAll(async () => {
  api = await fakeApi((req) =>
    req.path.endsWith("/export") || req.path.endsWith("/download")
      ? { status: 200, body: "file", headers: { "Content-Disposition": 'attachment; filename="x.csv"' } }
      : ok({}),
  );
  client = new TolkClient({ baseUrl: api.url, token: "svc_test", maxRetries: 0 });
});
afterAll(() => api.close());

const file = new Blob(["a,b\n"]);
type Case = [
  operationId: string,
  call: (c: TolkClient) => Promise<unknown>,
  method: string,
  path: string,
  query?: Record<string, string>,
  body?: unknown,
];
const cases: Case[] = [
  [
    "translateText",
    (c) => c.translateText({ text: "Hi", target_lang: "es" }),
    "POST",
    "/v1/translate",
    {},
    { text: "Hi", target_lang: "es" },
  ],
  [
    "translateBatch",
    (c) => c.translateBatch({ strings: { a: "Hi" }, source_lang: "en", target_langs: ["es"] }),
    "POST",
    "/v1/translate/batch",
    {},
    { strings: { a: "Hi" }, source_lang: "en", target_langs: ["es"] },
  ],
  ["analyzeText", (c) => c.analyzeText({ text: "Hi" }), "POST", "/v1/analyze/headless", {}, { text: "Hi" }],
  [
    "uploadDocument",
    (c) => c.uploadDocument(file, { filename: "a.txt", source_lang: "en", target_lang: "es" }),
    "POST",
    "/v1/translate/document",
  ],
  ["getDocumentJob", (c) => c.getDocumentJob("job 1"), "GET", "/v1/translate/job%201"],
  ["downloadDocument", (c) => c.downloadDocument("job_1"), "GET", "/v1/documents/job_1/download"],
  ["getMe", (c) => c.getMe(), "GET", "/v1/me"],
  ["getQuota", (c) => c.getQuota(), "GET", "/v1/quota"],
  [
    "getUsage",
    (c) => c.getUsage({ from: "2026-01-01", to: "2026-01-31" }),
    "GET",
    "/v1/usage",
    { from: "2026-01-01", to: "2026-01-31" },
  ],
  ["listLanguages", (c) => c.listLanguages(), "GET", "/v1/languages"],
  ["listFormats", (c) => c.listFormats(), "GET", "/v1/formats"],
  [
    "listGlossaries",
    (c) => c.listGlossaries({ limit: 5, starting_after: "g_0" }),
    "GET",
    "/v1/glossaries",
    { limit: "5", starting_after: "g_0" },
  ],
  [
    "createGlossary",
    (c) => c.createGlossary({ name: "G", source_lang: "en", target_lang: "es" }),
    "POST",
    "/v1/glossaries",
    {},
    { name: "G", source_lang: "en", target_lang: "es" },
  ],
  ["getGlossary", (c) => c.getGlossary("g_1"), "GET", "/v1/glossaries/g_1"],
  ["updateGlossary", (c) => c.updateGlossary("g_1", { name: "H" }), "PATCH", "/v1/glossaries/g_1", {}, { name: "H" }],
  ["deleteGlossary", (c) => c.deleteGlossary("g_1"), "DELETE", "/v1/glossaries/g_1"],
  [
    "listGlossaryEntries",
    (c) => c.listGlossaryEntries("g_1", { limit: 100 }),
    "GET",
    "/v1/glossaries/g_1/entries",
    { limit: "100" },
  ],
  [
    "addGlossaryEntries",
    (c) => c.addGlossaryEntries("g_1", { entries: [{ source: "a", target: "b" }] }),
    "POST",
    "/v1/glossaries/g_1/entries",
    {},
    { entries: [{ source: "a", target: "b" }] },
  ],
  ["deleteGlossaryEntry", (c) => c.deleteGlossaryEntry("g_1", "e_1"), "DELETE", "/v1/glossaries/g_1/entries/e_1"],
  [
    "importGlossary",
    (c) => c.importGlossary("g_1", file, { filename: "terms.csv" }),
    "POST",
    "/v1/glossaries/g_1/import",
  ],
  [
    "exportGlossary",
    (c) => c.exportGlossary("g_1", { format: "tbx" }),
    "GET",
    "/v1/glossaries/g_1/export",
    { format: "tbx" },
  ],
  ["listMemories", (c) => c.listMemories(), "GET", "/v1/memories"],
  [
    "createMemory",
    (c) => c.createMemory({ name: "M", source_lang: "en", target_lang: "es" }),
    "POST",
    "/v1/memories",
    {},
    { name: "M", source_lang: "en", target_lang: "es" },
  ],
  ["getMemory", (c) => c.getMemory("m_1"), "GET", "/v1/memories/m_1"],
  ["deleteMemory", (c) => c.deleteMemory("m_1"), "DELETE", "/v1/memories/m_1"],
  [
    "listMemoryUnits",
    (c) => c.listMemoryUnits("m_1", { q: "hello", min_score: 80 }),
    "GET",
    "/v1/memories/m_1/units",
    { q: "hello", min_score: "80" },
  ],
  [
    "addMemoryUnits",
    (c) => c.addMemoryUnits("m_1", { source: "a", target: "b" }),
    "POST",
    "/v1/memories/m_1/units",
    {},
    { source: "a", target: "b" },
  ],
  ["deleteMemoryUnit", (c) => c.deleteMemoryUnit("m_1", "u_1"), "DELETE", "/v1/memories/m_1/units/u_1"],
  ["importMemory", (c) => c.importMemory("m_1", file, { filename: "m.tmx" }), "POST", "/v1/memories/m_1/import"],
  ["exportMemory", (c) => c.exportMemory("m_1"), "GET", "/v1/memories/m_1/export"],
  ["listBrandVoices", (c) => c.listBrandVoices(), "GET", "/v1/brand-voices"],
  [
    "createBrandVoice",
    (c) => c.createBrandVoice({ name: "B", formality: "formal" }),
    "POST",
    "/v1/brand-voices",
    {},
    { name: "B", formality: "formal" },
  ],
  ["getBrandVoice", (c) => c.getBrandVoice("b_1"), "GET", "/v1/brand-voices/b_1"],
  [
    "updateBrandVoice",
    (c) => c.updateBrandVoice("b_1", { tone: "warm" }),
    "PATCH",
    "/v1/brand-voices/b_1",
    {},
    { tone: "warm" },
  ],
  ["deleteBrandVoice", (c) => c.deleteBrandVoice("b_1"), "DELETE", "/v1/brand-voices/b_1"],
  ["listProjects", (c) => c.listProjects(), "GET", "/v1/projects"],
  ["createProject", (c) => c.createProject({ name: "P" }), "POST", "/v1/projects", {}, { name: "P" }],
  ["getProject", (c) => c.getProject("p_1"), "GET", "/v1/projects/p_1"],
  ["archiveProject", (c) => c.archiveProject("p_1"), "POST", "/v1/projects/p_1/archive"],
];

describe("operations", () => {
  it("covers the 39 operations, each a method of the client", () => {
    expect(new Set(cases.map(([id]) => id)).size).toBe(39);
    for (const [operationId] of cases)
      expect(typeof (client as unknown as Record<string, unknown>)[operationId]).toBe("function");
  });

  it("has a method for every operation of the OpenAPI document, under its operationId", () => {
    // The ids in the calls above ("g_1", "job 1") stand for the path parameters.
    const template = (path: string) => path.replace(/\/(?:[a-z]+_1|job%201)(?=\/|$)/g, "/{}");
    const sdk = new Map(cases.map(([id, , method, path]) => [`${method} ${template(path)}`, id]));
    const documented = openApiDocument("http://localhost").paths as Record<
      string,
      Record<string, { operationId?: string }>
    >;
    const operations = Object.entries(documented).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, "{}")}`,
        operationId: op.operationId,
      })),
    );
    expect(operations.map((o) => o.key).sort()).toEqual([...sdk.keys()].sort());
    for (const op of operations) if (op.operationId !== undefined) expect(sdk.get(op.key)).toBe(op.operationId);
  });

  it.each(cases)("%s sends %s %s", async (_id, call, method, path, query = {}, body = undefined) => {
    const before = api.received.length;
    await call(client);
    const req = api.received[before];
    expect(req?.method).toBe(method);
    expect(req?.path).toBe(path);
    expect(Object.fromEntries(req?.query ?? [])).toEqual(query);
    if (body !== undefined) expect(JSON.parse(req?.body.toString() ?? "")).toEqual(body);
    else if (!req?.headers["content-type"]?.startsWith("multipart/form-data")) expect(req?.body.length).toBe(0);
  });
});

describe("paginate", () => {
  it("walks every page with starting_after the last id, and stops after the page without more", async () => {
    const pages = await fakeApi((req) => {
      const after = req.query.get("starting_after");
      if (after === null) return ok({ items: [{ id: "g_1" }, { id: "g_2" }], has_more: true });
      if (after === "g_2") return ok({ items: [{ id: "g_3" }], has_more: false });
      return ok({ items: [], has_more: false });
    });
    try {
      const tolk = new TolkClient({ baseUrl: pages.url, token: "svc_test" });
      const ids: string[] = [];
      for await (const glossary of paginate((p) => tolk.listGlossaries(p), { limit: 2 })) ids.push(glossary.id);
      expect(ids).toEqual(["g_1", "g_2", "g_3"]);
      expect(pages.received.map((r) => r.query.toString())).toEqual(["limit=2", "limit=2&starting_after=g_2"]);
    } finally {
      await pages.close();
    }
  });
});
