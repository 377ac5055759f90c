import { type FilterOptions, type FormatFilter, type Segment, type SegmentSink } from "./filter";

/** Segments per batch a filter without a streaming extract hands over. */
const BATCH = 1024;

/**
 * A file's segments into `sink`, in reading order. A filter that reads as it goes (`extractTo`:
 * Word documents) hands them over while it reads, so a file of millions of paragraphs is never
 * one list; the others extract whole and hand the list over in batches, letting each go.
 */
export async function extractSegments(
  filter: FormatFilter,
  file: Uint8Array,
  options: FilterOptions,
  sink: SegmentSink,
): Promise<void> {
  if (filter.extractTo) return filter.extractTo(file, options, sink);
  const segments: (Segment | undefined)[] = await filter.extract(file, options);
  for (let at = 0; at < segments.length; at += BATCH) {
    const batch = segments.slice(at, at + BATCH).filter((s) => s !== undefined);
    segments.fill(undefined, at, at + BATCH);
    await sink(batch);
  }
}
