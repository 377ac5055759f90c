import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { batchResponse, documentResponse, translateResponse } from "@tolk/contract";
import { updateOrganizationSettings } from "@tolk/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as batch } from "../app/v1/translate/batch/route";
import { POST as translateDocument } from "../app/v1/translate/document/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, startApp } from "./helpers";

// The built-in localization terms (packages/domain/localization-terms) through the routes, on the
// real Apertium: on by default for Technical text and localization formats, off on request.
let h: Harness;
const storageDir = mkdtempSync(join(tmpdir(), "tolk-l10n-routes-"));
beforeAll(async () => {
  h = await startApp({ TOLK_STORAGE_DIR: storageDir });
});
afterAll(async () => {
  await h.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
const TECHNICAL = "Could not open the configuration files on the server. Restart the process and check the log files.";

/** POST /v1/translate of the Technical text into `target`, with the request's extra fields. */
async function translateTechnical(token: string | undefined, target: string, extra: object) {
  const r = await call(h, translate, "/v1/translate", {
    token,
    ...json({ text: TECHNICAL, source_lang: "en", target_lang: target, ...extra }),
  });
  expect(r.status).toBe(200);
  return translateResponse.parse(r.json).data;
}

describe("built-in localization terms", () => {
  it("apply to a Technical text, and are reported like glossary terms", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: TECHNICAL, source_lang: "en", target_lang: "es" }),
    });
    expect(r.status).toBe(200);
    const body = translateResponse.parse(r.json).data;
    expect(body.translation).toContain("archivos");
    expect(body.translation).not.toMatch(/limas/u);
    expect(body.glossary_terms_applied).toContainEqual(
      expect.objectContaining({ source: "files", target: "archivos", origin: "localization" }),
    );
  });

  it("are switched off by localization_terms: false", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: TECHNICAL, source_lang: "en", target_lang: "es", localization_terms: false }),
    });
    const body = translateResponse.parse(r.json).data;
    expect(body.glossary_terms_applied).toBeUndefined();
    expect(body.translation).toContain("limas");
  });

  it("apply to a batch of UI strings on request, per target", async () => {
    const org = await h.org();
    const r = await call(h, batch, "/v1/translate/batch", {
      token: org.keys.all?.key,
      ...json({
        strings: { open: "Open file", list: "files" },
        source_lang: "en",
        target_langs: ["es"],
        localization_terms: true,
      }),
    });
    const body = batchResponse.parse(r.json).data;
    expect(body.translations.es).toEqual({ open: "Abrir archivo", list: "archivos" });
    expect(body.glossary_terms_applied?.es).toContainEqual(
      expect.objectContaining({ source: "files", origin: "localization" }),
    );
  });

  it("apply to a localization-format document by default", async () => {
    const org = await h.org();
    const f = new FormData();
    f.set("file", new File([JSON.stringify({ menu: { open: "Open file", list: "files" } })], "strings.json"));
    f.set("source_lang", "en");
    f.set("target_lang", "es");
    const r = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      body: f,
    });
    expect(r.status).toBe(200);
    const out = JSON.parse(Buffer.from(documentResponse.parse(r.json).data.file_data, "base64").toString()) as unknown;
    expect(out).toEqual({ menu: { open: "Abrir archivo", list: "archivos" } });
  });

  it("leave the engine's own words around a term as they were in a .strings file (on by default)", async () => {
    const org = await h.org();
    const f = new FormData();
    const source = readFileSync(
      join(import.meta.dirname, "../../../packages/formats/test/fixtures/strings/InfoPlist.strings"),
    );
    f.set("file", new File([source], "InfoPlist.strings"));
    f.set("source_lang", "en");
    f.set("target_lang", "es");
    const r = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      body: f,
    });
    expect(r.status).toBe(200);
    // .strings escapes non-ASCII letters as \UXXXX.
    const out = Buffer.from(documentResponse.parse(r.json).data.file_data, "base64")
      .toString()
      .replace(/\\U([0-9A-Fa-f]{4})/gu, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(out).toMatch(/cámara/u);
    expect(out).not.toMatch(/cámaro/u);
  });

  it("are off by default for an organization that switched them off, on when a request asks", async () => {
    const org = await h.org();
    await updateOrganizationSettings(h.app.domain, {
      orgId: org.orgId,
      name: "No built-in terms",
      idpOrgId: null,
      localizationTerms: false,
    });
    const ask = (extra: object) => translateTechnical(org.keys.all?.key, "es", extra);
    const plain = await ask({});
    expect(plain.glossary_terms_applied).toBeUndefined();
    expect(plain.translation).toContain("limas");
    expect((await ask({ localization_terms: true })).glossary_terms_applied).toContainEqual(
      expect.objectContaining({ source: "files", origin: "localization" }),
    );
  });

  it("apply by default only to pairs whose table passes the bar, to any pair on request", async () => {
    const org = await h.org();
    const ask = (extra: object) => translateTechnical(org.keys.all?.key, "an", extra);
    expect((await ask({})).glossary_terms_applied).toBeUndefined();
    expect((await ask({ localization_terms: true })).glossary_terms_applied).toBeDefined();
  });
});
