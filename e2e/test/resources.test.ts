import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// Glossaries and translation memories through the production build: multipart imports read by
// the real Next runtime, file exports, and their effect on /v1/translate.
const data = tempDataDir();
const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
let server: RunningServer;
let key = "";

beforeAll(async () => {
  key = String((await tolk(["seed"], env)).api_key);
  server = await startServer(env);
});
afterAll(async () => {
  await server.stop();
  data.remove();
});

async function api(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body, text, headers: res.headers };
}
const post = (path: string, body: unknown) =>
  api(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const upload = (path: string, name: string, content: string) => {
  const form = new FormData();
  form.set("file", new Blob([content]), name);
  return api(path, { method: "POST", body: form });
};
const data_ = <T>(r: { body: unknown }) => (r.body as { data: T }).data;

describe("resources, black-box", () => {
  it("imports a glossary and a memory by multipart upload, exports them, and translates with both", async () => {
    const g = data_<{ id: string }>(await post("/v1/glossaries", { name: "UI", source_lang: "en", target_lang: "es" }));
    const imported = await upload(`/v1/glossaries/${g.id}/import`, "ui.csv", "source,target\nhouse,vivienda\n");
    expect(imported.status, imported.text).toBe(200);
    expect(data_(imported)).toEqual({ imported: 1, skipped: 0 });
    const tbx = await api(`/v1/glossaries/${g.id}/export?format=tbx`);
    expect(tbx.headers.get("content-type")).toContain("tbx");
    expect(tbx.text).toContain("<term>vivienda</term>");

    const tm = data_<{ id: string }>(await post("/v1/memories", { name: "UI", source_lang: "en", target_lang: "es" }));
    const tmx = `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Good morning.</seg></tuv><tuv xml:lang="es"><seg>¡Buenos días!</seg></tuv></tu></body></tmx>`;
    expect(data_(await upload(`/v1/memories/${tm.id}/import`, "ui.tmx", tmx))).toEqual({ imported: 1, skipped: 0 });

    const r = await post("/v1/translate", {
      text: "Good morning. The house is big.",
      source_lang: "en",
      target_lang: "es",
      tm_id: tm.id,
      glossary_ids: [g.id],
    });
    expect(r.status, r.text).toBe(200);
    expect(data_(r)).toMatchObject({
      translation: "¡Buenos días! La vivienda es grande.",
      tm_match: [{ segment: 0, score: 100, level: "exact" }],
      glossary_terms_applied: [{ source: "house", target: "vivienda", origin: g.id, count: 1 }],
    });

    const bad = await upload(
      `/v1/memories/${tm.id}/import`,
      "x.tmx",
      '<!DOCTYPE tmx [<!ENTITY e SYSTEM "file:///etc/passwd">]><tmx><body/></tmx>',
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { message: string } }).error.message).toContain("DOCTYPE");
  });
});
