// A fake DeepL server: GET /v2/languages lists what it was given, POST /v2/translate checks the
// key and the codes like DeepL does and "translates" with fakeTranslate, unless the test queued
// a status for the next translation.
import { type DeeplLanguage } from "../../src/deepl/languages";
import { fakeTranslate, sendJson, startServer, type TestServer } from "./server";

export interface FakeDeepl extends TestServer {
  queue: { status: number; headers?: Record<string, string> }[];
}

export async function startFakeDeepl(
  languages: { source: DeeplLanguage[]; target: DeeplLanguage[] },
  authKey: string,
): Promise<FakeDeepl> {
  const queue: FakeDeepl["queue"] = [];
  const server = await startServer((request, res) => {
    if (request.headers.authorization !== `DeepL-Auth-Key ${authKey}`)
      return sendJson(res, 403, { message: "Authorization failure, check auth_key" });
    if (request.method === "GET" && request.path === "/v2/languages")
      return sendJson(res, 200, languages[request.query.includes("type=target") ? "target" : "source"]);
    if (request.method === "GET" && request.path === "/v2/usage")
      return sendJson(res, 200, { character_count: 0, character_limit: 500000 });
    if (request.method !== "POST" || request.path !== "/v2/translate")
      return sendJson(res, 404, { message: "Not found" });
    const next = queue.shift();
    if (next) return sendJson(res, next.status, { message: `status ${next.status}` }, next.headers);
    const body = (request.body ?? {}) as { text?: unknown; source_lang?: unknown; target_lang?: unknown };
    if (!languages.target.some((l) => l.language === body.target_lang))
      return sendJson(res, 400, { message: "Value for 'target_lang' not supported." });
    if (!Array.isArray(body.text) || body.text.length > 50) return sendJson(res, 400, { message: "Too many texts" });
    return sendJson(res, 200, {
      translations: (body.text as string[]).map((t) => ({
        detected_source_language: body.source_lang,
        text: fakeTranslate(t),
      })),
    });
  });
  return Object.assign(server, { queue });
}
