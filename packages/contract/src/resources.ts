import { z } from "zod";

import { envelope } from "./envelope";
import { formalities } from "./formality";
import { languageCode } from "./translate";

/**
 * Glossaries, translation memories, brand voices and projects: the management API under /v1
 * (`read` scope for reads, `write` for changes) and the extension fields their use adds to
 * translation results.
 */

const name = z.string().trim().min(1, "must not be empty").max(200, "may have at most 200 characters");
const term = z.string().trim().min(1, "must not be empty").max(500, "may have at most 500 characters");
const timestamp = z.string();

export const MAX_ENTRIES_PER_REQUEST = 10_000;

/** Cursor pagination of every list: `limit` (1–100, default 20) and the last id seen. */
export const listQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    starting_after: z.string().min(1).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuery>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), has_more: z.boolean() });
}
export interface Page<T> {
  items: T[];
  has_more: boolean;
}

const languagesDiffer = (r: { source_lang: string; target_lang: string }) => r.source_lang !== r.target_lang;
const differMessage = { message: "must differ from source_lang", path: ["target_lang"] };

// Glossaries

export const glossaryEntryInput = z.object({ source: term, target: term }).strict();
export type GlossaryEntryInput = z.infer<typeof glossaryEntryInput>;

export const createGlossaryRequest = z
  .object({
    name,
    source_lang: languageCode,
    target_lang: languageCode,
    entries: z.array(glossaryEntryInput).max(MAX_ENTRIES_PER_REQUEST).optional(),
  })
  .strict()
  .refine(languagesDiffer, differMessage);
export type CreateGlossaryRequest = z.infer<typeof createGlossaryRequest>;

export const updateGlossaryRequest = z.object({ name }).strict();
export type UpdateGlossaryRequest = z.infer<typeof updateGlossaryRequest>;

/** One entry (`{source, target}`) or several (`{entries: [...]}`); a known source term gets the new target. */
export const addGlossaryEntriesRequest = z.union([
  glossaryEntryInput.transform((e) => ({ entries: [e] })),
  z.object({ entries: z.array(glossaryEntryInput).min(1).max(MAX_ENTRIES_PER_REQUEST) }).strict(),
]);
export type AddGlossaryEntriesRequest = z.infer<typeof addGlossaryEntriesRequest>;

export const glossary = z.object({
  id: z.string(),
  name: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  entry_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type GlossaryView = z.infer<typeof glossary>;

export const glossaryEntry = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  created_at: timestamp,
});
export type GlossaryEntryView = z.infer<typeof glossaryEntry>;

export const glossaryFileFormats = ["csv", "tsv", "tbx"] as const;
export type GlossaryFileFormat = (typeof glossaryFileFormats)[number];
export const glossaryExportQuery = z.object({ format: z.enum(["csv", "tsv", "tbx"]).default("csv") }).strict();

export const importResult = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;

/** The multipart form of an import: the file, and its format when the file name does not say it. */
export const importForm = z.object({
  file: z.string().describe("The file (multipart file field)."),
  format: z
    .string()
    .optional()
    .describe("csv, tsv or tbx for glossaries; tmx for memories. Default: the file name's extension."),
});

// Translation memories

export const createMemoryRequest = z
  .object({ name, source_lang: languageCode, target_lang: languageCode })
  .strict()
  .refine(languagesDiffer, differMessage);
export type CreateMemoryRequest = z.infer<typeof createMemoryRequest>;

const segmentText = z.string().trim().min(1, "must not be empty").max(10_000, "may have at most 10000 characters");
export const memoryUnitInput = z.object({ source: segmentText, target: segmentText }).strict();
export type MemoryUnitInput = z.infer<typeof memoryUnitInput>;

export const addMemoryUnitsRequest = z.union([
  memoryUnitInput.transform((u) => ({ units: [u] })),
  z.object({ units: z.array(memoryUnitInput).min(1).max(MAX_ENTRIES_PER_REQUEST) }).strict(),
]);
export type AddMemoryUnitsRequest = z.infer<typeof addMemoryUnitsRequest>;

export const memory = z.object({
  id: z.string(),
  name: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  unit_count: z.number().int(),
  created_at: timestamp,
});
export type MemoryView = z.infer<typeof memory>;

export const memoryUnit = z.object({ id: z.string(), source: z.string(), target: z.string(), created_at: timestamp });
export type MemoryUnitView = z.infer<typeof memoryUnit>;

/** GET /v1/memories/{id}/units: a page of units, or with `q` the fuzzy matches (score ≥ min_score). */
export const memoryUnitsQuery = z
  .object({
    q: z.string().trim().min(1).max(10_000).optional(),
    min_score: z.coerce.number().int().min(1).max(100).default(75),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    starting_after: z.string().min(1).optional(),
  })
  .strict();
export const memoryMatch = z.object({ unit: memoryUnit, score: z.number().int().min(0).max(100) });
export type MemoryMatchView = z.infer<typeof memoryMatch>;

// Brand voices

/** Formality as clients write it, any case ("formal", "FORMAL"), in its display form. */
export const formality = z
  .string()
  .transform((s) => formalities.find((f) => f.toLowerCase() === s.trim().toLowerCase()) ?? s)
  .pipe(z.enum(formalities));

export const forbiddenTermInput = z.union([
  term.transform((t) => ({ term: t })),
  z.object({ term, replacement: term.optional() }).strict(),
]);

const brandVoiceFields = {
  name,
  tone: z.string().trim().max(200).nullable().optional(),
  formality: formality.optional(),
  instructions: z.string().trim().max(2_000).nullable().optional(),
  preferred_terms: z.array(glossaryEntryInput).max(1_000).optional(),
  forbidden_terms: z.array(forbiddenTermInput).max(1_000).optional(),
  do_not_translate: z.array(term).max(1_000).optional(),
};
export const createBrandVoiceRequest = z.object(brandVoiceFields).strict();
export type CreateBrandVoiceRequest = z.infer<typeof createBrandVoiceRequest>;
export const updateBrandVoiceRequest = z
  .object({ ...brandVoiceFields, name: name.optional() })
  .strict()
  .refine((r) => Object.keys(r).length > 0, "must change at least one field");
export type UpdateBrandVoiceRequest = z.infer<typeof updateBrandVoiceRequest>;

export const brandVoice = z.object({
  id: z.string(),
  name: z.string(),
  tone: z.string().nullable(),
  formality: z.enum(formalities),
  instructions: z.string().nullable(),
  preferred_terms: z.array(z.object({ source: z.string(), target: z.string() })),
  forbidden_terms: z.array(z.object({ term: z.string(), replacement: z.string().optional() })),
  do_not_translate: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BrandVoiceView = z.infer<typeof brandVoice>;

// Projects

export const createProjectRequest = z
  .object({ name, description: z.string().trim().max(2_000).nullable().optional() })
  .strict();
export type CreateProjectRequest = z.infer<typeof createProjectRequest>;

export const project = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(["active", "archived"]),
  created_at: timestamp,
  archived_at: timestamp.nullable(),
});
export type ProjectView = z.infer<typeof project>;

export const deletedResource = z.object({ id: z.string(), deleted: z.literal(true) });

// Envelopes

export const glossaryResponse = envelope(glossary);
export const glossaryListResponse = envelope(listOf(glossary));
export const glossaryEntryListResponse = envelope(listOf(glossaryEntry));
export const memoryResponse = envelope(memory);
export const memoryListResponse = envelope(listOf(memory));
export const memoryUnitListResponse = envelope(listOf(memoryUnit));
export const memorySearchResponse = envelope(z.object({ items: z.array(memoryMatch), has_more: z.boolean() }));
export const brandVoiceResponse = envelope(brandVoice);
export const brandVoiceListResponse = envelope(listOf(brandVoice));
export const projectResponse = envelope(project);
export const projectListResponse = envelope(listOf(project));
export const deletedResponse = envelope(deletedResource);
export const importResponse = envelope(importResult);
