import { type FormatFilter } from "./filter";
import { txtFilter } from "./txt/txt-filter";

// One line per filter module; each format's issue work adds its own.
const FILTERS: readonly FormatFilter[] = [
  txtFilter,
];

const BY_EXTENSION = new Map(FILTERS.flatMap((f) => f.extensions.map((ext) => [ext, f] as const)));

/** The filter for a file extension (without the dot, any case), or undefined. */
export function filterFor(extension: string): FormatFilter | undefined {
  return BY_EXTENSION.get(extension.toLowerCase());
}
