import { randomUUID } from "node:crypto";

import { type DocumentJobView, type DocumentRequest, type DocumentResult } from "@tolk/contract";
import { type DocumentJob, type DocumentResourceRefs, documentJobs, newId } from "@tolk/db";
import { and, desc, eq, notInArray } from "drizzle-orm";
import { extractSegments, type FormatFilter, stripCodes } from "@tolk/formats";

import { type Principal } from "../auth/principal";
import { assertCanAfford, countCharacters, creditsFor } from "../billing/bill-translation";
import { type DomainContext } from "../context";
import { idempotencyConflict } from "../errors";
import { resolveTranslationResources } from "../translation/resolve-resources";
import { resolveRoute } from "../translation/translate-segments";
import { translationFor } from "../translation/org-engines";
import { fileRefused, fileTooLarge } from "./document-errors";
import { resolveDocumentFormat, type ResolvedFormat, sanitizeFilename } from "./document-format";
import { type DocumentServices } from "./document-services";
import { downloadUrl, jobView } from "./document-views";
import { DEFAULT_LEASE_MS } from "./job-queue";
import { inputKey, SegmentWriter } from "./document-objects";
import { jobEvent } from "./job-events";
import { runDocumentJob } from "./run-document-job";

export interface DocumentUpload {
  filename: string;
  bytes: Uint8Array;
}

export type SubmittedDocument =
  | { kind: "completed"; result: DocumentResult & { job_id: string }; job: DocumentJob }
  | { kind: "queued"; job: DocumentJobView };

interface SubmitOptions {
  principal: Principal;
  requestId: string;
  upload: DocumentUpload;
  request: DocumentRequest;
  async: boolean;
  /** Called for a synchronous job once it exists, before it is translated (its id can be announced). */
  onJobCreated?: (jobId: string) => void;
  /**
   * An earlier attempt with the same Idempotency-Key ran under `requestId`: its job, if it
   * made one that did not fail, is this request's (a new job would be billed again).
   */
  resumed?: boolean;
}

/**
 * POST /v1/translate/document. Everything that can be refused is refused before a job exists:
 * the format (400 unsupported_format), the size (413), the pair, a file that does not parse
 * (400 naming the problem), and credits that cannot cover the whole document (402, counted
 * on the source text before anything is translated). Then the upload is stored and a job is
 * created: queued for a worker (`async`), or run right here while the caller waits.
 */
export async function submitDocument(
  ctx: DomainContext,
  services: DocumentServices,
  options: SubmitOptions,
): Promise<SubmittedDocument> {
  await services.links.ready();
  if (options.resumed) {
    const earlier = await earlierAttemptJob(ctx, services, options.principal.org.id, options.requestId, options.async);
    if (earlier) return earlier;
  }
  const checked = await refuseWhatCannotRun(ctx, services, options);
  const stored = await storeAffordableUpload(ctx, services, options, checked);
  return options.async ? queueJob(ctx, services, options, stored) : runWhileCallerWaits(ctx, services, options, stored);
}

/** An upload that passed every check that needs no extraction. */
interface CheckedUpload {
  filename: string;
  format: ResolvedFormat["format"];
  filter: FormatFilter;
  resourceRefs: DocumentResourceRefs;
}

async function refuseWhatCannotRun(
  ctx: DomainContext,
  services: DocumentServices,
  options: SubmitOptions,
): Promise<CheckedUpload> {
  const { principal, request, upload } = options;
  const filename = sanitizeFilename(upload.filename);
  const { format, filter, maxBytes } = resolveDocumentFormat(filename);
  if (upload.bytes.byteLength > maxBytes) throw fileTooLarge(maxBytes, `The ${format.extension} file`);
  // Refused before a job exists (400 naming an unknown or unfitting id); the job keeps the ids
  // and loads them again when it runs, so an async job sees the resources as they are then.
  const resourceRefs = {
    glossary_ids: request.glossary_ids,
    tm_id: request.tm_id,
    brand_voice_id: request.brand_voice_id,
    ...(request.localization_terms === undefined ? {} : { localization_terms: request.localization_terms === "true" }),
    ...(request.min_quality === undefined ? {} : { min_quality: request.min_quality }),
  };
  await resolveTranslationResources(ctx, {
    orgId: principal.org.id,
    sourceLang: request.source_lang,
    targetLangs: [request.target_lang],
    refs: resourceRefs,
  });
  resolveRoute(await translationFor(services.translation, principal.org), request.source_lang, request.target_lang);
  return { filename, format, filter, resourceRefs };
}

/** A checked upload stored under its job's id, with what the job records of its segments. */
interface StoredUpload extends CheckedUpload {
  id: string;
  inputKey: string;
  segments: number;
  warnings: string[];
}

/**
 * The segments go to storage as the filter finds them (the job reads them back), so the
 * upload holds a bounded batch of them whatever the file inflates to; only their count and
 * characters stay. Nothing stays stored when the file or the credits are refused.
 */
async function storeAffordableUpload(
  ctx: DomainContext,
  services: DocumentServices,
  options: SubmitOptions,
  checked: CheckedUpload,
): Promise<StoredUpload> {
  const { principal, request, upload } = options;
  const { format, filter } = checked;
  const id = newId("job");
  const keys = { id, orgId: principal.org.id, extension: format.extension };
  const stored = new SegmentWriter(services.storage, keys);
  let sourceChars = 0;
  const warnings: string[] = [];
  try {
    try {
      await extractSegments(
        filter,
        upload.bytes,
        {
          sourceLang: request.source_lang,
          targetLang: request.target_lang,
          forceTargetLang: request.force_target_lang === "true",
          warn: (w) => warnings.push(w),
        },
        async (batch) => {
          for (const s of batch) sourceChars += countCharacters(stripCodes(s.text));
          await stored.add(batch);
        },
      );
    } catch (err) {
      throw fileRefused(err, format.extension);
    }
    await assertCanAfford(ctx, principal, creditsFor(sourceChars, request.target_lang));
    await stored.finish();
    await services.storage.put(inputKey(keys), upload.bytes, format.mime_type);
  } catch (err) {
    await stored.discard().catch(() => undefined);
    throw err;
  }
  return { ...checked, id, inputKey: inputKey(keys), segments: stored.count, warnings };
}

/** A queued job waits for a worker and is answered at once (202). */
async function queueJob(
  ctx: DomainContext,
  services: DocumentServices,
  options: SubmitOptions,
  upload: StoredUpload,
): Promise<SubmittedDocument> {
  const job = await createJob(ctx, services, options, upload, () => ({ status: "created" as const }));
  services.onQueued?.();
  return { kind: "queued", job: jobView(ctx, services.links, job) };
}

/**
 * A synchronous job is owned by this request from the start, with one attempt: if the process
 * dies, its lease runs out and the queue ends it `failed` instead of billing a translation
 * nobody is waiting for.
 */
async function runWhileCallerWaits(
  ctx: DomainContext,
  services: DocumentServices,
  options: SubmitOptions,
  upload: StoredUpload,
): Promise<SubmittedDocument> {
  const workerId = `request:${options.requestId}`;
  const job = await createJob(ctx, services, options, upload, (now) => ({
    status: "processing" as const,
    attempts: 1,
    maxAttempts: 1,
    workerId,
    leaseUntil: new Date(now.getTime() + (services.leaseMs ?? DEFAULT_LEASE_MS)),
  }));
  // Only a synchronous job is announced before its answer: a queued one is answered at once with
  // the same headers, and an interim 103 followed at once by the final answer loses that answer's
  // body behind haproxy 2.6 (Debian bookworm's), which the cluster test caught.
  options.onJobCreated?.(job.id);
  return runToCompletion(ctx, services, { job, workerId });
}

type JobOwnership = Pick<
  typeof documentJobs.$inferInsert,
  "status" | "attempts" | "maxAttempts" | "workerId" | "leaseUntil"
>;

async function createJob(
  ctx: DomainContext,
  services: DocumentServices,
  options: SubmitOptions,
  upload: StoredUpload,
  ownership: (now: Date) => JobOwnership,
): Promise<DocumentJob> {
  const { principal, request } = options;
  const now = ctx.now();
  const [job] = await ctx.db
    .insert(documentJobs)
    .values({
      id: upload.id,
      orgId: principal.org.id,
      filename: upload.filename,
      extension: upload.format.extension,
      sourceLang: request.source_lang,
      targetLang: request.target_lang,
      resourceRefs: upload.resourceRefs,
      forceTargetLang: request.force_target_lang === "true",
      requestId: options.requestId,
      inputKey: upload.inputKey,
      inputBytes: options.upload.bytes.byteLength,
      segments: upload.segments,
      warnings: upload.warnings,
      expiresAt: new Date(now.getTime() + services.retentionMs),
      createdAt: now,
      updatedAt: now,
      runAfter: now,
      ...ownership(now),
    })
    .returning();
  if (!job) throw new Error("document job insert returned nothing");
  jobEvent("created", job, {
    request_id: options.requestId,
    async: options.async,
    bytes: options.upload.bytes.byteLength,
    segments: upload.segments,
  });
  return job;
}

async function runToCompletion(
  ctx: DomainContext,
  services: DocumentServices,
  owned: { job: DocumentJob; workerId: string },
): Promise<SubmittedDocument> {
  const done = await runDocumentJob(ctx, services, owned);
  return completedDocument(ctx, services, done.job, done.file);
}

function completedDocument(
  ctx: DomainContext,
  services: DocumentServices,
  job: DocumentJob,
  file: Uint8Array,
): SubmittedDocument {
  return {
    kind: "completed",
    job,
    result: {
      job_id: job.id,
      download_url: downloadUrl(ctx, services.links, job) ?? "",
      filename: job.filename,
      source_lang: job.sourceLang,
      target_lang: job.targetLang,
      character_count: job.characters ?? 0,
      credits_used: job.credits ?? 0,
      quality_score: job.qualityScore,
      ...(job.lowestSegments.length > 0 ? { lowest_segments: job.lowestSegments } : {}),
      ...(job.warnings.length > 0 ? { warnings: job.warnings } : {}),
      file_data: Buffer.from(file).toString("base64"),
    },
  };
}

/**
 * The job an earlier attempt of this request made: queued, it is the answer (202 again);
 * completed, its result is; still running, a 409 (the client polls or retries), unless the
 * attempt that ran it stopped renewing its lease (it failed and could not even record that):
 * then this attempt takes the job over and runs it. A job that ended in error or failure was
 * not billed: the request runs again, with a new job.
 */
async function earlierAttemptJob(
  ctx: DomainContext,
  services: DocumentServices,
  orgId: string,
  requestId: string,
  queued: boolean,
): Promise<SubmittedDocument | null> {
  const [job] = await ctx.db
    .select()
    .from(documentJobs)
    .where(
      and(
        eq(documentJobs.orgId, orgId),
        eq(documentJobs.requestId, requestId),
        notInArray(documentJobs.status, ["error", "failed"]),
      ),
    )
    .orderBy(desc(documentJobs.createdAt))
    .limit(1);
  if (!job) return null;
  if (queued) return { kind: "queued", job: jobView(ctx, services.links, job) };
  if (job.status === "completed" && job.resultKey)
    return completedDocument(ctx, services, job, await services.storage.get(job.resultKey));
  const taken = job.status === "processing" ? await takeOverAbandonedJob(ctx, services, job) : null;
  if (taken) return runToCompletion(ctx, services, taken);
  throw idempotencyConflict(2);
}

/** Compare-and-set on the lease, so that of two retries taking over at once one runs the job. */
async function takeOverAbandonedJob(
  ctx: DomainContext,
  services: DocumentServices,
  job: DocumentJob,
): Promise<{ job: DocumentJob; workerId: string } | null> {
  const now = ctx.now();
  if (!job.leaseUntil || job.leaseUntil > now) return null;
  const workerId = `request:${job.requestId}:${randomUUID()}`;
  const [row] = await ctx.db
    .update(documentJobs)
    .set({ workerId, leaseUntil: new Date(now.getTime() + (services.leaseMs ?? DEFAULT_LEASE_MS)), updatedAt: now })
    .where(
      and(
        eq(documentJobs.id, job.id),
        eq(documentJobs.status, "processing"),
        eq(documentJobs.leaseUntil, job.leaseUntil),
      ),
    )
    .returning();
  return row ? { job: row, workerId } : null;
}
