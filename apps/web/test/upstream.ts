// What the tests of engines that speak HTTP share: Tolk's own DeepL and LibreTranslate routes to
// serve as an upstream (serveRoutes), the upstream's usage as DeepL reports it, and a small
// OpenAI-compatible server that gives an instance engines for languages Apertium lacks.
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

export { type FakeLlm, startFakeLlm } from "@tolk/engines/testing";
