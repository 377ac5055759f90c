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

/** Bumped when Segment changes shape: a job finding another version extracts the file again. */
const SEGMENTS_VERSION = 1;

const storedSegments = z.object({
  version: z.literal(SEGMENTS_VERSION),
  segments: z.array(z.object({ id: z.string(), text: z.string(), context: z.string().optional(), maxLength: z.number().optional() })),
});

/**
 * The segments the upload extracted (it needs them to count the characters before a job
 * exists), kept beside the input so the job starts translating without reading the file again.
 */
export async function storeSegments(storage: ObjectStorage, job: Pick<DocumentJob, "orgId" | "id">, segments: readonly Segment[]): Promise<void> {
  await storage.put(segmentsKey(job), Buffer.from(JSON.stringify({ version: SEGMENTS_VERSION, segments })), "application/json");
}

/**
 * The segments stored at upload, or undefined when there are none to trust (a job queued
 * before they were stored, an unknown version, a damaged object): the caller extracts them.
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
  try {
    const parsed = storedSegments.safeParse(JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8")));
    return parsed.success ? parsed.data.segments : undefined;
  } catch {
    return undefined; // not JSON
  }
}
