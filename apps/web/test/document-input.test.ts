import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { documentResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as translateDocument } from "../app/v1/translate/document/route";
import { type Harness, call, expectError, startApp } from "./helpers";

// POST /v1/translate/document with files that declare another target language, and with
// documents nested deeper than the filters accept.
let h: Harness;
const storageDir = mkdtempSync(join(tmpdir(), "tolk-doc-input-"));
beforeAll(async () => {
  h = await startApp({ TOLK_STORAGE_DIR: storageDir });
});
afterAll(async () => {
  await h.close();
  rmSync(storageDir, { recursive: true, force: true });
});

function upload(token: string | undefined, name: string, content: string, fields: Record<string, string>) {
  const body = new FormData();
  body.set("file", new File([content], name));
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return call(h, translateDocument, "/v1/translate/document", { method: "POST", token, body });
}

const enEs = { source_lang: "en", target_lang: "es" };
const FRENCH_XLIFF =
  '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">\n <file id="f1">\n  <unit id="u1">\n   <segment>\n    <source>The house is big.</source>\n    <target>La maison est grande.</target>\n   </segment>\n  </unit>\n </file>\n</xliff>\n';

describe("force_target_lang", () => {
  it("an XLIFF declaring another target language is a 400 that names the field to send", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, "fr.xliff", FRENCH_XLIFF, enEs);
    expect(expectError(r, 400, "bad_request", "invalid_request_error").message).toContain("force_target_lang=true");
  });

  it("with force_target_lang=true it is translated into target_lang, the language replaced, and warnings say so", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, "fr.xliff", FRENCH_XLIFF, { ...enEs, force_target_lang: "true" });
    expect(r.status).toBe(200);
    const body = documentResponse.parse(r.json).data;
    const out = Buffer.from(body.file_data, "base64").toString("utf8");
    expect(out).toContain('trgLang="es"');
    expect(out).toContain("<target>La casa es grande.</target>");
    expect(body.warnings).toEqual([expect.stringContaining("as force_target_lang asked")]);
  });

  it("accepts only true or false", async () => {
    const org = await h.org();
    const r = await upload(org.keys.all?.key, "fr.xliff", FRENCH_XLIFF, { ...enEs, force_target_lang: "yes" });
    expect(expectError(r, 400, "bad_request", "invalid_request_error").param).toBe("force_target_lang");
  });
});

describe("documents nested beyond the limit", () => {
  const cases: [string, string][] = [
    ["deep.json", `{"a":${"[".repeat(100_000)}"Hello"${"]".repeat(100_000)}}`],
    ["deep.yaml", `${"- ".repeat(100_000)}Hello\n`],
    ["deep.yml", `a: ${"[".repeat(100_000)}Hello${"]".repeat(100_000)}\n`],
  ];
  for (const [name, content] of cases) {
    it(`${name}: 400 naming the limit, not a 500`, async () => {
      const org = await h.org();
      const r = await upload(org.keys.all?.key, name, content, enEs);
      expect(expectError(r, 400, "bad_request", "invalid_request_error").message).toMatch(
        /nested more than 256 levels deep \(line 1\); that is the limit/,
      );
    });
  }
});
