// A fake LibreTranslate server: GET /languages lists what it was given; POST /translate checks
// api_key, source and target like the real one and "translates" q (a string or an array) with
// fakeTranslate, unless the test queued a misbehaviour for the next translations.
import { type LibreLanguage } from "../../src/libretranslate/languages";
import { fakeTranslate, sendJson, startServer, type TestServer } from "./server";

export type LibreMisbehaviour =
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: "wrong-count" }
  | { kind: "hang" };

export interface FakeLibreTranslate extends TestServer {
  queue: LibreMisbehaviour[];
}

export async function startFakeLibreTranslate(
  languages: LibreLanguage[],
  apiKey?: string,
): Promise<FakeLibreTranslate> {
  const queue: LibreMisbehaviour[] = [];
  const server = await startServer((request, res) => {
    if (request.method === "GET" && request.path === "/languages") return sendJson(res, 200, languages);
    if (request.method !== "POST" || request.path !== "/translate") return sendJson(res, 404, { error: "Not Found" });
    const body = (request.body ?? {}) as {
      q?: unknown;
      source?: unknown;
      target?: unknown;
      format?: unknown;
      api_key?: unknown;
    };
    if (apiKey !== undefined && body.api_key !== apiKey) return sendJson(res, 403, { error: "Invalid API key" });
    const source = languages.find((l) => l.code === body.source);
    if (!source) return sendJson(res, 400, { error: `${String(body.source)} is not supported` });
    if (typeof body.target !== "string" || !(source.targets ?? []).includes(body.target))
      return sendJson(res, 400, { error: `${String(body.target)} is not supported` });
    const q = body.q;
    const misbehaviour = queue.shift();
    switch (misbehaviour?.kind) {
      case "status":
        return sendJson(
          res,
          misbehaviour.status,
          misbehaviour.body ?? { error: `status ${misbehaviour.status}` },
          misbehaviour.headers,
        );
      case "hang":
        return;
      case "wrong-count":
        return sendJson(res, 200, { translatedText: Array.isArray(q) ? q.slice(1) : [] });
      case undefined:
        break;
    }
    if (typeof q === "string") return sendJson(res, 200, { translatedText: fakeTranslate(q) });
    if (Array.isArray(q) && q.every((s): s is string => typeof s === "string"))
      return sendJson(res, 200, { translatedText: q.map(fakeTranslate) });
    return sendJson(res, 400, { error: "Invalid request: missing q parameter" });
  });
  return Object.assign(server, { queue });
}
