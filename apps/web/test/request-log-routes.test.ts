import { listAuditLog, listRequestLog } from "@tolk/domain";
import { type TestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as glossary from "../app/v1/glossaries/[id]/route";
import * as glossaries from "../app/v1/glossaries/route";
import * as me from "../app/v1/me/route";
import * as deeplTranslate from "../app/v2/translate/route";
import { type Harness, call, startApp } from "./helpers";

let h: Harness;
let org: TestOrg;
beforeAll(async () => {
  h = await startApp();
  org = await h.org();
});
afterAll(() => h.close());

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

/** The log is written in batches after the answers: flush what is buffered, then read. */
async function logged(requestId: string) {
  await h.app.requestLog.flush();
  return (await listRequestLog(h.app.domain, { orgId: org.orgId, requestId })).items;
}

describe("request log and audit log through the pipeline", () => {
  it("records a request with its key, templated route, status and request id, and a refused one with its error", async () => {
    const ok = await call(h, me.GET, "/v1/me", { token: org.keys.read?.key });
    expect(ok.status).toBe(200);
    const okId = ok.res.headers.get("x-request-id") ?? "";
    expect(await logged(okId)).toEqual([
      expect.objectContaining({
        requestId: okId,
        method: "GET",
        route: "/v1/me",
        status: 200,
        keyId: org.keys.read?.id,
        errorCode: null,
      }),
    ]);

    const missing = await call(h, glossary.GET, "/v1/glossaries/gls_missing", {
      token: org.keys.read?.key,
      params: { id: "gls_missing" },
    });
    expect(missing.status).toBe(404);
    const missingId = missing.res.headers.get("x-request-id") ?? "";
    expect(await logged(missingId)).toEqual([
      expect.objectContaining({
        route: "/v1/glossaries/{id}",
        status: 404,
        errorCode: "not_found",
        errorMessage: expect.stringContaining("gls_missing") as string,
      }),
    ]);

    // A compatibility API goes through the same pipeline, and is logged the same way.
    const deepl = await call(h, deeplTranslate.POST, "/v2/translate", {
      ...json({ text: ["Hello"], target_lang: "ES", source_lang: "EN" }),
      token: org.keys.translate?.key,
    });
    expect(deepl.status).toBe(200);
    expect(await logged(deepl.res.headers.get("x-request-id") ?? "")).toEqual([
      expect.objectContaining({
        route: "/v2/translate",
        status: 200,
        keyId: org.keys.translate?.id,
        credits: expect.any(Number) as number,
      }),
    ]);
    expect((await logged(deepl.res.headers.get("x-request-id") ?? ""))[0]?.credits).toBeGreaterThan(0);
  });

  it("does not log a request without valid credentials: it names no organization", async () => {
    const refused = await call(h, me.GET, "/v1/me", { token: "tolk_invalid" });
    expect(refused.status).toBe(401);
    await h.app.requestLog.flush();
    expect(
      (
        await listRequestLog(h.app.domain, {
          orgId: org.orgId,
          requestId: refused.res.headers.get("x-request-id") ?? "",
        })
      ).items,
    ).toEqual([]);
  });

  it("records a glossary created and deleted through /v1 under the request's key and address", async () => {
    const token = org.keys.write?.key;
    const created = await call(h, glossaries.POST, "/v1/glossaries", {
      token,
      ip: "198.51.100.23",
      ...json({ name: "Audited", source_lang: "en", target_lang: "es" }),
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: string } }).data.id;
    expect(
      (await call(h, glossary.DELETE, `/v1/glossaries/${id}`, { method: "DELETE", token, params: { id } })).status,
    ).toBe(200);
    const log = await listAuditLog(h.app.domain, { orgId: org.orgId });
    expect(log.items.slice(0, 2).map((r) => [r.action, r.actorType, r.actorId, r.targetLabel])).toEqual([
      ["glossary.deleted", "api_key", org.keys.write?.id, "Audited"],
      ["glossary.created", "api_key", org.keys.write?.id, "Audited"],
    ]);
    expect(log.items[1]?.ip).toBe("198.51.100.23");
    expect(log.items[1]?.actorLabel).toMatch(/^write \(/);
  });
});
