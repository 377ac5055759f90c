import { request } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Answer, Conformance } from "../src/conformance";
import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// Every /v1 operation through the production build, its successes and the usual errors, each
// answer checked against the server's own /openapi.json (status, headers, body).
const data = tempDataDir();
const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
let server: RunningServer;
let conformance: Conformance;
const keys = { all: "", read: "", broke: "", limited: "" };

beforeAll(async () => {
  const high = { api_per_min: 100_000, translate_per_min: 100_000, segment_per_min: 100_000, analyze_per_min: 100_000 };
  const org = await tolk(
    ["org", "create", "--name", "Conformance", "--plan", "enterprise", "--limits", JSON.stringify(high)],
    env,
  );
  keys.all = String(org.api_key);
  keys.read = String(
    (await tolk(["key", "create", "--org", String(org.org_id), "--name", "Reader", "--scopes", "read"], env)).api_key,
  );
  // No credits to spend and no glossary allowed: the 402 and the plan limit's 403.
  const broke = await tolk(
    [
      "org",
      "create",
      "--name",
      "Broke",
      "--plan",
      "enterprise",
      "--limits",
      JSON.stringify({ ...high, monthly_credits: 1, glossaries_max: 0 }),
    ],
    env,
  );
  keys.broke = String(broke.api_key);
  keys.limited = String(
    (
      await tolk(
        ["org", "create", "--name", "Limited", "--plan", "enterprise", "--limits", JSON.stringify({ api_per_min: 2 })],
        env,
      )
    ).api_key,
  );
  server = await startServer(env);
  conformance = new Conformance(
    (await (await fetch(`${server.url}/openapi.json`)).json()) as ConstructorParameters<typeof Conformance>[0],
  );
});
afterAll(async () => {
  await server?.stop();
  data.remove();
});

interface Call {
  path?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
  /** The key to send; null sends none. */
  key?: string | null;
  method?: string;
}

/** Calls an operation by its operationId and checks the answer against the document. */
async function call(
  operationId: string,
  c: Call = {},
): Promise<Answer & { json: () => { data: Record<string, unknown> } }> {
  const { method, path } = conformance.operation(operationId);
  const filled = path.replace(/\{(\w+)\}/gu, (_, name: string) => encodeURIComponent(c.path?.[name] ?? "x"));
  const search = c.query ? `?${new URLSearchParams(c.query).toString()}` : "";
  const key = c.key === undefined ? keys.all : c.key;
  const headers: Record<string, string> = { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...c.headers };
  let body: BodyInit | undefined = c.form ?? c.body;
  if (c.json !== undefined) {
    body = JSON.stringify(c.json);
    headers["Content-Type"] = "application/json";
  }
  const res = await fetch(`${server.url}${filled}${search}`, {
    method: c.method ?? method,
    headers,
    body,
    redirect: "manual",
  });
  const answer = { status: res.status, headers: res.headers, text: await res.text() };
  if (!c.method || c.method === method) conformance.check(operationId, answer);
  return { ...answer, json: () => JSON.parse(answer.text) as { data: Record<string, unknown> } };
}

const file = (name: string, content: string) => {
  const form = new FormData();
  form.set("file", new Blob([content]), name);
  return form;
};

function expectConformant(): void {
  const problems = conformance.problems.splice(0);
  expect(problems, problems.join("\n")).toEqual([]);
}

describe("every answer matches /openapi.json", () => {
  it("account and catalog operations, and the errors every operation shares", async () => {
    expect((await call("getMe")).status).toBe(200);
    expect((await call("getQuota")).status).toBe(200);
    expect((await call("getUsage", { query: { from: "2026-01-01", to: "2026-01-31" } })).status).toBe(200);
    expect((await call("getUsage", { query: { from: "yesterday" } })).status).toBe(400);
    expect((await call("listLanguages")).status).toBe(200);
    expect((await call("listFormats")).status).toBe(200);
    expect((await call("getMe", { key: null })).status).toBe(401);
    expect((await call("getMe", { key: "svc_nonsense" })).status).toBe(401);
    expect((await call("translateText", { key: keys.read, json: { text: "Hi", target_lang: "es" } })).status).toBe(403);
    let limited = 0;
    for (let i = 0; i < 4 && limited !== 429; i++) limited = (await call("getQuota", { key: keys.limited })).status;
    expect(limited).toBe(429);
    // Headers over 16 KB are refused before any route runs.
    const tooLong = await new Promise<Answer>((resolve, reject) => {
      const url = new URL(`${server.url}/v1/me`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { Authorization: `Bearer ${keys.all}`, "X-Pad": "x".repeat(20_000) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (d: Buffer) => chunks.push(d));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: new Headers(
                Object.entries(res.headers).map(([k, v]): [string, string] => [k, [v ?? ""].flat().join(", ")]),
              ),
              text: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(tooLong.status).toBe(431);
    conformance.check("getMe", tooLong);
    // A method the path does not have: the 405 the document describes for every path.
    const put = await call("getMe", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET");
    conformance.checkError("PUT /v1/me", put);
    expectConformant();
  });

  it("translation and analysis: successes, invalid input, too large, credits, idempotency", async () => {
    expect(
      (await call("translateText", { json: { text: "The house is big.", source_lang: "en", target_lang: "es" } }))
        .status,
    ).toBe(200);
    expect((await call("translateText", { json: { text: "", target_lang: "es" } })).status).toBe(400);
    expect((await call("translateText", { body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(
      400,
    );
    expect(
      (await call("translateText", { json: { text: "x".repeat(6 * 1024 * 1024), target_lang: "es" } })).status,
    ).toBe(413);
    expect(
      (
        await call("translateText", {
          key: keys.broke,
          json: { text: "The house is big.", source_lang: "en", target_lang: "es" },
        })
      ).status,
    ).toBe(402);
    const idem = { "Idempotency-Key": `conformance-${Date.now()}` };
    expect(
      (
        await call("translateText", {
          headers: idem,
          json: { text: "Good morning.", source_lang: "en", target_lang: "es" },
        })
      ).status,
    ).toBe(200);
    const replay = await call("translateText", {
      headers: idem,
      json: { text: "Good morning.", source_lang: "en", target_lang: "es" },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(
      (
        await call("translateText", {
          headers: idem,
          json: { text: "Good night.", source_lang: "en", target_lang: "es" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call("translateBatch", {
          json: { strings: { a: "The house.", b: "The dog." }, source_lang: "en", target_langs: ["es"] },
        })
      ).status,
    ).toBe(200);
    expect((await call("translateBatch", { json: { strings: {}, target_langs: ["es"] } })).status).toBe(400);
    expect(
      (await call("analyzeText", { json: { text: "Please sign the attached agreement by Friday." } })).status,
    ).toBe(200);
    expect((await call("analyzeText", { json: { text: 42 } })).status).toBe(400);
    expectConformant();
  });

  it("documents: upload (synchronous and queued), the job, the download with credentials and by pre-signed link", async () => {
    const sync = await call("uploadDocument", { form: withFields(file("hello.txt", "The house is big.\n")) });
    expect(sync.status, sync.text).toBe(200);
    const jobId = String(sync.json().data.job_id);
    const job = await call("getDocumentJob", { path: { job_id: jobId } });
    expect(job.status).toBe(200);
    expect((await call("downloadDocument", { path: { job_id: jobId } })).status).toBe(200);
    const link = new URL(String(job.json().data.result_url), server.url);
    const signed = await call("downloadDocument", {
      path: { job_id: jobId },
      query: Object.fromEntries(link.searchParams),
      key: null,
    });
    expect(signed.status).toBe(200);
    expect(
      (
        await call("downloadDocument", {
          path: { job_id: jobId },
          query: { expires: "1", signature: "forged" },
          key: null,
        })
      ).status,
    ).toBe(403);
    const queued = await call("uploadDocument", {
      form: withFields(file("hello.txt", "The dog is small.\n")),
      headers: { Prefer: "respond-async" },
    });
    expect(queued.status).toBe(202);
    expect((await call("uploadDocument", { form: withFields(file("hello.exe", "MZ")) })).status).toBe(400);
    expect((await call("getDocumentJob", { path: { job_id: "job_missing" } })).status).toBe(404);
    expect((await call("downloadDocument", { path: { job_id: "job_missing" } })).status).toBe(404);
    expectConformant();
  });

  it("glossaries: create (201) to delete, entries, import and export, unknown ids, the plan limit", async () => {
    const created = await call("createGlossary", {
      json: { name: "UI", source_lang: "en", target_lang: "es", entries: [{ source: "house", target: "casa" }] },
    });
    expect(created.status).toBe(201);
    const id = String(created.json().data.id);
    expect((await call("listGlossaries", { query: { limit: "5" } })).status).toBe(200);
    expect((await call("getGlossary", { path: { id } })).status).toBe(200);
    expect((await call("updateGlossary", { path: { id }, json: { name: "Product UI" } })).status).toBe(200);
    expect((await call("updateGlossary", { path: { id }, json: { name: "" } })).status).toBe(400);
    const added = await call("addGlossaryEntries", {
      path: { id },
      json: { entries: [{ source: "dog", target: "perro" }] },
    });
    expect(added.status).toBe(201);
    const entryId = String((added.json().data.items as { id: string }[])[0]?.id);
    expect((await call("listGlossaryEntries", { path: { id } })).status).toBe(200);
    expect((await call("deleteGlossaryEntry", { path: { id, entry_id: entryId } })).status).toBe(200);
    expect((await call("deleteGlossaryEntry", { path: { id, entry_id: entryId } })).status).toBe(404);
    expect(
      (await call("importGlossary", { path: { id }, form: file("terms.csv", "source,target\ncat,gato\n") })).status,
    ).toBe(200);
    expect((await call("importGlossary", { path: { id }, form: file("terms.doc", "?") })).status).toBe(400);
    for (const format of ["csv", "tsv", "tbx"])
      expect((await call("exportGlossary", { path: { id }, query: { format } })).status).toBe(200);
    expect((await call("exportGlossary", { path: { id }, query: { format: "xls" } })).status).toBe(400);
    expect((await call("getGlossary", { path: { id: "gls_missing" } })).status).toBe(404);
    expect((await call("deleteGlossary", { path: { id } })).status).toBe(200);
    expect(
      (await call("createGlossary", { key: keys.broke, json: { name: "UI", source_lang: "en", target_lang: "es" } }))
        .status,
    ).toBe(403);
    expectConformant();
  });

  it("translation memories: create (201) to delete, units and fuzzy matches, TMX import and export", async () => {
    const created = await call("createMemory", { json: { name: "Site", source_lang: "en", target_lang: "es" } });
    expect(created.status).toBe(201);
    const id = String(created.json().data.id);
    expect((await call("listMemories")).status).toBe(200);
    expect((await call("getMemory", { path: { id } })).status).toBe(200);
    const added = await call("addMemoryUnits", {
      path: { id },
      json: { source: "Good morning.", target: "¡Buenos días!" },
    });
    expect(added.status).toBe(201);
    const unitId = String((added.json().data.items as { id: string }[])[0]?.id);
    expect((await call("listMemoryUnits", { path: { id } })).status).toBe(200);
    expect(
      (await call("listMemoryUnits", { path: { id }, query: { q: "Good morning!", min_score: "60" } })).status,
    ).toBe(200);
    expect((await call("listMemoryUnits", { path: { id }, query: { min_score: "500" } })).status).toBe(400);
    expect((await call("deleteMemoryUnit", { path: { id, unit_id: unitId } })).status).toBe(200);
    const tmx = `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Hello.</seg></tuv><tuv xml:lang="es"><seg>Hola.</seg></tuv></tu></body></tmx>`;
    expect((await call("importMemory", { path: { id }, form: file("site.tmx", tmx) })).status).toBe(200);
    expect((await call("importMemory", { path: { id }, form: file("site.tmx", "<tmx>") })).status).toBe(400);
    expect((await call("exportMemory", { path: { id } })).status).toBe(200);
    expect((await call("deleteMemory", { path: { id } })).status).toBe(200);
    expect((await call("getMemory", { path: { id } })).status).toBe(404);
    expectConformant();
  });

  it("brand voices and projects: create (201), read, change, delete or archive", async () => {
    const voice = await call("createBrandVoice", {
      json: { name: "Friendly", formality: "informal", forbidden_terms: ["usted"], do_not_translate: ["Tolk"] },
    });
    expect(voice.status).toBe(201);
    const voiceId = String(voice.json().data.id);
    expect((await call("listBrandVoices")).status).toBe(200);
    expect((await call("getBrandVoice", { path: { id: voiceId } })).status).toBe(200);
    expect((await call("updateBrandVoice", { path: { id: voiceId }, json: { tone: "warm" } })).status).toBe(200);
    expect((await call("updateBrandVoice", { path: { id: voiceId }, json: {} })).status).toBe(400);
    expect((await call("deleteBrandVoice", { path: { id: voiceId } })).status).toBe(200);
    expect((await call("getBrandVoice", { path: { id: voiceId } })).status).toBe(404);

    const project = await call("createProject", { json: { name: "Relaunch" } });
    expect(project.status).toBe(201);
    const projectId = String(project.json().data.id);
    expect((await call("listProjects")).status).toBe(200);
    expect((await call("getProject", { path: { id: projectId } })).status).toBe(200);
    expect((await call("archiveProject", { path: { id: projectId } })).status).toBe(200);
    expect((await call("archiveProject", { path: { id: "prj_missing" } })).status).toBe(404);
    expectConformant();
  });

  it("covered every operation of the document", () => {
    const missing = conformance
      .operationIds()
      .filter((id) => !conformance.seen.get(id)?.has(200) && !conformance.seen.get(id)?.has(201));
    expect(missing).toEqual([]);
  });
});

function withFields(form: FormData): FormData {
  form.set("source_lang", "en");
  form.set("target_lang", "es");
  return form;
}
