import { type MemoryIndex } from "../resources/memories/memory-index";
import { type SegmentedText, segmentText } from "./segment-text";
import { TM_MIN_SCORE } from "./translate-segments";

/**
 * Sentence segmentation that defers to the translation memory: when a memory unit matches the
 * whole text (exactly, or fuzzily from 75 on), the text is one segment, so a memory of whole
 * messages (a gettext catalog, UI strings of several sentences) is reused as such instead of
 * missing at every sentence. Otherwise the usual sentences.
 */
export function segmentWithMemory(text: string, sourceLang: string, memory: MemoryIndex | null): SegmentedText {
  const segmented = segmentText(text, sourceLang);
  if (!memory || segmented.segments.length < 2) return segmented;
  const whole = text.trim();
  if (!memory.exact(whole) && memory.search(whole, { minScore: TM_MIN_SCORE, limit: 1 }).length === 0) return segmented;
  const lead = text.slice(0, text.length - text.trimStart().length);
  const tail = text.slice(text.trimEnd().length);
  return {
    segments: [whole],
    gaps: [lead, tail],
    join: (translated) => {
      if (translated.length !== 1) throw new RangeError(`join() needs 1 segment, got ${translated.length}.`);
      return lead + (translated[0] ?? "").trim() + tail;
    },
  };
}
