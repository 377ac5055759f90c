// What the tests of engines that speak HTTP share: Tolk's own DeepL and LibreTranslate routes to
// serve as an upstream (serveRoutes), the upstream's usage as DeepL reports it, and a small
// OpenAI-compatible server that gives an instance engines for languages Apertium lacks.
import { type Server, createServer } from "node:http";
import { type AddressInfo } from "node:net";

import * as libreLanguages from "../app/libretranslate/languages/route";
import * as libreTranslate from "../app/libretranslate/translate/route";
import * as deeplLanguages from "../app/v2/languages/route";
import * as deeplTranslate from "../app/v2/translate/route";
import * as deeplUsage from "../app/v2/usage/route";
import { type Handler, type Harness, call } from "./helpers";

/** Tolk's /v2 as a DeepL server: what the DeepL engine calls. */
export const DEEPL_ROUTES: Record<string, Handler> = {
  "/v2/languages": deeplLanguages.GET,
  "/v2/translate": deeplTranslate.POST,
  "/v2/usage": deeplUsage.GET,
};

/** Tolk's /libretranslate as a LibreTranslate server. */
export const LIBRETRANSLATE_ROUTES: Record<string, Handler> = {
  "/libretranslate/languages": libreLanguages.GET,
  "/libretranslate/translate": libreTranslate.POST,
};

/** The characters `h` has billed the organization of `key` this period, read as a DeepL client reads them. */
export async function deeplCharacterCount(h: Harness, key: string): Promise<number> {
  const r = await call(h, deeplUsage.GET, "/v2/usage", { headers: { Authorization: `DeepL-Auth-Key ${key}` } });
  return (r.json as { character_count: number }).character_count;
}

export interface FakeLlm {
  /** LLM_BASE_URL for it. */
  baseUrl: string;
  /** The model and Authorization header of the last completion. */
  seen: { model?: string; auth?: string };
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions server on a local port: each segment of the request's
 * JSON array comes back as `translate(segment)`, so an instance with LLM_BASE_URL pointing here
 * serves every pair, those Apertium lacks included.
 */
export async function startFakeLlm(translate: (segment: string) => string): Promise<FakeLlm> {
  const seen: FakeLlm["seen"] = {};
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      seen.model = body.model;
      seen.auth = req.headers.authorization;
      const segments = JSON.parse(body.messages.at(-1)?.content ?? "[]") as string[];
      const content = JSON.stringify(segments.map(translate));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
