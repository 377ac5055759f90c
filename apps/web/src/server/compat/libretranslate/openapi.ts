import { type Field, type Json, body, compatDocument, jsonAnswer, operation } from "../openapi-builder";

/**
 * The OpenAPI document of Tolk's LibreTranslate-compatible API (/libretranslate), served at
 * /openapi/libretranslate.json and shown at /docs/libretranslate. Routes under
 * apps/web/app/libretranslate; test/compat-openapi.test.ts checks every one is documented here.
 */

const ERRORS = {
  "400":
    "Invalid request: a parameter is missing or invalid, or no engine translates the pair (the message says which)",
  "403":
    "Invalid API key, or the organization's credits do not cover the translation (LibreTranslate's one refusal status)",
  "404": "A path Tolk does not serve",
  "413": "The request body is too large",
  "429": "Too many requests: the plan's rate limit; retry after `Retry-After` seconds",
  "503": "The engine or the instance is unavailable; nothing was billed",
};

const KEY: Field = {
  name: "api_key",
  type: "string",
  description: "Your Tolk API key (or send `Authorization: Bearer <key>`).",
};

const paths: Record<string, Json> = {
  "/libretranslate/translate": {
    post: operation({
      tag: "Translation",
      id: "translateText",
      summary: "Translate text",
      description: "Billed as /v1: output characters × the target's script weight, from the organization's credits.",
      requestBody: body([
        {
          name: "q",
          type: "string",
          required: true,
          description: "A text, or a JSON array of texts (the answer is then an array too).",
        },
        {
          name: "source",
          type: "string",
          required: true,
          description: "Source language code, or `auto` to identify it.",
        },
        {
          name: "target",
          type: "string",
          required: true,
          description: "Target language code; `GET /libretranslate/languages` lists each source's targets.",
        },
        { name: "format", type: "string", enum: ["text", "html"], description: "Markup is kept either way." },
        {
          name: "alternatives",
          type: "integer",
          description: "Tolk has one translation: the alternatives list is empty.",
        },
        KEY,
      ]),
      responses: {
        "200": jsonAnswer("The translation", {
          translatedText: "La casa es grande.",
          detectedLanguage: { language: "en", confidence: 90 },
        }),
      },
      errors: ["400", "403", "413", "429", "503"],
    }),
  },
  "/libretranslate/translate_file": {
    post: operation({
      tag: "Translation",
      id: "translateAFile",
      summary: "Translate a file",
      description: "Any of Tolk's document formats; answers where to download the translated file.",
      requestBody: body(
        [
          { name: "file", type: "file", required: true, description: "The file." },
          { name: "source", type: "string", required: true, description: "Source language code, or `auto`." },
          { name: "target", type: "string", required: true, description: "Target language code." },
          KEY,
        ],
        ["multipart"],
      ),
      responses: {
        "200": jsonAnswer("Where the translation is", {
          translatedFileUrl: "https://tolk.example/v1/translate/job_4fY/download?…",
        }),
      },
      errors: ["400", "403", "413", "429", "503"],
    }),
  },
  "/libretranslate/detect": {
    post: operation({
      tag: "Languages",
      id: "identifyATextsLanguage",
      summary: "Identify a text's language",
      description: "Free, as /v1's analysis. An inconclusive text answers an empty list.",
      requestBody: body([{ name: "q", type: "string", required: true, description: "The text." }, KEY]),
      responses: { "200": jsonAnswer("The language", [{ language: "en", confidence: 92 }]) },
      errors: ["400", "403", "429"],
    }),
  },
  "/libretranslate/languages": {
    get: operation({
      tag: "Languages",
      id: "listLanguagesAndTheirTargets",
      summary: "List languages and their targets",
      description: "Public. Exactly what this instance translates: each source with the targets it reaches.",
      public: true,
      responses: { "200": jsonAnswer("The languages", [{ code: "en", name: "English", targets: ["ca", "es", "gl"] }]) },
      errors: ["429"],
    }),
  },
  "/libretranslate/frontend/settings": {
    get: operation({
      tag: "Languages",
      id: "serverSettingsClientsRead",
      summary: "Server settings clients read",
      description: "Public. `charLimit` is the caller's plan's limit per text (the smallest plan's without a key).",
      public: true,
      responses: {
        "200": jsonAnswer("The settings", {
          apiKeys: true,
          keyRequired: true,
          charLimit: 5000,
          filesTranslation: true,
        }),
      },
      errors: ["429"],
    }),
  },
};

const DESCRIPTION = [
  "Tolk answers LibreTranslate's API so its clients (Weblate's LibreTranslate backend, the `libretranslate` npm and Python clients …) work with a Tolk API key: set the server URL to this instance's `/libretranslate`.",
  'Send the key as `api_key` (or `Authorization: Bearer`). Errors are LibreTranslate\'s `{"error": "…"}`.',
].join("\n\n");

export function libreTranslateOpenApiDocument(serverUrl: string): Json {
  return compatDocument({
    serverUrl,
    title: "Tolk: LibreTranslate-compatible API",
    version: "1",
    description: DESCRIPTION,
    security: {
      name: "bearer",
      scheme: { type: "http", scheme: "bearer", description: "A Tolk API key (or `api_key` in the body)" },
    },
    errors: ERRORS,
    errorExample: (message) => ({ error: message }),
    paths,
  });
}
