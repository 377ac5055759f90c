import { type DocumentJob, documentJobs, organizations } from "@tolk/db";
import { type Route } from "@tolk/engines";
import {
  extractSegments,
  type FilterOptions,
  type FormatFilter,
  repairCodes,
  type Segment,
  stripCodes,
} from "@tolk/formats";
import { and, eq } from "drizzle-orm";

import { principalOrgColumns } from "../auth/principal";
import { billTranslation, countCharacters, creditsFor } from "../billing/bill-translation";
import { type DomainContext, withTransaction } from "../context";
import { isDatabaseUnavailable, isTolkError, notFound, retryWhileConnectionLost } from "../errors";
import { minQualityWarning } from "../translation/min-quality";
import { QualityTally } from "../translation/quality-score";
import { LowestSegments } from "./lowest-segments";
import { resolveTranslationResources, type TranslationResources } from "../translation/resolve-resources";
import { segmentWithMemory } from "../translation/segment-with-memory";
import { localizationApplies } from "../translation/localization-applies";
import {
  resolveRoute,
  type TranslatedSegments,
  translateSegments,
  type TranslationServices,
} from "../translation/translate-segments";
import { type SegmentedText } from "../translation/segment-text";
import { translationForOrgId } from "../translation/org-engines";
import { fileRefused, resultGone } from "./document-errors";
import { resolveDocumentFormat, type ResolvedFormat } from "./document-format";
import {
  DamagedSegmentsError,
  inputKey,
  openStoredSegments,
  resultKey,
  SegmentWriter,
  segmentsKey,
  type StoredSegments,
  translationsPieceKeys,
} from "./document-objects";
import { type DocumentServices } from "./document-services";
import { TranslatedSoFar } from "./translated-so-far";
import { DEFAULT_LEASE_MS, renewLease, settleJobFailure } from "./job-queue";
import { ObjectNotFoundError, type ObjectStorage } from "../ports/object-storage";
import { errorFields, logger } from "../ports/logger";
import { jobEvent } from "./job-events";

/** Segments sent to the engine per step; after each step progress is reported. */
const CHUNK_SEGMENTS = 64;
/**
 * Progress (and the lease with it) is written after the first step, then at most this often:
 * a write per step is a statement per step on the embedded database's thread, which the job's
 * status polls share (docs/benchmarks.md, documents).
 */
const PROGRESS_SAVE_MS = 1_000;
/**
 * Steps handed to the engine before the oldest is answered: enough to keep a pool of pipelines
 * busy (with fewer, Apertium's pipelines idle between steps; `bench:document` compares).
 */
const CHUNKS_IN_FLIGHT = 16;

/**
 * How much of a document is translated before its merge starts (filters that merge in extract
 * order). Started with the job, the merge would hold the file and its growing output through
 * the whole translation; from here on, the two overlap only at the end. The merge keeps up because Apertium runs below the server's priority
 * (DEFAULT_NICE in the engines' pipeline.ts).
 */
const MERGE_START_FRACTION = 0.8;

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} was taken over by another worker.`);
    this.name = "LeaseLostError";
  }
}

export interface CompletedDocument {
  job: DocumentJob;
  file: Uint8Array;
}

/**
 * Runs a job the worker owns: segments (from the upload) → translate chunk by chunk (lease
 * renewed, progress saved) → merge → store the result → bill and complete in one transaction, so a job is
 * billed exactly when it completes (the debit is keyed by the job id, so a retry after a
 * crash cannot bill twice). A failure settles the job (error, retry or failed) and rethrows.
 */
export async function runDocumentJob(
  ctx: DomainContext,
  services: DocumentServices,
  options: {
    job: DocumentJob;
    workerId: string;
    /** Aborted when the worker stops and has released the job: the run ends between chunks. */
    signal?: AbortSignal;
  },
): Promise<CompletedDocument> {
  const { job, workerId } = options;
  const started = performance.now();
  jobEvent("started", job, {
    worker_id: workerId,
    queued_ms: Math.max(0, ctx.now().getTime() - job.runAfter.getTime()),
  });
  try {
    return await translateAndComplete({ ctx, services, job, workerId, signal: options.signal });
  } catch (err) {
    if (err instanceof LeaseLostError) throw err;
    const inputProblem = isTolkError(err) && err.status < 500;
    // After a lost connection the completion may have committed (committedOrRead could not
    // tell): its result stays, for the job's retention sweep to remove if it did not.
    if (!isDatabaseUnavailable(err)) await services.storage.delete(resultKey(job)).catch(() => undefined);
    // Recorded through lost connections for a few seconds; if even that fails the job keeps its
    // lease until it runs out, and the queue (or the request's retry) takes it over then.
    const outcome = await retryWhileConnectionLost(
      () =>
        settleJobFailure(ctx, {
          job,
          workerId,
          inputProblem,
          message: isTolkError(err)
            ? err.message
            : "The document could not be translated because of an internal error.",
        }),
      5_000,
    ).catch((settleErr: unknown) => {
      logger().warn(
        { job_id: job.id, worker_id: workerId, ...errorFields(settleErr) },
        "document job failure not recorded; its lease runs out instead",
      );
      return "unrecorded" as const;
    });
    if (outcome !== "lost" && outcome !== "unrecorded") {
      jobEvent(outcome, job, {
        duration_ms: Math.round(performance.now() - started),
        error: isTolkError(err) ? { code: err.code, message: err.message } : errorFields(err).err,
      });
    }
    throw err;
  }
}

interface Heartbeat {
  /** The progress the next renewal saves. */
  progress: number;
  lost: boolean;
  stop(): void;
}

/**
 * Renews the lease every third of its length while an engine call runs (a slow LLM chunk must
 * not look like a crashed worker), saving the latest progress. `lost` turns true when another
 * worker has taken the job.
 */
function startHeartbeat(ctx: DomainContext, services: DocumentServices, jobId: string, workerId: string): Heartbeat {
  const leaseMs = services.leaseMs ?? DEFAULT_LEASE_MS;
  const state: Heartbeat = { progress: 0, lost: false, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    renewLease(ctx, { jobId, workerId, progress: state.progress, leaseMs })
      .then((owned) => {
        if (!owned) state.lost = true;
      })
      .catch(() => undefined);
  }, leaseMs / 3);
  timer.unref();
  return state;
}

/** The job a worker owns, and what it needs to run it. */
interface JobRun {
  ctx: DomainContext;
  services: DocumentServices;
  job: DocumentJob;
  workerId: string;
  /** Aborted when the worker stops and has released the job. */
  signal: AbortSignal | undefined;
}

/**
 * A run's steps, timed for the completion log line (where a slow job spends its time). The
 * result is stored before the job is billed, so a job billed always has its file.
 */
async function translateAndComplete(run: JobRun): Promise<CompletedDocument> {
  const { job, services } = run;
  const doc = jobDocument(services.storage, job);
  const clock = phaseClock();
  const segments = await segmentsToTranslate(services.storage, job, doc);
  clock.lap("segments_ready");
  const plan = await translationPlan(run.ctx, services, job, doc);
  const translated = await translateInChunks(run, plan, segments, doc);
  clock.lap("translated");
  const output = await mergedOutput(doc, translated);
  clock.lap("merged");
  await services.storage.put(resultKey(job), output, doc.format.mime_type);
  const credits = creditsFor(translated.characters, job.targetLang);
  const completed = await completeAndBill(run, translated, credits);
  clock.lap("stored_and_billed");
  // The result holds them now; retention would delete them too, days later.
  for (const key of translationsPieceKeys(completed)) await services.storage.delete(key).catch(() => undefined);
  jobEvent("completed", completed, {
    segments: translated.segments,
    characters: translated.characters,
    credits,
    duration_ms: clock.totalMs(),
    phases_ms: clock.laps,
  });
  return { job: completed, file: output };
}

/** The uploaded file's format and filter, and access to its bytes. */
interface JobDocument {
  format: ResolvedFormat["format"];
  filter: FormatFilter;
  options: FilterOptions;
  withInput: <T>(use: (input: Uint8Array) => Promise<T>) => Promise<T>;
}

/**
 * The input is read when it is needed (the merge; the extract too when no segments were
 * stored), so a large file is not held while it translates. A file the filter refuses is the
 * client's problem (400), a storage error not.
 */
function jobDocument(storage: ObjectStorage, job: DocumentJob): JobDocument {
  const { format, filter } = resolveDocumentFormat(job.filename);
  return {
    format,
    filter,
    options: { sourceLang: job.sourceLang, targetLang: job.targetLang, forceTargetLang: job.forceTargetLang },
    withInput: async (use) => {
      let input: Uint8Array;
      try {
        input = await storage.get(inputKey(job));
      } catch (err) {
        if (err instanceof ObjectNotFoundError) throw resultGone();
        throw err;
      }
      try {
        return await use(input);
      } catch (err) {
        throw fileRefused(err, job.extension);
      }
    },
  };
}

interface SegmentsToTranslate {
  count: number;
  /** The next CHUNK_SEGMENTS segments (fewer at the end, none after it). */
  nextChunk(): Promise<Segment[]>;
}

/**
 * The segments the upload stored, read back a piece at a time, so only the pieces being sent
 * are held.
 */
async function segmentsToTranslate(
  storage: ObjectStorage,
  job: DocumentJob,
  doc: JobDocument,
): Promise<SegmentsToTranslate> {
  const stored = (await openStoredSegments(storage, job)) ?? (await extractIntoStorage(storage, job, doc));
  const pieces = stored.pieces();
  // The segments not yet sent to the engine, from the piece being read.
  let unsent: Segment[] = [];
  return {
    count: stored.count,
    async nextChunk() {
      while (unsent.length < CHUNK_SEGMENTS) {
        const piece = await nextPiece(pieces, storage, job);
        if (!piece) break;
        unsent = unsent.length === 0 ? piece : [...unsent, ...piece];
      }
      return unsent.splice(0, CHUNK_SEGMENTS);
    },
  };
}

/** The file is extracted (into storage, the way an upload stores it) only when its segments are missing. */
async function extractIntoStorage(storage: ObjectStorage, job: DocumentJob, doc: JobDocument): Promise<StoredSegments> {
  const writer = new SegmentWriter(storage, job);
  await doc.withInput((input) => extractSegments(doc.filter, input, doc.options, (batch) => writer.add(batch)));
  await writer.finish();
  const stored = await openStoredSegments(storage, job);
  if (!stored) throw new Error(`The segments of job ${job.id} were stored but do not read back.`);
  return stored;
}

interface TranslationPlan {
  translation: TranslationServices;
  route: Route;
  resources: TranslationResources;
}

/** The org's engines as they are now, and the job's resources loaded again by their ids. */
async function translationPlan(
  ctx: DomainContext,
  services: DocumentServices,
  job: DocumentJob,
  doc: JobDocument,
): Promise<TranslationPlan> {
  const translation = await translationForOrgId(ctx, services.translation, job.orgId);
  const route = resolveRoute(translation, job.sourceLang, job.targetLang);
  // A resource deleted since the upload makes this a 400: the job ends `error`, naming it.
  const resources = await resolveTranslationResources(ctx, {
    orgId: job.orgId,
    sourceLang: job.sourceLang,
    targetLangs: [job.targetLang],
    refs: job.resourceRefs,
    localization: localizationApplies({
      flag: job.resourceRefs.localization_terms,
      sourceLang: job.sourceLang,
      format: doc.format.extension,
    }),
  });
  return { translation, route, resources };
}

/** What the chunks came back with: the translations (in storage) and what the completion records of them. */
interface TranslatedDocument {
  segments: number;
  translations: TranslatedSoFar;
  characters: number;
  quality: QualityTally;
  lowest: LowestSegments;
  /** The merge, when it started before the last chunk came back. */
  merging?: Promise<Uint8Array | undefined>;
}

/**
 * Chunks go to the engine a few at a time, so its pipelines always have the next one queued;
 * results are applied, and progress saved, in order. The lease is renewed all along, and the
 * run ends (LeaseLostError) once another worker owns the job.
 */
async function translateInChunks(
  run: JobRun,
  plan: TranslationPlan,
  segments: SegmentsToTranslate,
  doc: JobDocument,
): Promise<TranslatedDocument> {
  const { ctx, services, job, workerId } = run;
  const translated: TranslatedDocument = {
    segments: segments.count,
    // Stored a piece at a time as they come in; the merge reads them back the same way.
    translations: new TranslatedSoFar(services.storage, job, segments.count),
    characters: 0,
    quality: new QualityTally(),
    lowest: new LowestSegments(),
  };
  const heartbeat = startHeartbeat(ctx, services, job.id, workerId);
  const saveProgress = progressSaver(run, heartbeat);
  // A filter that merges in extract order starts merging before the last segments are
  // translated and follows them chunk by chunk, so its CPU overlaps the engine's instead of
  // running after it, alone; others merge once every segment is in.
  const mergeFrom = doc.filter.mergesInOrder ? Math.floor(segments.count * MERGE_START_FRACTION) : Infinity;
  try {
    const pending: SentChunk[] = [];
    let next = 0;
    while (next < segments.count || pending.length > 0) {
      while (pending.length < CHUNKS_IN_FLIGHT && next < segments.count) {
        const at = next;
        next += CHUNK_SEGMENTS;
        pending.push(sendChunk(plan, job, at, await segments.nextChunk()));
      }
      const head = pending.shift();
      if (!head) break;
      await applyChunk(translated, head);
      const done = Math.min(segments.count, head.at + CHUNK_SEGMENTS);
      await translated.translations.flush();
      translated.translations.advance(done);
      if (!translated.merging && done >= mergeFrom) translated.merging = startMerge(doc, translated.translations);
      heartbeat.progress = (0.95 * done) / segments.count;
      await saveProgress();
    }
  } catch (err) {
    translated.translations.abort(err);
    throw err;
  } finally {
    heartbeat.stop();
  }
  await translated.translations.finish();
  return translated;
}

interface SentChunk {
  /** The position of the chunk's first segment in the document. */
  at: number;
  chunk: Segment[];
  split: SegmentedText[];
  translated: Promise<TranslatedSegments>;
}

/**
 * Each segment goes to the engine sentence by sentence, as text translation does, and is put
 * back together around its gaps.
 */
function sendChunk(plan: TranslationPlan, job: DocumentJob, at: number, chunk: Segment[]): SentChunk {
  const split = chunk.map((s) => segmentWithMemory(s.text, job.sourceLang, plan.resources.memoryIndex));
  const translated = translateSegments(plan.translation, {
    route: plan.route,
    segments: split.flatMap((s) => s.segments),
    resources: plan.resources.forTarget(job.targetLang),
    // A document's sentences are read from the cache but not added to it (see SegmentCache).
    cacheStore: false,
  });
  translated.catch(() => undefined); // awaited in order; a failure surfaces there
  return { at, chunk, split, translated };
}

/** A chunk's answer, joined back into its segments and recorded. */
async function applyChunk(translated: TranslatedDocument, sent: SentChunk): Promise<void> {
  const { at, chunk, split } = sent;
  const answer = await sent.translated;
  let offset = 0;
  chunk.forEach((segment, i) => {
    const parts = split[i];
    if (!parts) return;
    const joined = parts.join(answer.texts.slice(offset, offset + parts.segments.length));
    translated.lowest.add(
      { id: segment.id, position: at + i, text: stripCodes(segment.text) },
      answer.signals.slice(offset, offset + parts.segments.length),
    );
    offset += parts.segments.length;
    const text = repairCodes(segment.text, joined);
    translated.translations.add(segment.id, text);
    translated.characters += countCharacters(stripCodes(text));
  });
  for (const signals of answer.signals) translated.quality.add(signals);
}

/**
 * Called after each chunk: fails the run once the job is no longer this worker's, and writes
 * progress (renewing the lease) after the first chunk, then at most every PROGRESS_SAVE_MS.
 */
function progressSaver(run: JobRun, heartbeat: Heartbeat): () => Promise<void> {
  let savedAt = -Infinity;
  return async () => {
    // A stopping worker that released the job no longer owns it either.
    if (heartbeat.lost || run.signal?.aborted) throw new LeaseLostError(run.job.id);
    if (performance.now() - savedAt < PROGRESS_SAVE_MS) return;
    savedAt = performance.now();
    if (
      !(await renewLease(run.ctx, {
        jobId: run.job.id,
        workerId: run.workerId,
        progress: heartbeat.progress,
        leaseMs: run.services.leaseMs,
      }))
    ) {
      throw new LeaseLostError(run.job.id);
    }
  };
}

function startMerge(doc: JobDocument, translations: TranslatedSoFar): Promise<Uint8Array | undefined> {
  const reader = translations.reader();
  const merging = doc
    .withInput((input) => doc.filter.merge(input, reader, { ...doc.options, ready: reader.ready }))
    .then((bytes) => (reader.missed ? undefined : bytes));
  merging.catch(() => undefined); // awaited after the translation; a failure surfaces there
  return merging;
}

/** The merge started during the translation, or, when none did or its read missed a translation, one now. */
async function mergedOutput(doc: JobDocument, translated: TranslatedDocument): Promise<Uint8Array> {
  return (
    (translated.merging ? await translated.merging : undefined) ?? (await mergeStored(doc, translated.translations))
  );
}

/**
 * Completed and billed in one transaction, so a job is billed exactly when it completes; the
 * update holds only while this worker still owns the job.
 */
async function completeAndBill(run: JobRun, translated: TranslatedDocument, credits: number): Promise<DocumentJob> {
  const { ctx, services, job, workerId } = run;
  const { characters, quality, lowest } = translated;
  const now = ctx.now();
  return committedOrRead(ctx, job.id, workerId, () =>
    withTransaction(ctx, async (tx, txCtx) => {
      const [row] = await tx
        .update(documentJobs)
        .set({
          status: "completed",
          progress: 1,
          error: null,
          resultKey: resultKey(job),
          segments: translated.segments,
          characters,
          credits,
          qualityScore: quality.score(),
          lowestSegments: lowest.list(),
          ...withMinQuality(job, quality),
          leaseUntil: null,
          completedAt: now,
          expiresAt: new Date(now.getTime() + services.retentionMs),
          updatedAt: now,
        })
        .where(
          and(eq(documentJobs.id, job.id), eq(documentJobs.workerId, workerId), eq(documentJobs.status, "processing")),
        )
        .returning();
      if (!row) throw new LeaseLostError(job.id);
      const [org] = await tx.select(principalOrgColumns).from(organizations).where(eq(organizations.id, job.orgId));
      if (!org) throw notFound("Organization");
      // One debit per document, keyed by the job: a second completion attempt bills nothing.
      await billTranslation(txCtx, {
        org,
        requestId: job.id,
        kind: "document",
        sourceLang: job.sourceLang,
        usage: [{ targetLang: job.targetLang, characters, credits }],
      });
      return row;
    }),
  );
}

/**
 * The completion, and when its commit's answer was lost with the connection, what it left: the
 * job read back (through lost connections for a few seconds) is completed by this worker only
 * if the transaction, and the debit in it, committed. So a job billed is answered completed,
 * and one answered failed was not billed.
 */
async function committedOrRead(
  ctx: DomainContext,
  jobId: string,
  workerId: string,
  complete: () => Promise<DocumentJob>,
): Promise<DocumentJob> {
  try {
    return await complete();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    const [row] = await retryWhileConnectionLost(() =>
      ctx.db.select().from(documentJobs).where(eq(documentJobs.id, jobId)),
    );
    if (row?.status === "completed" && row.workerId === workerId) return row;
    throw err;
  }
}

/**
 * Merges once every translation is stored. A filter that merges in extract order reads them a
 * piece at a time; one whose read missed a translation (it read out of the order it paces by)
 * merges again with all of them at once, as the other filters do: a wrong guess costs memory
 * and time, never a segment left untranslated.
 */
async function mergeStored(doc: JobDocument, translations: TranslatedSoFar): Promise<Uint8Array> {
  const { filter, options, withInput } = doc;
  if (filter.mergesInOrder) {
    const reader = translations.reader();
    const output = await withInput((input) => filter.merge(input, reader, { ...options, ready: reader.ready }));
    if (!reader.missed) return output;
  }
  const all = await translations.readAll();
  return withInput((input) => filter.merge(input, all, options));
}

/**
 * The next stored piece. A damaged one ends this attempt as a service failure after dropping
 * the manifest, so the retry extracts the file again instead of meeting the same damage.
 */
async function nextPiece(
  pieces: AsyncGenerator<Segment[]>,
  storage: ObjectStorage,
  job: DocumentJob,
): Promise<Segment[] | undefined> {
  try {
    const next = await pieces.next();
    return next.done ? undefined : next.value;
  } catch (err) {
    if (err instanceof DamagedSegmentsError) await storage.delete(segmentsKey(job));
    throw err;
  }
}

/** Milliseconds per phase of a job, for the completion log line (where a slow job spends its time). */
function phaseClock() {
  const start = performance.now();
  let last = start;
  const laps: Record<string, number> = {};
  return {
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round(now - last);
      last = now;
    },
    laps,
    totalMs: () => Math.round(last - start),
  };
}

/** The job's warnings with the min_quality one, when the request set a threshold the document misses. */
function withMinQuality(job: DocumentJob, quality: QualityTally): { warnings?: string[] } {
  const warning = minQualityWarning("The document", quality.score(), job.resourceRefs.min_quality, quality.reasons());
  return warning ? { warnings: [...job.warnings, warning] } : {};
}
