import { type DocumentJob } from "@tolk/db";
import { type Segment } from "@tolk/formats";
import { z } from "zod";

import { type ObjectStorage, ObjectNotFoundError } from "../storage/object-storage";

type JobKeys = Pick<DocumentJob, "orgId" | "id" | "extension">;

/** The objects a job keeps in storage, all under `<org>/<job>/`; retention deletes them together. */
export const inputKey = (job: JobKeys) => `${job.orgId}/${job.id}/source.${job.extension}`;
export const resultKey = (job: JobKeys) => `${job.orgId}/${job.id}/result.${job.extension}`;
export const segmentsKey = (job: Pick<DocumentJob, "orgId" | "id">) => `${job.orgId}/${job.id}/segments.json`;
export const jobObjectKeys = (job: JobKeys) => [inputKey(job), segmentsKey(job), resultKey(job)];

/**
 * Bumped when Segment changes shape or the layout below changes: a job finding another version
 * extracts the file again. Version 1 was one JSON document.
 */
const SEGMENTS_VERSION = 2;

const storedHeader = z.object({ version: z.literal(SEGMENTS_VERSION) });
const storedSegment = z.object({ id: z.string(), text: z.string(), context: z.string().optional(), maxLength: z.number().optional() });

/** Segments encoded per step when stored: each piece (~32 KB) stays out of V8's large-object space and dies young. */
const STORE_STEP = 128;

/**
 * The segments the upload extracted (it needs them to count the characters before a job
 * exists), kept beside the input so the job starts translating without reading the file again.
 * JSON lines: a header, then one segment per line (JSON never writes a raw line break inside a
 * value). Written and read a line at a time, and stored as the pieces they were encoded in, so
 * the 34,083 segments of the 5 MB bench document are never one 9 MB string as well as its bytes
 * and their copy: that cost ~25 MB at the upload and again when the job read them back.
 */
export async function storeSegments(storage: ObjectStorage, job: Pick<DocumentJob, "orgId" | "id">, segments: readonly Segment[]): Promise<void> {
  const pieces: Buffer[] = [Buffer.from(`${JSON.stringify({ version: SEGMENTS_VERSION })}\n`)];
  for (let at = 0; at < segments.length; at += STORE_STEP) {
    let lines = "";
    for (const segment of segments.slice(at, at + STORE_STEP)) lines += `${JSON.stringify(segment)}\n`;
    pieces.push(Buffer.from(lines));
  }
  await storage.put(segmentsKey(job), pieces, "application/x-ndjson");
}

/**
 * The segments stored at upload, or undefined when there are none to trust (a job queued
 * before they were stored, another version, a damaged object): the caller extracts them.
 * A storage failure other than a missing object is thrown.
 */
export async function loadSegments(storage: ObjectStorage, job: Pick<DocumentJob, "orgId" | "id">): Promise<Segment[] | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await storage.get(segmentsKey(job));
  } catch (err) {
    if (err instanceof ObjectNotFoundError) return undefined;
    throw err;
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const segments: Segment[] = [];
  let at = 0;
  try {
    for (let line = 0; at < text.length; line++) {
      let end = text.indexOf(10, at);
      if (end < 0) end = text.length;
      const value: unknown = JSON.parse(text.toString("utf8", at, end));
      at = end + 1;
      if (line === 0) {
        if (!storedHeader.safeParse(value).success) return undefined;
        continue;
      }
      const segment = storedSegment.safeParse(value);
      if (!segment.success) return undefined;
      segments.push(segment.data);
    }
  } catch {
    return undefined; // not JSON
  }
  return at === 0 ? undefined : segments;
}
