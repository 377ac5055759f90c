import { type DocumentJob, documentJobs, organizations } from "@tolk/db";
import { extractSegments, type FilterOptions, type FormatFilter, repairCodes, type Segment, stripCodes } from "@tolk/formats";
import { and, eq } from "drizzle-orm";

import { principalOrgColumns } from "../auth/principal";
import { billTranslation, countCharacters, creditsFor } from "../billing/bill-translation";
import { type DomainContext, withTransaction } from "../context";
import { isDatabaseUnavailable, isTolkError, notFound, retryWhileConnectionLost } from "../errors";
import { minQualityWarning } from "../translation/min-quality";
import { QualityTally } from "../translation/quality-score";
import { LowestSegments } from "./lowest-segments";
import { resolveTranslationResources } from "../translation/resolve-resources";
import { segmentWithMemory } from "../translation/segment-with-memory";
import { localizationApplies } from "../translation/localization-applies";
import { resolveRoute, translateSegments } from "../translation/translate-segments";
import { translationForOrgId } from "../translation/org-engines";
import { fileRefused, resultGone } from "./document-errors";
import { resolveDocumentFormat } from "./document-format";
import { DamagedSegmentsError, inputKey, openStoredSegments, resultKey, SegmentWriter, segmentsKey, translationsPieceKeys } from "./document-objects";
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
  jobEvent("started", job, { worker_id: workerId, queued_ms: Math.max(0, ctx.now().getTime() - job.runAfter.getTime()) });
  try {
    return await translateAndComplete(ctx, services, job, workerId, options.signal);
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
          message: isTolkError(err) ? err.message : "The document could not be translated because of an internal error.",
        }),
      5_000,
    ).catch((settleErr: unknown) => {
      logger().warn({ job_id: job.id, worker_id: workerId, ...errorFields(settleErr) }, "document job failure not recorded; its lease runs out instead");
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

/**
 * Renews the lease every third of its length while an engine call runs (a slow LLM chunk must
 * not look like a crashed worker), saving the latest progress. `lost` turns true when another
 * worker has taken the job.
 */
function startHeartbeat(ctx: DomainContext, services: DocumentServices, jobId: string, workerId: string) {
  const leaseMs = services.leaseMs ?? DEFAULT_LEASE_MS;
  const state = { progress: 0, lost: false, stop: () => clearInterval(timer) };
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

async function translateAndComplete(
  ctx: DomainContext,
  services: DocumentServices,
  job: DocumentJob,
  workerId: string,
  signal: AbortSignal | undefined,
): Promise<CompletedDocument> {
  const { filter } = resolveDocumentFormat(job.filename);
  const clock = phaseClock();
  const filterOptions = { sourceLang: job.sourceLang, targetLang: job.targetLang, forceTargetLang: job.forceTargetLang };
  // The input is read when it is needed (the merge; the extract too when no segments were
  // stored), so a large file is not held while it translates. A file the filter refuses is the
  // client's problem (400), a storage error not.
  const withInput = async <T>(run: (input: Uint8Array) => Promise<T>): Promise<T> => {
    let input: Uint8Array;
    try {
      input = await services.storage.get(inputKey(job));
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw resultGone();
      throw err;
    }
    try {
      return await run(input);
    } catch (err) {
      throw fileRefused(err, job.extension);
    }
  };
  // The segments the upload stored, read back a piece at a time; the file is extracted (into
  // storage, the same way) only when they are missing.
  let stored = await openStoredSegments(services.storage, job);
  if (!stored) {
    const writer = new SegmentWriter(services.storage, job);
    await withInput((input) => extractSegments(filter, input, filterOptions, (batch) => writer.add(batch)));
    await writer.finish();
    stored = await openStoredSegments(services.storage, job);
    if (!stored) throw new Error(`The segments of job ${job.id} were stored but do not read back.`);
  }
  const segmentCount = stored.count;
  const pieces = stored.pieces();
  // The segments not yet sent to the engine, from the piece being read.
  let unsent: Segment[] = [];
  const nextChunk = async (): Promise<Segment[]> => {
    while (unsent.length < CHUNK_SEGMENTS) {
      const piece = await nextPiece(pieces, services.storage, job);
      if (!piece) break;
      unsent = unsent.length === 0 ? piece : [...unsent, ...piece];
    }
    return unsent.splice(0, CHUNK_SEGMENTS);
  };
  clock.lap("segments_ready");
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
      format: resolveDocumentFormat(job.filename).format.extension,
    }),
  });

  // Stored a piece at a time as they come in; the merge reads them back the same way.
  const translations = new TranslatedSoFar(services.storage, job, segmentCount);
  const quality = new QualityTally();
  const lowest = new LowestSegments();
  let characters = 0;
  const heartbeat = startHeartbeat(ctx, services, job.id, workerId);
  let progressSavedAt = -Infinity;
  // A filter that merges in extract order starts merging before the last segments are
  // translated and follows them chunk by chunk, so its CPU overlaps the engine's instead of
  // running after it, alone; others merge once every segment is in.
  let merging: Promise<Uint8Array | undefined> | undefined;
  const mergeFrom = filter.mergesInOrder ? Math.floor(segmentCount * MERGE_START_FRACTION) : Infinity;
  const startMerge = () => {
    const reader = translations.reader();
    merging = withInput((input) => filter.merge(input, reader, { ...filterOptions, ready: reader.ready })).then((bytes) => (reader.missed ? undefined : bytes));
    merging.catch(() => undefined); // awaited after the translation; a failure surfaces there
  };
  try {
    // Chunks go to the engine a few at a time, so its pipelines always have the next one
    // queued; results are applied, and progress saved, in order.
    const pending: Awaited<ReturnType<typeof startChunk>>[] = [];
    let next = 0;
    const startChunk = async () => {
      const at = next;
      next += CHUNK_SEGMENTS;
      const chunk = await nextChunk();
      // Each segment goes to the engine sentence by sentence, as text translation does, and is
      // put back together around its gaps.
      const split = chunk.map((s) => segmentWithMemory(s.text, job.sourceLang, resources.memoryIndex));
      const translated = translateSegments(translation, {
        route,
        segments: split.flatMap((s) => s.segments),
        resources: resources.forTarget(job.targetLang),
        // A document's sentences are read from the cache but not added to it (see SegmentCache).
        cacheStore: false,
      });
      translated.catch(() => undefined); // awaited in order below; a failure surfaces there
      return { at, chunk, split, translated };
    };
    while (next < segmentCount || pending.length > 0) {
      while (pending.length < CHUNKS_IN_FLIGHT && next < segmentCount) pending.push(await startChunk());
      const head = pending.shift();
      if (!head) break;
      const { at, chunk, split } = head;
      const translated = await head.translated;
      let offset = 0;
      chunk.forEach((segment, i) => {
        const parts = split[i];
        if (!parts) return;
        const joined = parts.join(translated.texts.slice(offset, offset + parts.segments.length));
        lowest.add({ id: segment.id, position: at + i, text: stripCodes(segment.text) }, translated.signals.slice(offset, offset + parts.segments.length));
        offset += parts.segments.length;
        const text = repairCodes(segment.text, joined);
        translations.add(segment.id, text);
        characters += countCharacters(stripCodes(text));
      });
      const done = Math.min(segmentCount, at + CHUNK_SEGMENTS);
      await translations.flush();
      translations.advance(done);
      if (!merging && done >= mergeFrom) startMerge();
      for (const signals of translated.signals) quality.add(signals);
      heartbeat.progress = (0.95 * done) / segmentCount;
      // A stopping worker that released the job no longer owns it either.
      if (heartbeat.lost || signal?.aborted) throw new LeaseLostError(job.id);
      if (performance.now() - progressSavedAt < PROGRESS_SAVE_MS) continue;
      progressSavedAt = performance.now();
      if (!(await renewLease(ctx, { jobId: job.id, workerId, progress: heartbeat.progress, leaseMs: services.leaseMs }))) {
        throw new LeaseLostError(job.id);
      }
    }
  } catch (err) {
    translations.abort(err);
    throw err;
  } finally {
    heartbeat.stop();
  }
  await translations.finish();
  clock.lap("translated");

  const output = (merging ? await merging : undefined) ?? (await mergeStored(filter, translations, withInput, filterOptions));
  clock.lap("merged");
  await services.storage.put(resultKey(job), output, resolveDocumentFormat(job.filename).format.mime_type);

  const credits = creditsFor(characters, job.targetLang);
  const now = ctx.now();
  const completed = await committedOrRead(ctx, job.id, workerId, () =>
    withTransaction(ctx, async (tx, txCtx) => {
      const [row] = await tx
        .update(documentJobs)
        .set({
          status: "completed",
          progress: 1,
          error: null,
          resultKey: resultKey(job),
          segments: segmentCount,
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
        .where(and(eq(documentJobs.id, job.id), eq(documentJobs.workerId, workerId), eq(documentJobs.status, "processing")))
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
  clock.lap("stored_and_billed");
  // The result holds them now; retention would delete them too, days later.
  for (const key of translationsPieceKeys(completed)) await services.storage.delete(key).catch(() => undefined);
  jobEvent("completed", completed, { segments: segmentCount, characters, credits, duration_ms: clock.totalMs(), phases_ms: clock.laps });
  return { job: completed, file: output };
}

/**
 * The completion, and when its commit's answer was lost with the connection, what it left: the
 * job read back (through lost connections for a few seconds) is completed by this worker only
 * if the transaction, and the debit in it, committed. So a job billed is answered completed,
 * and one answered failed was not billed.
 */
async function committedOrRead(ctx: DomainContext, jobId: string, workerId: string, complete: () => Promise<DocumentJob>): Promise<DocumentJob> {
  try {
    return await complete();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    const [row] = await retryWhileConnectionLost(() => ctx.db.select().from(documentJobs).where(eq(documentJobs.id, jobId)));
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
async function mergeStored(
  filter: FormatFilter,
  translations: TranslatedSoFar,
  withInput: <T>(run: (input: Uint8Array) => Promise<T>) => Promise<T>,
  options: FilterOptions,
): Promise<Uint8Array> {
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
async function nextPiece(pieces: AsyncGenerator<Segment[]>, storage: ObjectStorage, job: DocumentJob): Promise<Segment[] | undefined> {
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
