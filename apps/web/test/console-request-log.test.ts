import { listRequestLog } from "@tolk/domain";
import { type TestOrg } from "@tolk/domain/testing";
import { appRouter, createCallerFactory, createConsoleContext } from "@tolk/trpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as translate from "../app/v1/translate/route";
import * as deeplTranslate from "../app/v2/translate/route";
import { type Harness, call, startApp } from "./helpers";

let h: Harness;
let org: TestOrg;
beforeAll(async () => {
  h = await startApp();
  org = await h.org();
});
afterAll(() => h.close());

const createCaller = createCallerFactory(appRouter);

/** The console as the owner uses it, wired as /api/trpc wires it: the server's request log included. */
function ownerConsole() {
  const app = h.app;
  return createCaller(
    createConsoleContext({
      domain: app.domain,
      translation: app.translation,
      documents: app.documents,
      limiter: app.limiter,
      requestLog: app.requestLog,
      userId: org.ownerId,
      requestedOrgId: org.orgId,
    }),
  );
}

async function consoleRows() {
  await h.app.requestLog.flush();
  return (await listRequestLog(h.app.domain, { orgId: org.orgId, source: "console" })).items;
}

describe("the request log records console translations as the console's", () => {
  it("a playground translation appears as console, with the member, its credits and its parameters", async () => {
    const owner = ownerConsole();
    const translated = await owner.translate.text({
      text: "Good morning, how are you today? I hope the weather is fine.",
      source_lang: "en",
      target_lang: "es",
    });
    expect(translated.translation.length).toBeGreaterThan(0);
    const [row] = await consoleRows();
    expect(row).toMatchObject({
      source: "console",
      method: "POST",
      route: "translate.text",
      status: 200,
      keyId: null,
      userId: org.ownerId,
    });
    expect(row?.userEmail).toMatch(/^owner-/);
    expect(row?.credits).toBeGreaterThan(0);

    // The admin's view: the same row through the console's own procedures, and its detail.
    const listed = await owner.requests.list({ source: "console" });
    expect(listed.items.map((r) => r.id)).toEqual([row?.id]);
    const detail = await owner.requests.get({ id: row?.id ?? "" });
    expect(detail.requestSummary).toMatchObject({
      source_lang: "en",
      target_lang: "es",
      text: expect.stringMatching(/^Good morning, how are you today\? I hope… \(60 characters\)$/) as string,
    });
    // An API request is not the console's.
    expect((await owner.requests.list({ source: "api" })).items.map((r) => r.id)).not.toContain(row?.id);
  });

  it("a refused console translation is recorded with its status and error", async () => {
    const owner = ownerConsole();
    await expect(owner.translate.text({ text: "Hello.", source_lang: "en", target_lang: "xx" })).rejects.toThrow();
    const [row] = await consoleRows();
    expect(row).toMatchObject({ source: "console", route: "translate.text", status: 400, errorCode: "bad_request" });
    expect(row?.errorMessage).toMatch(/target_lang/);
  });

  it("a document submitted in the console appears as console, with its fields and the file by name and size only", async () => {
    const owner = ownerConsole();
    const form = new FormData();
    form.set("file", new File(["Good morning.\nThe house is big.\n"], "notes.txt", { type: "text/plain" }));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    await owner.documents.submit(form);
    const [row] = await consoleRows();
    expect(row).toMatchObject({ source: "console", route: "documents.submit", status: 200, userId: org.ownerId });
    const detail = await owner.requests.get({ id: row?.id ?? "" });
    expect(detail.requestSummary).toEqual({ file: "notes.txt (32 bytes)", source_lang: "en", target_lang: "es" });
  });
});

describe("the request log's summary of an API request", () => {
  it("keeps a /v1 body's parameters and a DeepL form's, without the key sent in it", async () => {
    const v1 = await call(h, translate.POST, "/v1/translate", {
      method: "POST",
      token: org.keys.translate?.key,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Hello.", source_lang: "en", target_lang: "es" }),
    });
    expect(v1.status).toBe(200);
    const key = org.keys.translate?.key ?? "";
    const deepl = await call(h, deeplTranslate.POST, "/v2/translate", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ auth_key: key, text: "Hello.", target_lang: "ES", source_lang: "EN" }).toString(),
    });
    expect(deepl.status).toBe(200);
    await h.app.requestLog.flush();
    const owner = ownerConsole();
    for (const [reply, expected] of [
      [v1, { text: "Hello.", source_lang: "en", target_lang: "es" }],
      [deepl, { auth_key: "[redacted]", text: "Hello.", target_lang: "ES" }],
    ] as const) {
      const [row] = (await owner.requests.list({ requestId: reply.res.headers.get("x-request-id") ?? "" })).items;
      const detail = await owner.requests.get({ id: row?.id ?? "" });
      expect(detail).toMatchObject({ source: "api", requestSummary: expected });
      expect(JSON.stringify(detail)).not.toContain(key);
    }
  });
});
