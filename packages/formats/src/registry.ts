import { type FormatFilter } from "./filter";
import { htmlFilter } from "./html";
import { markdownFilter } from "./markdown";
import { srtFilter } from "./srt";
import { vttFilter } from "./vtt";

// One line per filter module; each format's issue work adds its own.
const FILTERS: readonly FormatFilter[] = [
  htmlFilter,
  markdownFilter,
  srtFilter,
  vttFilter,
];

const BY_EXTENSION = new Map(FILTERS.flatMap((f) => f.extensions.map((ext) => [ext, f] as const)));

/** The filter for a file extension (without the dot, any case), or undefined. */
export function filterFor(extension: string): FormatFilter | undefined {
  return BY_EXTENSION.get(extension.toLowerCase());
}
