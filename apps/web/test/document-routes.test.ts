import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { documentJobResponse, documentResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as download } from "../app/v1/documents/[job_id]/download/route";
import { GET as quota } from "../app/v1/quota/route";
import { GET as getJob } from "../app/v1/translate/[job_id]/route";
import { POST as translateDocument } from "../app/v1/translate/document/route";
import { type Harness, call, ensureWindowLeft, expectConventions, expectError, header, startApp } from "./helpers";

// POST /v1/translate/document, GET /v1/translate/{job_id} and GET /v1/documents/{job_id}/download
// through the route handlers, on the real Apertium engine and a real storage directory.
let h: Harness;
const storageDir = mkdtempSync(join(tmpdir(), "tolk-doc-routes-"));
beforeAll(async () => {
  h = await startApp({ TOLK_STORAGE_DIR: storageDir });
});
afterAll(async () => {
  await h.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const SOURCE = "Good morning.\n\nThe house is big.\n";
const SPANISH = "Buenos días.\n\nLa casa es grande.\n";

function form(fields: Record<string, string>, file?: { name: string; content: string | Uint8Array } | null): FormData {
  const f = new FormData();
  if (file !== null) {
    const { name, content } = file ?? { name: "hello.txt", content: SOURCE };
    f.set("file", new File([typeof content === "string" ? content : (content as Uint8Array<ArrayBuffer>)], name));
  }
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const enEs = { source_lang: "en", target_lang: "es" };

function upload(token: string | undefined, body: FormData, headers: Record<string, string> = {}) {
  return call(h, translateDocument, "/v1/translate/document", { method: "POST", token, body, headers });
}

function linkParts(url: string) {
  const u = new URL(url);
  return { path: u.pathname + u.search, jobId: u.pathname.split("/")[3] ?? "" };
}

function fetchLink(url: string, token?: string) {
  const { path, jobId } = linkParts(url);
  return call(h, download, path, { token, params: { job_id: jobId } });
}

describe("POST /v1/translate/document (synchronous)", () => {
  it("answers the spec's Document result plus job_id, with the file inline and a pre-signed link that needs no token", async () => {
    const org = await h.org();
    const r = await upload(org.keys.translate?.key, form(enEs));
    expect(r.status).toBe(200);
    expectConventions(r);
    const body = documentResponse.parse(r.json);
    expect(body.data).toMatchObject({
      filename: "hello.txt",
      source_lang: "en",
      target_lang: "es",
      character_count: 30,
      credits_used: 30,
    });
    expect(Buffer.from(body.data.file_data, "base64").toString()).toBe(SPANISH);
    expect(body.meta.credits_used).toBe(30);
    expect(body.meta.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(body.data.download_url).toMatch(
      new RegExp(`^http://localhost:3000/v1/documents/${body.data.job_id}/download\\?expires=\\d+&signature=`),
    );

    const file = await fetchLink(body.data.download_url);
    expect(file.status).toBe(200);
    expect(file.text).toBe(SPANISH);
    expect(header(file, "content-type")).toBe("text/plain");
    expect(header(file, "content-disposition")).toBe(
      `attachment; filename="hello.es.txt"; filename*=UTF-8''hello.es.txt`,
    );
    expect(header(file, "cache-control")).toBe("private, no-store");
    expect(header(file, "x-request-id")).toBeTruthy();

    const q = (await call(h, quota, "/v1/quota", { token: org.keys.all?.key })).json as {
      data: { credits: { consumed: number } };
    };
    expect(q.data.credits.consumed).toBe(30);
  });

  it("keeps a non-ASCII filename in Content-Disposition", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, form(enEs, { name: "Carta de préstamo.txt", content: "Thank you.\n" }));
    const body = documentResponse.parse(r.json);
    expect(body.data.filename).toBe("Carta de préstamo.txt");
    const file = await fetchLink(body.data.download_url);
    expect(header(file, "content-disposition")).toBe(
      `attachment; filename="Carta de pr_stamo.es.txt"; filename*=UTF-8''Carta%20de%20pr%C3%A9stamo.es.txt`,
    );
  });

  it("refuses a tampered or expired signature with 403, and the signed path without a signature needs a token", async () => {
    const org = await h.org();
    const body = documentResponse.parse((await upload(org.keys.all?.key, form(enEs))).json);
    const url = body.data.download_url;
    const tamperedSig = url.replace(
      /signature=([^&]+)/,
      (_, s: string) => `signature=${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`,
    );
    const laterExpiry = url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 60}`);
    const expired = url.replace(/expires=(\d+)/, "expires=1000000000");
    for (const bad of [tamperedSig, laterExpiry, expired, url.replace(/&signature=[^&]+/, "")]) {
      expectError(await fetchLink(bad), 403, "invalid_signature", "permission_error");
    }
    // Another job's id with this job's signature.
    const other = documentResponse.parse((await upload(org.keys.all?.key, form(enEs))).json);
    const swapped = url.replace(body.data.job_id, other.data.job_id);
    expect((await call(h, download, linkParts(swapped).path, { params: { job_id: other.data.job_id } })).status).toBe(
      403,
    );
    const bare = `/v1/documents/${body.data.job_id}/download`;
    expectError(
      await call(h, download, bare, { params: { job_id: body.data.job_id } }),
      401,
      "unauthorized",
      "authentication_error",
    );
    const mine = await call(h, download, bare, { token: org.keys.read?.key, params: { job_id: body.data.job_id } });
    expect(mine.text).toBe(SPANISH);
  });
});

describe("POST /v1/translate/document (asynchronous) and GET /v1/translate/{job_id}", () => {
  it("Prefer: respond-async answers 202 with the job; the queue completes it and the job reports its result_url", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, form(enEs), { Prefer: "respond-async" });
    expect(r.status).toBe(202);
    expectConventions(r);
    const job = documentJobResponse.parse(r.json).data;
    expect(job).toMatchObject({ status: "created", progress: 0, result_url: null, error: null, filename: "hello.txt" });

    const before = await call(h, getJob, `/v1/translate/${job.job_id}`, {
      token: org.keys.read?.key,
      params: { job_id: job.job_id },
    });
    expect(documentJobResponse.parse(before.json).data.status).toBe("created");
    expect(await h.app.worker?.drain()).toBe(1);
    const after = await call(h, getJob, `/v1/translate/${job.job_id}`, {
      token: org.keys.translate?.key,
      params: { job_id: job.job_id },
    });
    expectConventions(after);
    const done = documentJobResponse.parse(after.json).data;
    expect(done).toMatchObject({
      status: "completed",
      progress: 1,
      error: null,
      character_count: 30,
      credits_used: 30,
    });
    expect((await fetchLink(done.result_url ?? "")).text).toBe(SPANISH);
  });

  it("the form field async=true queues too", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, form({ ...enEs, async: "true" }));
    expect(r.status).toBe(202);
    await h.app.worker?.drain();
  });

  it("another organization's job, and an unknown one, are the same 404", async () => {
    const a = await h.org();
    const b = await h.org();
    const job = documentJobResponse.parse(
      (await upload(a.keys.all?.key, form(enEs), { Prefer: "respond-async" })).json,
    ).data;
    await h.app.worker?.drain();
    const foreign = await call(h, getJob, `/v1/translate/${job.job_id}`, {
      token: b.keys.all?.key,
      params: { job_id: job.job_id },
    });
    const missing = await call(h, getJob, "/v1/translate/job_nope", {
      token: b.keys.all?.key,
      params: { job_id: "job_nope" },
    });
    const e1 = expectError(foreign, 404, "not_found", "invalid_request_error");
    const e2 = expectError(missing, 404, "not_found", "invalid_request_error");
    expect(e1.message).toBe(e2.message);
    const dl = await call(h, download, `/v1/documents/${job.job_id}/download`, {
      token: b.keys.all?.key,
      params: { job_id: job.job_id },
    });
    expectError(dl, 404, "not_found", "invalid_request_error");
  });
});

describe("POST /v1/translate/document errors", () => {
  it("answers every refusal in the error shape, before billing", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const cases: [FormData, number, string, string | undefined][] = [
      [form(enEs, null), 400, "bad_request", "file"],
      [form(enEs, { name: "tool.exe", content: "MZ" }), 400, "unsupported_format", "file"],
      [form(enEs, { name: "no-extension", content: "x" }), 400, "unsupported_format", "file"],
      [form(enEs, { name: "big.txt", content: "a".repeat(5 * 1024 * 1024 + 1) }), 413, "file_too_large", "file"],
      [form({ source_lang: "", target_lang: "es" }), 400, "bad_request", "source_lang"],
      [form({ source_lang: "en", target_lang: " " }), 400, "bad_request", "target_lang"],
      [form({ target_lang: "es" }), 400, "bad_request", "source_lang"],
      [form({ source_lang: "en", target_lang: "en" }), 400, "bad_request", "target_lang"],
      [form({ ...enEs, glossary_ids: "not json" }), 400, "bad_request", "glossary_ids"],
      [form({ ...enEs, colour: "red" }), 400, "bad_request", undefined],
      [form(enEs, { name: "odd.txt", content: new Uint8Array([0xff, 0xfe, 0x41]) }), 400, "bad_request", "file"],
    ];
    for (const [body, status, code, param] of cases) {
      const r = await upload(token, body);
      const err = expectError(r, status, code, "invalid_request_error");
      if (param) expect(err.param, `${status} ${code}`).toBe(param);
    }
    const odd = expectError(
      await upload(token, form(enEs, { name: "odd.txt", content: new Uint8Array([0xff, 0xfe, 0x41]) })),
      400,
      "bad_request",
      "invalid_request_error",
    );
    expect(odd.message).toMatch(/not a valid txt file: .*UTF-16LE/);
    const q = (await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } };
    expect(q.data.credits.consumed).toBe(0);
  });

  it("refuses a format whose filter is not on this server yet like an unsupported one", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, form(enEs, { name: "brief.docx", content: "PK" }));
    // Once the docx filter is registered the same file is refused as unparseable instead.
    expect(r.status).toBe(400);
    expect(["unsupported_format", "bad_request"]).toContain((r.json as { error: { code: string } }).error.code);
  });

  it("refuses a body that is not multipart, and an upload body over the largest limit with 413", async () => {
    const org = await h.org();
    const json = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(enEs),
    });
    expectError(json, 400, "bad_request", "invalid_request_error");
    // A multipart body cut off inside the file part: a 400 naming it, not a 500 or a hang.
    const req = new Request("http://localhost/v1/translate/document", { method: "POST", body: form(enEs) });
    const whole = new Uint8Array(await req.arrayBuffer());
    const cut = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      headers: { "content-type": req.headers.get("content-type") ?? "" },
      body: whole.subarray(0, whole.length - 30),
    });
    expect(expectError(cut, 400, "bad_request", "invalid_request_error").message).toMatch(
      /multipart body could not be parsed: Unexpected end/,
    );
    const huge = await upload(
      org.keys.all?.key,
      form(enEs, { name: "huge.docx", content: new Uint8Array(22 * 1024 * 1024) }),
    );
    expectError(huge, 413, "file_too_large", "invalid_request_error");
  });

  it("refuses two file parts, and a file part without a filename, each saying exactly what is wrong", async () => {
    const org = await h.org();
    const two = form(enEs);
    two.append("file", new File(["Second file."], "second.txt"));
    const twice = await upload(org.keys.all?.key, two);
    const e1 = expectError(twice, 400, "bad_request", "invalid_request_error");
    expect(e1).toMatchObject({ param: "file" });
    expect(e1.message).toMatch(/2 'file' parts: send exactly one document/);
    const noName = form(enEs, null);
    noName.set("file", SOURCE); // a text field, as a client that forgot the @ sends it
    const e2 = expectError(await upload(org.keys.all?.key, noName), 400, "bad_request", "invalid_request_error");
    expect(e2).toMatchObject({ param: "file" });
    expect(e2.message).toMatch(/has no filename/);
    // Neither created a job nor spent a credit.
    const q = (await call(h, quota, "/v1/quota", { token: org.keys.all?.key })).json as {
      data: { credits: { consumed: number } };
    };
    expect(q.data.credits.consumed).toBe(0);
  });

  it("answers 402 with required and available credits when the document cannot be covered, and creates no job", async () => {
    const org = await h.org({ plan: "enterprise", limits: { monthly_credits: 10 } });
    const r = await upload(org.keys.all?.key, form(enEs));
    expect(expectError(r, 402, "insufficient_credits", "billing_error").message).toMatch(
      /needs 30 and 10 are available/,
    );
  });

  it("takes from the segment bucket: the free plan's 6th upload in a minute is 429", async () => {
    const org = await h.org({ plan: "free" });
    await ensureWindowLeft(h, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await upload(org.keys.all?.key, form(enEs, null))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("replays an Idempotency-Key instead of translating and billing twice", async () => {
    const org = await h.org();
    const first = await upload(org.keys.all?.key, form(enEs), { "Idempotency-Key": "doc-1" });
    expect(first.status).toBe(200);
    // A multipart body has a random boundary; the replay must send the same bytes.
    const req = new Request("http://localhost/v1/translate/document", { method: "POST", body: form(enEs) });
    const bytes = new Uint8Array(await req.arrayBuffer());
    const headers = { "content-type": req.headers.get("content-type") ?? "", "Idempotency-Key": "doc-2" };
    const a = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      headers,
      body: bytes,
    });
    const b = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      headers,
      body: bytes,
    });
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(header(b, "idempotent-replayed")).toBe("true");
    const q = (await call(h, quota, "/v1/quota", { token: org.keys.all?.key })).json as {
      data: { credits: { consumed: number } };
    };
    expect(q.data.credits.consumed).toBe(60);
  });
});

describe("scope matrix", () => {
  it("upload needs translate; job status and download take translate or read", async () => {
    const org = await h.org();
    const keys = org.keys;
    const job = documentJobResponse.parse(
      (await upload(keys.all?.key, form(enEs), { Prefer: "respond-async" })).json,
    ).data;
    await h.app.worker?.drain();
    const expected: Record<string, [number, number, number]> = {
      all: [202, 200, 200],
      translate: [202, 200, 200],
      read: [403, 200, 200],
      write: [403, 403, 403],
    };
    for (const [name, [post, status, dl]] of Object.entries(expected)) {
      const token = keys[name]?.key;
      const p = await upload(token, form(enEs), { Prefer: "respond-async" });
      const s = await call(h, getJob, `/v1/translate/${job.job_id}`, { token, params: { job_id: job.job_id } });
      const d = await call(h, download, `/v1/documents/${job.job_id}/download`, {
        token,
        params: { job_id: job.job_id },
      });
      expect([p.status, s.status, d.status], name).toEqual([post, status, dl]);
      if (post === 403) expectError(p, 403, "insufficient_scope", "permission_error");
    }
    await h.app.worker?.drain();
    const anonymous = await upload(undefined, form(enEs));
    expectError(anonymous, 401, "unauthorized", "authentication_error");
  });
});
