import {
  type Field,
  type Json,
  body,
  compatDocument,
  jsonAnswer,
  operation,
  pathParam,
  query,
} from "../openapi-builder";
import { V3_RESOURCES } from "./v3-languages";
import { QUOTA_EXCEEDED } from "./wire";

/**
 * The OpenAPI document of Tolk's DeepL-compatible API (/v2 and /v3), served at
 * /openapi/deepl.json and shown at /docs/deepl. Routes under apps/web/app/v2 and v3;
 * test/compat-openapi.test.ts checks every one is documented here.
 */

const ERRORS = {
  "400": "Bad request: a parameter is missing or invalid, or no engine translates the pair (the message says which)",
  "403": "Invalid or missing authentication key (Tolk answers DeepL's 403 where /v1 answers 401)",
  "404":
    "Not found: no such glossary or document, a path Tolk does not serve, or a DeepL feature Tolk does not support (the message says so)",
  "413": "The request body is too large",
  "429": "Too many requests: the plan's rate limit; retry after `Retry-After` seconds",
  [String(QUOTA_EXCEEDED)]:
    "Quota exceeded: the organization's credits do not cover the translation; nothing was billed",
  "503": "The engine or the instance is unavailable; nothing was billed; retry later",
};
const AUTHED = ["403", "429", "503"];

const TRANSLATE_FIELDS: Field[] = [
  {
    name: "text",
    type: "array",
    items: "string",
    required: true,
    description: "Texts to translate (up to 50 per request).",
  },
  {
    name: "target_lang",
    type: "string",
    required: true,
    description: "Target language, DeepL's code (ES, PT-BR, EN-US …); `GET /v2/languages?type=target` lists them.",
  },
  {
    name: "source_lang",
    type: "string",
    description:
      "Source language; left out, Tolk identifies it (short texts fall back to the organization's default source language).",
  },
  {
    name: "formality",
    type: "string",
    enum: ["default", "more", "less", "prefer_more", "prefer_less"],
    description: "Formal or informal address, where `supports_formality` is true for the target.",
  },
  {
    name: "glossary_id",
    type: "string",
    description: "A glossary of the organization (`GET /v2/glossaries`) for the same pair.",
  },
  {
    name: "tag_handling",
    type: "string",
    enum: ["xml", "html"],
    description: "Markup is always kept; with tag handling, `ignore_tags` elements keep their content too.",
  },
  {
    name: "ignore_tags",
    type: "array",
    items: "string",
    description: "Elements whose content stays as written (with `tag_handling`).",
  },
  {
    name: "split_sentences",
    type: "string",
    enum: ["0", "1", "nonewlines"],
    description: "`0` and `nonewlines`: a line break does not end a sentence.",
  },
  { name: "show_billed_characters", type: "boolean", description: "Adds `billed_characters` to each translation." },
  {
    name: "model_type",
    type: "string",
    enum: ["quality_optimized", "latency_optimized", "prefer_quality_optimized"],
    description: "Named back as `model_type_used`; Tolk has one model per engine and pair.",
  },
  { name: "preserve_formatting", type: "boolean", description: "Accepted; Tolk keeps formatting either way." },
  { name: "outline_detection", type: "boolean", description: "Accepted without effect." },
  { name: "context", type: "string", description: "Accepted without effect." },
];

const GLOSSARY_EXAMPLE = {
  glossary_id: "glo_8ZkQ2m",
  name: "weblate:1:EN:ES:9f2c",
  ready: true,
  source_lang: "en",
  target_lang: "es",
  creation_time: "2026-11-27T09:00:00.000Z",
  entry_count: 2,
};

const paths: Record<string, Json> = {
  "/v2/translate": {
    post: operation({
      tag: "Translation",
      id: "translateTexts",
      summary: "Translate texts",
      description:
        "DeepL's text translation. Billed as /v1: output characters × the target's script weight, from the organization's credits.",
      requestBody: body(TRANSLATE_FIELDS),
      responses: {
        "200": jsonAnswer("The translations, in the order of `text`", {
          translations: [{ detected_source_language: "EN", text: "La casa es grande.", billed_characters: 18 }],
        }),
      },
      errors: ["400", "413", String(QUOTA_EXCEEDED), ...AUTHED],
    }),
  },
  "/v2/languages": {
    get: operation({
      tag: "Languages",
      id: "listSourceOrTargetLanguages",
      summary: "List source or target languages",
      description: "Exactly what this instance translates: a target is listed when some source reaches it.",
      parameters: query([
        { name: "type", type: "string", enum: ["source", "target"], description: "Which list (default source)." },
      ]),
      responses: {
        "200": jsonAnswer("The languages", [{ language: "ES", name: "Spanish", supports_formality: true }]),
      },
      errors: ["400", ...AUTHED],
    }),
  },
  "/v2/glossary-language-pairs": {
    get: operation({
      tag: "Glossaries",
      id: "listThePairsAGlossaryCanBeMadeFor",
      summary: "List the pairs a glossary can be made for",
      responses: {
        "200": jsonAnswer("The pairs", { supported_languages: [{ source_lang: "en", target_lang: "es" }] }),
      },
      errors: [...AUTHED],
    }),
  },
  "/v2/glossaries": {
    get: operation({
      tag: "Glossaries",
      id: "listGlossaries",
      summary: "List glossaries",
      responses: { "200": jsonAnswer("The organization's glossaries", { glossaries: [GLOSSARY_EXAMPLE] }) },
      errors: [...AUTHED],
    }),
    post: operation({
      tag: "Glossaries",
      id: "createAGlossary",
      summary: "Create a glossary",
      description:
        "Made as a Tolk glossary of the organization, usable from /v1 and the console too. Refused (400) for a pair no engine translates.",
      requestBody: body([
        { name: "name", type: "string", required: true, description: "The glossary's name." },
        { name: "source_lang", type: "string", required: true, description: "Source language." },
        { name: "target_lang", type: "string", required: true, description: "Target language." },
        { name: "entries", type: "string", required: true, description: "The entries, one per line." },
        {
          name: "entries_format",
          type: "string",
          enum: ["tsv", "csv"],
          required: true,
          description: "`tsv` (source TAB target) or `csv`.",
        },
      ]),
      responses: { "201": jsonAnswer("The glossary", GLOSSARY_EXAMPLE) },
      errors: ["400", ...AUTHED],
    }),
  },
  "/v2/glossaries/{glossary_id}": {
    get: operation({
      tag: "Glossaries",
      id: "getAGlossary",
      summary: "Get a glossary",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      responses: { "200": jsonAnswer("The glossary", GLOSSARY_EXAMPLE) },
      errors: ["404", ...AUTHED],
    }),
    delete: operation({
      tag: "Glossaries",
      id: "deleteAGlossary",
      summary: "Delete a glossary",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      responses: { "204": { description: "Deleted" } },
      errors: ["404", ...AUTHED],
    }),
  },
  "/v2/glossaries/{glossary_id}/entries": {
    get: operation({
      tag: "Glossaries",
      id: "getAGlossarysEntries",
      summary: "Get a glossary's entries",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      responses: {
        "200": {
          description: "The entries as TSV",
          content: { "text/tab-separated-values": { example: "house\tcasa\n" } },
        },
      },
      errors: ["404", ...AUTHED],
    }),
  },
  "/v2/document": {
    post: operation({
      tag: "Documents",
      id: "uploadADocumentToTranslate",
      summary: "Upload a document to translate",
      description: "Any of Tolk's document formats (docs/documents.md). Answers the id and key to follow it with.",
      requestBody: body(
        [
          { name: "file", type: "file", required: true, description: "The document." },
          { name: "target_lang", type: "string", required: true, description: "Target language." },
          {
            name: "source_lang",
            type: "string",
            description: "Source language; left out, identified from the file's text.",
          },
          {
            name: "formality",
            type: "string",
            enum: ["default", "more", "less", "prefer_more", "prefer_less"],
            description: "As for texts.",
          },
          { name: "glossary_id", type: "string", description: "As for texts." },
          { name: "filename", type: "string", description: "The file's name, when the upload has none." },
          { name: "output_format", type: "string", description: "Accepted when it is the input's own format." },
        ],
        ["multipart"],
      ),
      responses: { "200": jsonAnswer("The job", { document_id: "job_4fY", document_key: "dk_…" }) },
      errors: ["400", "413", String(QUOTA_EXCEEDED), ...AUTHED],
    }),
  },
  "/v2/document/{document_id}": {
    post: operation({
      tag: "Documents",
      id: "checkADocumentsStatus",
      summary: "Check a document's status",
      parameters: [pathParam("document_id", "The document's id")],
      requestBody: body([
        { name: "document_key", type: "string", required: true, description: "The key the upload answered." },
      ]),
      responses: {
        "200": jsonAnswer("The status", {
          document_id: "job_4fY",
          status: "translating",
          seconds_remaining: 3,
          billed_characters: 0,
        }),
      },
      errors: ["400", "404", ...AUTHED],
    }),
  },
  "/v2/document/{document_id}/result": {
    post: operation({
      tag: "Documents",
      id: "downloadATranslatedDocument",
      summary: "Download a translated document",
      parameters: [pathParam("document_id", "The document's id")],
      requestBody: body([
        { name: "document_key", type: "string", required: true, description: "The key the upload answered." },
      ]),
      responses: { "200": { description: "The translated file", content: { "application/octet-stream": {} } } },
      errors: ["400", "404", ...AUTHED],
    }),
  },
  "/v2/usage": {
    get: operation({
      tag: "Account",
      id: "creditsUsedAndAvailableThisPeriod",
      summary: "Credits used and available this period",
      description:
        "`character_count` is the credits this billing period consumed; `character_limit` what it may spend (allowance and top-ups).",
      responses: { "200": jsonAnswer("Usage", { character_count: 1200, character_limit: 500000 }) },
      errors: [...AUTHED],
    }),
  },
  "/v2/write/rephrase": {
    post: operation({
      tag: "Not supported",
      id: "deeplWrite",
      summary: "DeepL Write (not supported)",
      description:
        "Tolk has no rephrasing: answered 404 with a message saying it is not supported by Tolk, in DeepL's error shape.",
      responses: {},
      errors: ["404", ...AUTHED],
    }),
  },
  "/v3/languages": {
    get: operation({
      tag: "v3",
      id: "listLanguagesPerResource",
      summary: "List languages per resource",
      description:
        "DeepL's v3 language list for a `resource` (translate_text, translate_document, glossary, …): exactly what Tolk serves for it.",
      parameters: query([
        {
          name: "resource",
          type: "string",
          required: true,
          enum: V3_RESOURCES,
          description: "The resource to list languages for",
        },
      ]),
      responses: {
        "200": jsonAnswer("The languages", [
          { lang: "es", name: "Spanish", usable_as_source: true, usable_as_target: true, features: [] },
        ]),
      },
      errors: ["400", ...AUTHED],
    }),
  },
  "/v3/languages/resources": {
    get: operation({
      tag: "v3",
      id: "listTheResourcesLanguagesAreListedFor",
      summary: "List the resources languages are listed for",
      responses: { "200": jsonAnswer("The resources", [{ resource: "translate_text" }]) },
      errors: [...AUTHED],
    }),
  },
  "/v3/glossaries": {
    get: operation({
      tag: "v3",
      id: "listMultilingualGlossaries",
      summary: "List multilingual glossaries",
      responses: { "200": jsonAnswer("The glossaries", { glossaries: [] }) },
      errors: [...AUTHED],
    }),
    post: operation({
      tag: "v3",
      id: "createAMultilingualGlossary",
      summary: "Create a multilingual glossary",
      description: "Each dictionary (one pair) becomes a Tolk glossary; together they carry the v3 glossary's id.",
      requestBody: body([
        { name: "name", type: "string", required: true, description: "The glossary's name." },
        {
          name: "dictionaries",
          type: "array",
          required: true,
          description: "One per pair: source_lang, target_lang, entries, entries_format.",
        },
      ]),
      responses: {
        "201": jsonAnswer("The glossary", {
          glossary_id: "…",
          name: "My terms",
          dictionaries: [],
          creation_time: "2026-11-27T09:00:00Z",
        }),
      },
      errors: ["400", ...AUTHED],
    }),
  },
  "/v3/glossaries/{glossary_id}": {
    get: operation({
      tag: "v3",
      id: "getAMultilingualGlossary",
      summary: "Get a multilingual glossary",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      responses: { "200": jsonAnswer("The glossary", { glossary_id: "…", name: "My terms", dictionaries: [] }) },
      errors: ["404", ...AUTHED],
    }),
    patch: operation({
      tag: "v3",
      id: "renameAGlossaryOrReplaceADictionary",
      summary: "Rename a glossary or replace a dictionary",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      requestBody: body([
        { name: "name", type: "string", description: "A new name." },
        { name: "dictionaries", type: "array", description: "Dictionaries to replace." },
      ]),
      responses: { "200": jsonAnswer("The glossary", { glossary_id: "…", name: "Renamed", dictionaries: [] }) },
      errors: ["400", "404", ...AUTHED],
    }),
    delete: operation({
      tag: "v3",
      id: "deleteAMultilingualGlossary",
      summary: "Delete a multilingual glossary",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      responses: { "204": { description: "Deleted" } },
      errors: ["404", ...AUTHED],
    }),
  },
  "/v3/glossaries/{glossary_id}/entries": {
    get: operation({
      tag: "v3",
      id: "getOneDictionarysEntries",
      summary: "Get one dictionary's entries",
      parameters: [
        pathParam("glossary_id", "The glossary's id"),
        ...query([
          { name: "source_lang", type: "string", required: true, description: "The dictionary's source" },
          { name: "target_lang", type: "string", required: true, description: "The dictionary's target" },
        ]),
      ],
      responses: {
        "200": jsonAnswer("The entries", {
          dictionaries: [{ source_lang: "en", target_lang: "es", entries: "house\tcasa", entries_format: "tsv" }],
        }),
      },
      errors: ["400", "404", ...AUTHED],
    }),
  },
  "/v3/glossaries/{glossary_id}/dictionaries": {
    put: operation({
      tag: "v3",
      id: "replaceOrAddOneDictionary",
      summary: "Replace or add one dictionary",
      parameters: [pathParam("glossary_id", "The glossary's id")],
      requestBody: body([
        { name: "source_lang", type: "string", required: true, description: "Source" },
        { name: "target_lang", type: "string", required: true, description: "Target" },
        { name: "entries", type: "string", required: true, description: "The entries" },
        { name: "entries_format", type: "string", enum: ["tsv", "csv"], required: true, description: "Their format" },
      ]),
      responses: { "200": jsonAnswer("The dictionary", { source_lang: "en", target_lang: "es", entry_count: 1 }) },
      errors: ["400", "404", ...AUTHED],
    }),
    delete: operation({
      tag: "v3",
      id: "deleteOneDictionary",
      summary: "Delete one dictionary",
      parameters: [
        pathParam("glossary_id", "The glossary's id"),
        ...query([
          { name: "source_lang", type: "string", required: true, description: "The dictionary's source" },
          { name: "target_lang", type: "string", required: true, description: "The dictionary's target" },
        ]),
      ],
      responses: { "204": { description: "Deleted" } },
      errors: ["400", "404", ...AUTHED],
    }),
  },
  "/v3/style_rules": {
    get: operation({
      tag: "Not supported",
      id: "styleRules",
      summary: "Style rules (not supported)",
      description: "Answered 404 in DeepL's error shape, saying style rules are not supported by Tolk.",
      responses: {},
      errors: ["404", ...AUTHED],
    }),
  },
  "/v3/translation_memories": {
    get: operation({
      tag: "Not supported",
      id: "deeplTranslationMemories",
      summary: "DeepL translation memories (not supported)",
      description:
        "Answered 404 in DeepL's error shape, saying they are not supported by Tolk. Tolk's own translation memories are in /v1.",
      responses: {},
      errors: ["404", ...AUTHED],
    }),
  },
};

const DESCRIPTION = [
  "Tolk answers DeepL's API so DeepL clients (deepl-node, Weblate, json-autotranslate, Tolgee …) work with a Tolk API key. Point the client's server URL at this instance.",
  'Authenticate with `Authorization: DeepL-Auth-Key <your Tolk API key>` (or `Bearer`). Errors are DeepL\'s `{"message": "…"}`; a wrong key is 403, exhausted credits 456.',
  "What Tolk accepts but does not act on, and what it does not support, is listed per parameter and in the operator documentation (docs/compatibility.md).",
].join("\n\n");

export function deeplOpenApiDocument(serverUrl: string): Json {
  return compatDocument({
    serverUrl,
    title: "Tolk: DeepL-compatible API",
    version: "2",
    description: DESCRIPTION,
    security: {
      name: "deeplAuthKey",
      scheme: { type: "apiKey", in: "header", name: "Authorization", description: "`DeepL-Auth-Key <Tolk API key>`" },
    },
    errors: ERRORS,
    errorExample: (message) => ({ message }),
    paths,
  });
}
