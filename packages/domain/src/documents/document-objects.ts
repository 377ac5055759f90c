import { type DocumentJob } from "@tolk/db";
import { type Segment } from "@tolk/formats";
import { z } from "zod";

import { type ObjectStorage, ObjectNotFoundError } from "../ports/object-storage";

type JobKeys = Pick<DocumentJob, "orgId" | "id" | "extension">;

/** The objects a job keeps in storage, all under `<org>/<job>/`; retention deletes them together. */
export const inputKey = (job: JobKeys) => `${job.orgId}/${job.id}/source.${job.extension}`;
export const resultKey = (job: JobKeys) => `${job.orgId}/${job.id}/result.${job.extension}`;
export const segmentsKey = (job: Pick<DocumentJob, "orgId" | "id">) => `${job.orgId}/${job.id}/segments.json`;
/** The n-th piece of a job's stored segments (see SegmentWriter). */
export const segmentsPieceKey = (job: Pick<DocumentJob, "orgId" | "id">, n: number) =>
  `${job.orgId}/${job.id}/segments.${n}.jsonl`;
/** The n-th piece of a job's translations, aligned with its segments' (see TranslatedSoFar). */
export const translationsPieceKey = (job: Pick<DocumentJob, "orgId" | "id">, n: number) =>
  `${job.orgId}/${job.id}/translations.${n}.jsonl`;
/** Every object a job may have stored; `segments` (the job's count) names the pieces. */
export const jobObjectKeys = (job: JobKeys & { segments: number }) => [
  inputKey(job),
  segmentsKey(job),
  ...Array.from({ length: Math.ceil(job.segments / PIECE_SEGMENTS) }, (_, n) => segmentsPieceKey(job, n)),
  ...translationsPieceKeys(job),
  resultKey(job),
];

/** The pieces of a job's translations. */
export const translationsPieceKeys = (job: Pick<DocumentJob, "orgId" | "id" | "segments">) =>
  Array.from({ length: Math.ceil(job.segments / PIECE_SEGMENTS) }, (_, n) => translationsPieceKey(job, n));

/**
 * Bumped when Segment changes shape or the layout below changes: a job finding another version
 * extracts the file again. Version 1 was one JSON document, version 2 one object of JSON lines.
 */
const SEGMENTS_VERSION = 3;

const storedManifest = z.object({ version: z.literal(SEGMENTS_VERSION), segments: z.number().int().nonnegative() });
const storedSegment = z.object({
  id: z.string(),
  text: z.string(),
  context: z.string().optional(),
  maxLength: z.number().optional(),
});

/**
 * Segments per stored piece: what the upload holds before it writes and what the job reads back
 * at once, whatever the file's size (a piece is a few hundred KB of JSON for typical paragraphs).
 */
export const PIECE_SEGMENTS = 4096;
/** Segments encoded per step: each string (~32 KB) stays out of V8's large-object space and dies young. */
const ENCODE_STEP = 128;

/**
 * Stores a job's segments as the upload extracts them (it needs them to count the characters
 * before a job exists), so the job starts translating without reading the file again and no
 * one holds a large file's segments whole. Pieces of PIECE_SEGMENTS segments as JSON lines
 * (JSON never writes a raw line break inside a value), then a manifest with the version and
 * the count, written last: a job finds either all of them or none it trusts.
 */
export class SegmentWriter {
  private held: Segment[] = [];
  private pieces = 0;
  /** Segments taken so far. */
  count = 0;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly job: Pick<DocumentJob, "orgId" | "id">,
  ) {}

  async add(batch: readonly Segment[]): Promise<void> {
    for (const segment of batch) {
      this.held.push(segment);
      this.count++;
      if (this.held.length >= PIECE_SEGMENTS) await this.writePiece();
    }
  }

  async finish(): Promise<void> {
    if (this.held.length > 0) await this.writePiece();
    await this.storage.put(
      segmentsKey(this.job),
      Buffer.from(`${JSON.stringify({ version: SEGMENTS_VERSION, segments: this.count })}\n`),
      "application/json",
    );
  }

  /** Deletes what was written (the upload was refused). */
  async discard(): Promise<void> {
    for (let n = 0; n < this.pieces; n++) await this.storage.delete(segmentsPieceKey(this.job, n));
    await this.storage.delete(segmentsKey(this.job));
  }

  private async writePiece(): Promise<void> {
    const segments = this.held;
    this.held = [];
    const encoded: Buffer[] = [];
    for (let at = 0; at < segments.length; at += ENCODE_STEP) {
      let lines = "";
      for (const segment of segments.slice(at, at + ENCODE_STEP)) lines += `${JSON.stringify(segment)}\n`;
      encoded.push(Buffer.from(lines));
    }
    // One buffer outside V8's heap, written in one call: dozens of small writes per piece queued
    // on the thread pool that inflates the upload beside them.
    await this.storage.put(segmentsPieceKey(this.job, this.pieces), Buffer.concat(encoded), "application/x-ndjson");
    this.pieces++;
  }
}

/** A stored piece that does not read back: the job drops the manifest and fails its attempt, and the next one extracts the file again. */
export class DamagedSegmentsError extends Error {
  constructor(key: string) {
    super(`The stored segments '${key}' are damaged.`);
    this.name = "DamagedSegmentsError";
  }
}

/** A job's stored segments, read back a piece at a time. */
export interface StoredSegments {
  readonly count: number;
  /** The segments in order, a piece at a time. Throws DamagedSegmentsError for a piece that does not read back. */
  pieces(): AsyncGenerator<Segment[]>;
}

/**
 * The segments stored at upload, or undefined when there are none to trust (a job queued
 * before they were stored, another version, a damaged manifest): the caller extracts them.
 * A storage failure other than a missing object is thrown.
 */
export async function openStoredSegments(
  storage: ObjectStorage,
  job: Pick<DocumentJob, "orgId" | "id">,
): Promise<StoredSegments | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await storage.get(segmentsKey(job));
  } catch (err) {
    if (err instanceof ObjectNotFoundError) return undefined;
    throw err;
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return undefined; // not JSON
  }
  const parsed = storedManifest.safeParse(manifest);
  if (!parsed.success) return undefined;
  const count = parsed.data.segments;
  return {
    count,
    async *pieces() {
      let read = 0;
      for (let n = 0; read < count; n++) {
        const key = segmentsPieceKey(job, n);
        let piece: Uint8Array;
        try {
          piece = await storage.get(key);
        } catch (err) {
          if (err instanceof ObjectNotFoundError) throw new DamagedSegmentsError(key);
          throw err;
        }
        const segments = parsePiece(piece, key);
        read += segments.length;
        if (segments.length === 0 || read > count) throw new DamagedSegmentsError(key);
        yield segments;
      }
    },
  };
}

function parsePiece(bytes: Uint8Array, key: string): Segment[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const segments: Segment[] = [];
  try {
    for (let at = 0; at < text.length;) {
      let end = text.indexOf(10, at);
      if (end < 0) end = text.length;
      const segment = storedSegment.safeParse(JSON.parse(text.toString("utf8", at, end)));
      at = end + 1;
      if (!segment.success) throw new DamagedSegmentsError(key);
      segments.push(segment.data);
    }
  } catch (err) {
    if (err instanceof DamagedSegmentsError) throw err;
    throw new DamagedSegmentsError(key); // not JSON
  }
  return segments;
}
