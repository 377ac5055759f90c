/**
 * Request and response types of every /v1 operation, inferred from the zod schemas of
 * `@tolk/contract` (the schemas the server validates with). Types only: the client validates
 * nothing at run time, so a field the server adds later never breaks it.
 */
import type {
  addGlossaryEntriesRequest,
  addMemoryUnitsRequest,
  analysisResult,
  analyzeRequest,
  batchRequest,
  batchResult,
  brandVoice,
  createBrandVoiceRequest,
  createGlossaryRequest,
  createMemoryRequest,
  createProjectRequest,
  deletedResource,
  documentJob,
  documentResult,
  formatInfo,
  glossary,
  glossaryEntry,
  identity,
  importResult,
  languageInfo,
  memory,
  memoryMatch,
  memoryUnit,
  meta,
  project,
  quota,
  translateRequest,
  translationResult,
  updateBrandVoiceRequest,
  updateGlossaryRequest,
  usage,
  usageQuery,
} from "@tolk/contract";
import type { z } from "zod";

export type { ErrorType, GlossaryFileFormat, Scope, Plan } from "@tolk/contract";

/** `meta` of every success: the request id, and for billed calls the credits and the time taken. */
export type Meta = z.output<typeof meta>;
/** `{data, meta}`: every JSON success of /v1. */
export interface Envelope<T> {
  data: T;
  meta: Meta;
}
/** One page of a list: pass the last item's id as `starting_after` for the next. */
export interface Page<T> {
  items: T[];
  has_more: boolean;
}

/** Cursor pagination of every list. */
export interface ListParams {
  /** 1–100, default 20. */
  limit?: number;
  /** The id of the last item of the previous page. */
  starting_after?: string;
}

export type TranslateTextParams = z.input<typeof translateRequest>;
export type TranslationResult = z.output<typeof translationResult>;
export type TranslateBatchParams = z.input<typeof batchRequest>;
export type BatchResult = z.output<typeof batchResult>;
export type AnalyzeTextParams = z.input<typeof analyzeRequest>;
export type AnalysisResult = z.output<typeof analysisResult>;

export type DocumentResult = z.output<typeof documentResult>;
export type DocumentJob = z.output<typeof documentJob>;
export type DocumentJobStatus = DocumentJob["status"];

export type Identity = z.output<typeof identity>;
export type Quota = z.output<typeof quota>;
export type Usage = z.output<typeof usage>;
/** `from`: first UTC day, `YYYY-MM-DD` (default 30 days before `to`); `to`: last UTC day, inclusive (default today). */
export type UsageParams = z.input<typeof usageQuery>;
export type Language = z.output<typeof languageInfo>;
export type Format = z.output<typeof formatInfo>;

export type Glossary = z.output<typeof glossary>;
export type GlossaryEntry = z.output<typeof glossaryEntry>;
export type CreateGlossaryParams = z.input<typeof createGlossaryRequest>;
export type UpdateGlossaryParams = z.input<typeof updateGlossaryRequest>;
/** One entry (`{source, target}`) or several (`{entries: [...]}`). */
export type AddGlossaryEntriesParams = z.input<typeof addGlossaryEntriesRequest>;
export type ImportResult = z.output<typeof importResult>;

export type Memory = z.output<typeof memory>;
export type MemoryUnit = z.output<typeof memoryUnit>;
export type MemoryMatch = z.output<typeof memoryMatch>;
export type CreateMemoryParams = z.input<typeof createMemoryRequest>;
/** One unit (`{source, target}`) or several (`{units: [...]}`). */
export type AddMemoryUnitsParams = z.input<typeof addMemoryUnitsRequest>;
/** With `q`: the fuzzy matches of `q` scoring at least `min_score` (1–100, default 75), best first. */
export interface SearchMemoryParams {
  q: string;
  min_score?: number;
  limit?: number;
}

export type BrandVoice = z.output<typeof brandVoice>;
export type CreateBrandVoiceParams = z.input<typeof createBrandVoiceRequest>;
export type UpdateBrandVoiceParams = z.input<typeof updateBrandVoiceRequest>;

export type Project = z.output<typeof project>;
export type CreateProjectParams = z.input<typeof createProjectRequest>;

export type Deleted = z.output<typeof deletedResource>;

/** A file to upload: a `File` (its name is used), or a `Blob` or bytes with a `filename` beside them. */
export type FileInput = Blob | ArrayBuffer | Uint8Array;

/** A file the API sent back: a translated document or an export. */
export interface FileDownload {
  bytes: Uint8Array;
  /** From `Content-Disposition`. */
  filename: string | null;
  content_type: string | null;
  request_id: string | null;
}
