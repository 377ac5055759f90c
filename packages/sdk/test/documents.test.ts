import { afterEach, describe, expect, it } from "vitest";

import { type DocumentJob, DocumentJobError, TolkClient } from "../src";
import { filenameFromContentDisposition } from "../src/files";
import { type Received, type Reply, apiError, fakeApi, ok } from "./fake-api";

let api: Awaited<ReturnType<typeof fakeApi>>;
afterEach(() => api.close());

async function clientFor(script: Reply[] | ((req: Received) => Reply)) {
  api = await fakeApi(script);
  return new TolkClient({ baseUrl: api.url, token: "svc_test", initialRetryDelayMs: 1, maxRetryDelayMs: 5 });
}

function form(req: Received | undefined): Promise<FormData> {
  return new Response(new Uint8Array(req?.body ?? []), {
    headers: { "content-type": String(req?.headers["content-type"]) },
  }).formData();
}

const job = (status: DocumentJob["status"], extra: Partial<DocumentJob> = {}): DocumentJob => ({
  job_id: "job_1",
  status,
  progress: status === "completed" ? 1 : 0,
  result_url: null,
  error: null,
  filename: "notes.txt",
  source_lang: "en",
  target_lang: "es",
  character_count: null,
  credits_used: null,
  created_at: "2026-01-01T00:00:00Z",
  completed_at: null,
  expires_at: "2026-01-02T00:00:00Z",
  ...extra,
});

describe("uploadDocument", () => {
  it("sends the file with its name and the fields as multipart, glossary ids JSON-encoded", async () => {
    const client = await clientFor([ok({ job_id: "job_1" })]);
    await client.uploadDocument(new File(["Hello"], "notes.txt"), {
      source_lang: "en",
      target_lang: "es",
      glossary_ids: ["g_1", "g_2"],
      tm_id: "m_1",
    });
    const [req] = api.received;
    expect(req?.headers.prefer).toBeUndefined();
    expect(req?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const fields = await form(req);
    const file = fields.get("file") as File;
    expect(file.name).toBe("notes.txt");
    expect(await file.text()).toBe("Hello");
    const text: Record<string, unknown> = {};
    fields.forEach((value, key) => key !== "file" && (text[key] = value));
    expect(text).toEqual({
      source_lang: "en",
      target_lang: "es",
      glossary_ids: '["g_1","g_2"]',
      tm_id: "m_1",
    });
  });

  it("asks for a queued job with Prefer: respond-async", async () => {
    const client = await clientFor([ok(job("created"), 202)]);
    const res = await client.uploadDocument(new TextEncoder().encode("Hello"), {
      filename: "a.txt",
      source_lang: "en",
      target_lang: "es",
      async: true,
    });
    expect(res.data.status).toBe("created");
    expect(api.received[0]?.headers.prefer).toBe("respond-async");
    expect((await form(api.received[0])).get("async")).toBeNull();
  });

  it("re-sends the same form and Idempotency-Key when retried", async () => {
    const client = await clientFor([apiError(503, "engine_unavailable", "api_error"), ok(job("created"), 202)]);
    await client.uploadDocument(new Blob(["Hello"]), {
      filename: "a.txt",
      source_lang: "en",
      target_lang: "es",
      async: true,
    });
    expect(api.received).toHaveLength(2);
    expect(api.received[1]?.headers["idempotency-key"]).toBe(api.received[0]?.headers["idempotency-key"]);
    expect(await ((await form(api.received[1])).get("file") as File).text()).toBe("Hello");
  });

  it("refuses bytes without a filename before sending anything", async () => {
    const client = await clientFor([ok({})]);
    await expect(client.uploadDocument(new Blob(["x"]), { source_lang: "en", target_lang: "es" })).rejects.toThrow(
      /filename/,
    );
    expect(api.received).toHaveLength(0);
  });
});

describe("translateDocument", () => {
  it("uploads a queued job, follows it (through a 429) and returns the translated bytes", async () => {
    let polls = 0;
    const client = await clientFor((req) => {
      if (req.method === "POST") return ok(job("created"), 202);
      if (req.path === "/v1/translate/job_1") {
        polls++;
        if (polls === 1) return ok(job("processing", { progress: 0.5 }));
        if (polls === 2) return apiError(429, "rate_limit_exceeded", "rate_limit_error", { "Retry-After": "0" });
        return ok(job("completed", { character_count: 5, credits_used: 5 }));
      }
      return {
        status: 200,
        body: "Hola",
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Content-Disposition": "attachment; filename=\"notes.txt\"; filename*=UTF-8''not%C3%A9s.txt",
        },
      };
    });
    const seen: string[] = [];
    const result = await client.translateDocument(
      new File(["Hello"], "notés.txt"),
      { source_lang: "en", target_lang: "es" },
      { pollIntervalMs: 1, onProgress: (j) => seen.push(j.status) },
    );
    expect(new TextDecoder().decode(result.bytes)).toBe("Hola");
    expect(result).toMatchObject({ filename: "notés.txt", content_type: "text/plain; charset=utf-8" });
    expect(result.job).toMatchObject({ status: "completed", credits_used: 5 });
    expect(seen).toEqual(["created", "processing", "completed"]);
    expect(api.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/translate/document",
      "GET /v1/translate/job_1",
      "GET /v1/translate/job_1",
      "GET /v1/translate/job_1",
      "GET /v1/documents/job_1/download",
    ]);
    expect(api.received[0]?.headers.prefer).toBe("respond-async");
  });

  it.each(["error", "failed"] as const)("rejects with DocumentJobError when the job ends %s", async (status) => {
    const client = await clientFor((req) =>
      req.method === "POST" ? ok(job("created"), 202) : ok(job(status, { error: "The file is not valid UTF-8." })),
    );
    const err = await client
      .translateDocument(new File(["x"], "a.txt"), { source_lang: "en", target_lang: "es" }, { pollIntervalMs: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentJobError);
    expect(err).toMatchObject({
      job_id: "job_1",
      job_status: status,
      code: `document_job_${status}`,
      message: "The file is not valid UTF-8.",
    });
    expect(api.received.some((r) => r.path.endsWith("/download"))).toBe(false);
  });

  it("stops following the job when the caller aborts", async () => {
    const controller = new AbortController();
    const client = await clientFor((req) => (req.method === "POST" ? ok(job("created"), 202) : ok(job("processing"))));
    const pending = client.translateDocument(
      new File(["x"], "a.txt"),
      { source_lang: "en", target_lang: "es" },
      {
        pollIntervalMs: 1,
        signal: controller.signal,
        onProgress: (j) => j.status === "processing" && controller.abort(),
      },
    );
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(api.received.filter((r) => r.method === "GET")).toHaveLength(1);
  });
});

describe("imports and exports", () => {
  it("imports a glossary file with its format, and exports bytes with the file name", async () => {
    const client = await clientFor((req) =>
      req.method === "POST"
        ? ok({ imported: 2, skipped: 0 })
        : {
            status: 200,
            body: "<tbx/>",
            headers: {
              "Content-Type": "application/x-tbx+xml",
              "Content-Disposition": 'attachment; filename="Terms.tbx"',
            },
          },
    );
    const imported = await client.importGlossary("g_1", new TextEncoder().encode("en,es\nhouse,casa\n"), {
      filename: "terms.txt",
      format: "csv",
    });
    expect(imported.data).toEqual({ imported: 2, skipped: 0 });
    const fields = await form(api.received[0]);
    expect((fields.get("file") as File).name).toBe("terms.txt");
    expect(fields.get("format")).toBe("csv");
    const exported = await client.exportGlossary("g_1", { format: "tbx" });
    expect(exported).toMatchObject({ filename: "Terms.tbx", content_type: "application/x-tbx+xml" });
    expect(new TextDecoder().decode(exported.bytes)).toBe("<tbx/>");
  });
});

describe("filenameFromContentDisposition", () => {
  it.each([
    ["attachment; filename=\"a.txt\"; filename*=UTF-8''%E6%96%87.txt", "文.txt"],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ["attachment; filename=plain.csv", "plain.csv"],
    ["attachment; filename*=utf-8''%ZZ; filename=\"fallback.txt\"", "fallback.txt"],
    ["attachment", null],
    [null, null],
  ])("%s → %s", (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});
