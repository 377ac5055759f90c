import { DocumentJobError } from "./errors";
import { fileDownload, uploadForm } from "./files";
import { serverWaitSeconds } from "./retry";
import { type ApiRequest, type RequestOptions, type RetryEvent, Transport, sleep } from "./transport";
import {
  type AddGlossaryEntriesParams,
  type AddMemoryUnitsParams,
  type AnalysisResult,
  type AnalyzeTextParams,
  type BatchResult,
  type BrandVoice,
  type CreateBrandVoiceParams,
  type CreateGlossaryParams,
  type CreateMemoryParams,
  type CreateProjectParams,
  type Deleted,
  type DocumentJob,
  type DocumentResult,
  type Envelope,
  type FileDownload,
  type FileInput,
  type Format,
  type Glossary,
  type GlossaryEntry,
  type GlossaryFileFormat,
  type Identity,
  type ImportResult,
  type Language,
  type ListParams,
  type Memory,
  type MemoryMatch,
  type MemoryUnit,
  type Page,
  type Project,
  type Quota,
  type SearchMemoryParams,
  type TranslateBatchParams,
  type TranslateTextParams,
  type TranslationResult,
  type UpdateBrandVoiceParams,
  type UpdateGlossaryParams,
  type Usage,
  type UsageParams,
} from "./types";

export interface TolkClientOptions {
  /** The server, e.g. `https://tolk.example.com` (without `/v1`). */
  baseUrl: string;
  /** An API key (`svc_…`) or a session token. */
  token: string;
  /** Retries after 429, 5xx, 408, 409 `idempotency_conflict`, connection failures and timeouts (default 3). */
  maxRetries?: number;
  /** Per attempt, until the whole answer is read (default 60 s). */
  timeoutMs?: number;
  /** First backoff wait, doubled at each retry (default 500 ms). */
  initialRetryDelayMs?: number;
  /** Longest computed backoff wait (default 8 s). */
  maxRetryDelayMs?: number;
  /** Longest `Retry-After` / `X-RateLimit-Reset` the client sits out; a longer one fails at once (default 60 s). */
  maxServerWaitMs?: number;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** Called before each retry's wait: for logs and metrics. */
  onRetry?: (event: RetryEvent) => void;
  /** Another fetch (a proxy agent, a test double); default the global one. */
  fetch?: typeof fetch;
}

/** The fields of a document upload besides the file. */
export interface DocumentParams {
  source_lang: string;
  target_lang: string;
  /** Required unless `file` is a `File`: its extension picks the format (GET /v1/formats). */
  filename?: string;
  glossary_ids?: string[];
  brand_voice_id?: string;
  tm_id?: string;
}

export interface TranslateDocumentOptions extends RequestOptions {
  /** First wait between two looks at the job (default 500 ms); it grows by half each time. */
  pollIntervalMs?: number;
  /** Longest wait between two looks (default 5 s). */
  maxPollIntervalMs?: number;
  /** Called with the job each time it is read. */
  onProgress?: (job: DocumentJob) => void;
}

export interface TranslatedDocument extends FileDownload {
  /** The completed job: `character_count`, `credits_used`, `warnings`, … */
  job: DocumentJob;
}

export interface ImportParams<F extends string> {
  /** Required unless `file` is a `File`. */
  filename?: string;
  /** Default: the filename's extension. */
  format?: F;
}

const id = encodeURIComponent;

/**
 * A client of the Tolk /v1 API. Each method is one operation, named by its OpenAPI
 * `operationId`, and resolves to the answer's `{data, meta}` (files: the bytes and their name);
 * a non-2xx answer rejects with the typed error of its status (see errors.ts).
 */
export class TolkClient {
  private readonly transport: Transport;

  constructor(options: TolkClientOptions) {
    this.transport = new Transport(options);
  }

  private async call<T>(req: ApiRequest): Promise<Envelope<T>> {
    return (await this.transport.json<Envelope<T>>(req)).body;
  }

  // Translation

  /** POST /v1/translate */
  translateText(params: TranslateTextParams, options?: RequestOptions): Promise<Envelope<TranslationResult>> {
    return this.call({ method: "POST", path: "/v1/translate", body: params, options });
  }
  /** POST /v1/translate/batch: every string into every target language, all or nothing. */
  translateBatch(params: TranslateBatchParams, options?: RequestOptions): Promise<Envelope<BatchResult>> {
    return this.call({ method: "POST", path: "/v1/translate/batch", body: params, options });
  }
  /** POST /v1/analyze/headless: language, domain, formality, risks; no credits. */
  analyzeText(params: AnalyzeTextParams, options?: RequestOptions): Promise<Envelope<AnalysisResult>> {
    return this.call({ method: "POST", path: "/v1/analyze/headless", body: params, options });
  }

  // Documents

  /**
   * POST /v1/translate/document. Synchronous by default (200, the result with the file as
   * base64); with `async: true` it sends `Prefer: respond-async` and resolves to the queued job
   * (202). `translateDocument` does the whole round trip.
   */
  uploadDocument(
    file: FileInput,
    params: DocumentParams & { async: true },
    options?: RequestOptions,
  ): Promise<Envelope<DocumentJob>>;
  uploadDocument(
    file: FileInput,
    params: DocumentParams & { async?: false },
    options?: RequestOptions,
  ): Promise<Envelope<DocumentResult>>;
  async uploadDocument(
    file: FileInput,
    params: DocumentParams & { async?: boolean },
    options?: RequestOptions,
  ): Promise<Envelope<DocumentResult | DocumentJob>> {
    const { filename, glossary_ids, async, ...fields } = params;
    const form = uploadForm(file, filename, {
      ...fields,
      glossary_ids: glossary_ids === undefined ? undefined : JSON.stringify(glossary_ids),
    });
    const headers = async ? { Prefer: "respond-async" } : undefined;
    return this.call({ method: "POST", path: "/v1/translate/document", body: form, headers, options });
  }
  /** GET /v1/translate/{job_id} */
  getDocumentJob(jobId: string, options?: RequestOptions): Promise<Envelope<DocumentJob>> {
    return this.call({ method: "GET", path: `/v1/translate/${id(jobId)}`, options });
  }
  /** GET /v1/documents/{job_id}/download: the translated file of a completed job. */
  async downloadDocument(jobId: string, options?: RequestOptions): Promise<FileDownload> {
    return fileDownload(
      await this.transport.bytes({ method: "GET", path: `/v1/documents/${id(jobId)}/download`, options }),
    );
  }

  /**
   * Translates a document: uploads it as a queued job, follows the job until it ends (waiting
   * longer between looks, and as long as a `Retry-After` asks), and downloads the result.
   * Rejects with a DocumentJobError when the job ends `error` or `failed` (neither is billed).
   * `timeoutMs` bounds each request; bound the whole with `signal` (e.g. `AbortSignal.timeout(…)`).
   */
  async translateDocument(
    file: FileInput,
    params: DocumentParams,
    options: TranslateDocumentOptions = {},
  ): Promise<TranslatedDocument> {
    const { pollIntervalMs = 500, maxPollIntervalMs = 5_000, onProgress, ...requestOptions } = options;
    const { idempotencyKey: _, ...readOptions } = requestOptions;
    let job = (await this.uploadDocument(file, { ...params, async: true }, requestOptions)).data;
    let interval = pollIntervalMs;
    onProgress?.(job);
    while (job.status !== "completed") {
      if (job.status === "error" || job.status === "failed") {
        throw new DocumentJobError(job.job_id, job.status, job.error ?? `The document job ended '${job.status}'.`);
      }
      await sleep(interval, readOptions.signal);
      const res = await this.transport.json<Envelope<DocumentJob>>({
        method: "GET",
        path: `/v1/translate/${id(job.job_id)}`,
        options: readOptions,
      });
      job = res.body.data;
      onProgress?.(job);
      const asked = serverWaitSeconds(res.status, res.headers);
      interval = asked !== null ? asked * 1000 : Math.min(maxPollIntervalMs, interval * 1.5);
    }
    return { ...(await this.downloadDocument(job.job_id, readOptions)), job };
  }

  // Account

  /** GET /v1/me: who the token is. */
  getMe(options?: RequestOptions): Promise<Envelope<Identity>> {
    return this.call({ method: "GET", path: "/v1/me", options });
  }
  /** GET /v1/quota: plan, credits, rate limits, plan limits. */
  getQuota(options?: RequestOptions): Promise<Envelope<Quota>> {
    return this.call({ method: "GET", path: "/v1/quota", options });
  }
  /** GET /v1/usage: characters and documents per target language over whole UTC days. */
  getUsage(params: UsageParams = {}, options?: RequestOptions): Promise<Envelope<Usage>> {
    return this.call({ method: "GET", path: "/v1/usage", query: { ...params }, options });
  }
  /** GET /v1/languages */
  listLanguages(options?: RequestOptions): Promise<Envelope<{ languages: Language[]; total: number }>> {
    return this.call({ method: "GET", path: "/v1/languages", options });
  }
  /** GET /v1/formats: the document formats and their size limits. */
  listFormats(options?: RequestOptions): Promise<Envelope<{ formats: Format[]; total: number }>> {
    return this.call({ method: "GET", path: "/v1/formats", options });
  }

  // Glossaries

  /** GET /v1/glossaries */
  listGlossaries(params: ListParams = {}, options?: RequestOptions): Promise<Envelope<Page<Glossary>>> {
    return this.call({ method: "GET", path: "/v1/glossaries", query: { ...params }, options });
  }
  /** POST /v1/glossaries (403 plan_limit_reached beyond the plan's glossaries) */
  createGlossary(params: CreateGlossaryParams, options?: RequestOptions): Promise<Envelope<Glossary>> {
    return this.call({ method: "POST", path: "/v1/glossaries", body: params, options });
  }
  /** GET /v1/glossaries/{id} */
  getGlossary(glossaryId: string, options?: RequestOptions): Promise<Envelope<Glossary>> {
    return this.call({ method: "GET", path: `/v1/glossaries/${id(glossaryId)}`, options });
  }
  /** PATCH /v1/glossaries/{id}: rename. */
  updateGlossary(
    glossaryId: string,
    params: UpdateGlossaryParams,
    options?: RequestOptions,
  ): Promise<Envelope<Glossary>> {
    return this.call({ method: "PATCH", path: `/v1/glossaries/${id(glossaryId)}`, body: params, options });
  }
  /** DELETE /v1/glossaries/{id}: the glossary and its entries. */
  deleteGlossary(glossaryId: string, options?: RequestOptions): Promise<Envelope<Deleted>> {
    return this.call({ method: "DELETE", path: `/v1/glossaries/${id(glossaryId)}`, options });
  }
  /** GET /v1/glossaries/{id}/entries */
  listGlossaryEntries(
    glossaryId: string,
    params: ListParams = {},
    options?: RequestOptions,
  ): Promise<Envelope<Page<GlossaryEntry>>> {
    return this.call({
      method: "GET",
      path: `/v1/glossaries/${id(glossaryId)}/entries`,
      query: { ...params },
      options,
    });
  }
  /** POST /v1/glossaries/{id}/entries: a known source term gets the new target. */
  addGlossaryEntries(
    glossaryId: string,
    params: AddGlossaryEntriesParams,
    options?: RequestOptions,
  ): Promise<Envelope<{ items: GlossaryEntry[] }>> {
    return this.call({ method: "POST", path: `/v1/glossaries/${id(glossaryId)}/entries`, body: params, options });
  }
  /** DELETE /v1/glossaries/{id}/entries/{entry_id} */
  deleteGlossaryEntry(glossaryId: string, entryId: string, options?: RequestOptions): Promise<Envelope<Deleted>> {
    return this.call({ method: "DELETE", path: `/v1/glossaries/${id(glossaryId)}/entries/${id(entryId)}`, options });
  }
  /** POST /v1/glossaries/{id}/import: CSV, TSV or TBX, all or nothing. */
  async importGlossary(
    glossaryId: string,
    file: FileInput,
    params: ImportParams<GlossaryFileFormat> = {},
    options?: RequestOptions,
  ): Promise<Envelope<ImportResult>> {
    const body = uploadForm(file, params.filename, { format: params.format });
    return this.call({ method: "POST", path: `/v1/glossaries/${id(glossaryId)}/import`, body, options });
  }
  /** GET /v1/glossaries/{id}/export: CSV (default), TSV or TBX. */
  async exportGlossary(
    glossaryId: string,
    params: { format?: GlossaryFileFormat } = {},
    options?: RequestOptions,
  ): Promise<FileDownload> {
    return fileDownload(
      await this.transport.bytes({
        method: "GET",
        path: `/v1/glossaries/${id(glossaryId)}/export`,
        query: { ...params },
        options,
      }),
    );
  }

  // Translation memories

  /** GET /v1/memories */
  listMemories(params: ListParams = {}, options?: RequestOptions): Promise<Envelope<Page<Memory>>> {
    return this.call({ method: "GET", path: "/v1/memories", query: { ...params }, options });
  }
  /** POST /v1/memories (403 plan_limit_reached beyond the plan's memories) */
  createMemory(params: CreateMemoryParams, options?: RequestOptions): Promise<Envelope<Memory>> {
    return this.call({ method: "POST", path: "/v1/memories", body: params, options });
  }
  /** GET /v1/memories/{id} */
  getMemory(memoryId: string, options?: RequestOptions): Promise<Envelope<Memory>> {
    return this.call({ method: "GET", path: `/v1/memories/${id(memoryId)}`, options });
  }
  /** DELETE /v1/memories/{id}: the memory and its units. */
  deleteMemory(memoryId: string, options?: RequestOptions): Promise<Envelope<Deleted>> {
    return this.call({ method: "DELETE", path: `/v1/memories/${id(memoryId)}`, options });
  }
  /** GET /v1/memories/{id}/units: a page of units; with `q`, the fuzzy matches of `q` with their scores. */
  listMemoryUnits(
    memoryId: string,
    params: SearchMemoryParams,
    options?: RequestOptions,
  ): Promise<Envelope<Page<MemoryMatch>>>;
  listMemoryUnits(memoryId: string, params?: ListParams, options?: RequestOptions): Promise<Envelope<Page<MemoryUnit>>>;
  listMemoryUnits(
    memoryId: string,
    params: ListParams | SearchMemoryParams = {},
    options?: RequestOptions,
  ): Promise<Envelope<Page<MemoryUnit | MemoryMatch>>> {
    return this.call({ method: "GET", path: `/v1/memories/${id(memoryId)}/units`, query: { ...params }, options });
  }
  /** POST /v1/memories/{id}/units: a known source gets the new target. */
  addMemoryUnits(
    memoryId: string,
    params: AddMemoryUnitsParams,
    options?: RequestOptions,
  ): Promise<Envelope<{ items: MemoryUnit[] }>> {
    return this.call({ method: "POST", path: `/v1/memories/${id(memoryId)}/units`, body: params, options });
  }
  /** DELETE /v1/memories/{id}/units/{unit_id} */
  deleteMemoryUnit(memoryId: string, unitId: string, options?: RequestOptions): Promise<Envelope<Deleted>> {
    return this.call({ method: "DELETE", path: `/v1/memories/${id(memoryId)}/units/${id(unitId)}`, options });
  }
  /** POST /v1/memories/{id}/import: TMX 1.4, all or nothing. */
  async importMemory(
    memoryId: string,
    file: FileInput,
    params: ImportParams<"tmx"> = {},
    options?: RequestOptions,
  ): Promise<Envelope<ImportResult>> {
    const body = uploadForm(file, params.filename, { format: params.format });
    return this.call({ method: "POST", path: `/v1/memories/${id(memoryId)}/import`, body, options });
  }
  /** GET /v1/memories/{id}/export: TMX 1.4. */
  async exportMemory(memoryId: string, options?: RequestOptions): Promise<FileDownload> {
    return fileDownload(
      await this.transport.bytes({ method: "GET", path: `/v1/memories/${id(memoryId)}/export`, options }),
    );
  }

  // Brand voices

  /** GET /v1/brand-voices */
  listBrandVoices(params: ListParams = {}, options?: RequestOptions): Promise<Envelope<Page<BrandVoice>>> {
    return this.call({ method: "GET", path: "/v1/brand-voices", query: { ...params }, options });
  }
  /** POST /v1/brand-voices (403 plan_limit_reached beyond the plan's brand voices) */
  createBrandVoice(params: CreateBrandVoiceParams, options?: RequestOptions): Promise<Envelope<BrandVoice>> {
    return this.call({ method: "POST", path: "/v1/brand-voices", body: params, options });
  }
  /** GET /v1/brand-voices/{id} */
  getBrandVoice(brandVoiceId: string, options?: RequestOptions): Promise<Envelope<BrandVoice>> {
    return this.call({ method: "GET", path: `/v1/brand-voices/${id(brandVoiceId)}`, options });
  }
  /** PATCH /v1/brand-voices/{id}: the fields given change. */
  updateBrandVoice(
    brandVoiceId: string,
    params: UpdateBrandVoiceParams,
    options?: RequestOptions,
  ): Promise<Envelope<BrandVoice>> {
    return this.call({ method: "PATCH", path: `/v1/brand-voices/${id(brandVoiceId)}`, body: params, options });
  }
  /** DELETE /v1/brand-voices/{id} */
  deleteBrandVoice(brandVoiceId: string, options?: RequestOptions): Promise<Envelope<Deleted>> {
    return this.call({ method: "DELETE", path: `/v1/brand-voices/${id(brandVoiceId)}`, options });
  }

  // Projects

  /** GET /v1/projects */
  listProjects(params: ListParams = {}, options?: RequestOptions): Promise<Envelope<Page<Project>>> {
    return this.call({ method: "GET", path: "/v1/projects", query: { ...params }, options });
  }
  /** POST /v1/projects (403 plan_limit_reached beyond the plan's active projects) */
  createProject(params: CreateProjectParams, options?: RequestOptions): Promise<Envelope<Project>> {
    return this.call({ method: "POST", path: "/v1/projects", body: params, options });
  }
  /** GET /v1/projects/{id} */
  getProject(projectId: string, options?: RequestOptions): Promise<Envelope<Project>> {
    return this.call({ method: "GET", path: `/v1/projects/${id(projectId)}`, options });
  }
  /** POST /v1/projects/{id}/archive: it stops counting toward the plan's projects. */
  archiveProject(projectId: string, options?: RequestOptions): Promise<Envelope<Project>> {
    return this.call({ method: "POST", path: `/v1/projects/${id(projectId)}/archive`, options });
  }
}
