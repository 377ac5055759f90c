import { z } from "zod";

import { envelope } from "./envelope";
import { QUALITY_SCORE_DESCRIPTION } from "./quality";
import { languageCode } from "./translate";

export const jobStatuses = ["created", "processing", "completed", "error", "failed"] as const;

const requiredLanguage = z.string().trim().min(1, "must not be empty").pipe(languageCode);

/** JSON-encoded array of glossary ids, as the multipart form carries it. */
const glossaryIdsField = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON-encoded array of glossary ids" });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string().min(1)).max(10));

/** A 0–100 threshold as the multipart form carries it. */
const minQualityField = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, "must be an integer from 0 to 100")
  .transform(Number)
  .pipe(z.number().int().min(0, "must be an integer from 0 to 100").max(100, "must be an integer from 0 to 100"));

/** The form fields of POST /v1/translate/document besides `file` (multipart/form-data). */
export const documentRequest = z
  .object({
    source_lang: requiredLanguage,
    target_lang: requiredLanguage,
    glossary_ids: glossaryIdsField.optional(),
    brand_voice_id: z.string().min(1).optional(),
    tm_id: z.string().min(1).optional(),
    /** Extension: the built-in localization terminology; default on for localization formats (json, yaml, po, xliff, strings). */
    localization_terms: z.enum(["true", "false"]).optional(),
    /** Extension: queue the job and answer 202 (same as the header `Prefer: respond-async`). */
    async: z.enum(["true", "false"]).optional(),
    /**
     * Extension: translate into `target_lang` even when the file declares another target
     * language (an XLIFF for "fr" uploaded for "es"), which is refused otherwise; the file's
     * declared language is replaced and every unit translated, and `warnings` says so.
     */
    force_target_lang: z.enum(["true", "false"]).optional(),
    /** Extension: as on POST /v1/translate, for the document's quality_score (a form field: digits). */
    min_quality: minQualityField.optional(),
  })
  .strict()
  .refine((r) => r.source_lang !== r.target_lang, { message: "must differ from source_lang", path: ["target_lang"] });
export type DocumentRequest = z.infer<typeof documentRequest>;

/** The multipart body as OpenAPI documents it. */
export const documentUploadForm = z.object({
  file: z
    .string()
    .meta({ format: "binary", description: "The document; its extension picks the format (GET /v1/formats)." }),
  source_lang: z.string(),
  target_lang: z.string(),
  glossary_ids: z.string().optional().meta({ description: "JSON-encoded array of glossary ids" }),
  brand_voice_id: z.string().optional(),
  tm_id: z.string().optional(),
  localization_terms: z.enum(["true", "false"]).optional(),
  async: z.enum(["true", "false"]).optional(),
  force_target_lang: z.enum(["true", "false"]).optional().meta({
    description:
      "Translate into target_lang even when the file declares another target language (XLIFF); refused otherwise",
  }),
  min_quality: z.string().optional().meta({
    description:
      "0–100: a document whose quality_score is below this, or has none, comes back with a warning in `warnings`",
  }),
});

/** Extension: a segment of a document to review first, lowest quality_score first. */
export const lowQualitySegment = z.object({
  /** The segment's id in the file (stable for the same file: a key, a cue, a paragraph). */
  segment_id: z.string(),
  /** 0-based position of the segment in the document's reading order. */
  position: z.number().int(),
  quality_score: z.number().int().min(0).max(100),
  /** The start of the source text (at most 80 characters). */
  source_excerpt: z.string(),
  /** The risks that lowered its score most (as quality_reasons). */
  quality_reasons: z.array(z.string()),
});
export type LowQualitySegment = z.infer<typeof lowQualitySegment>;

export const documentResult = z.object({
  /** Extension: the job that ran this translation (GET /v1/translate/{job_id}). */
  job_id: z.string(),
  download_url: z.string(),
  filename: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  character_count: z.number().int(),
  credits_used: z.number().int(),
  quality_score: z.number().int().min(0).max(100).nullable().meta({ description: QUALITY_SCORE_DESCRIPTION }),
  /** Extension: up to 10 segments with the lowest quality_score, lowest first, for review. */
  lowest_segments: z.array(lowQualitySegment).optional(),
  /** Extension: how the file was read, when a user should know (e.g. an XLIFF read as a template). */
  warnings: z.array(z.string()).optional(),
  file_data: z.string(),
});
export type DocumentResult = z.infer<typeof documentResult>;
export const documentResponse = envelope(documentResult);

export const documentJob = z.object({
  job_id: z.string(),
  status: z.enum(jobStatuses),
  progress: z.number().min(0).max(1).nullable(),
  result_url: z.string().nullable(),
  error: z.string().nullable(),
  // Extensions: what the job is, and until when its files are kept.
  filename: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  character_count: z.number().int().nullable(),
  credits_used: z.number().int().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string(),
  /** Extension: the document's quality_score, once completed (null: no estimate). */
  quality_score: z.number().int().min(0).max(100).nullable().optional(),
  /** Extension: once completed, up to 10 segments with the lowest quality_score, lowest first, for review. */
  lowest_segments: z.array(lowQualitySegment).optional(),
  /** Extension: as in the synchronous result; absent when there is nothing to say. */
  warnings: z.array(z.string()).optional(),
});
export type DocumentJobView = z.infer<typeof documentJob>;
export const documentJobResponse = envelope(documentJob);
