/**
 * Caps that keep a hostile zip (a bomb, a million entries) from exhausting memory or time. They are
 * checked against the central directory before anything is inflated, and enforced again while
 * inflating (an entry may not inflate past the size its header declares).
 */
export interface ZipLimits {
  /** Most entries a package may hold. */
  maxEntries: number;
  /** Largest declared uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Largest total declared uncompressed size of all entries. */
  maxTotalBytes: number;
  /** Highest uncompressed/compressed ratio of an entry larger than `ratioFloorBytes`. */
  maxRatio: number;
  /** Entries smaller than this are not ratio-checked: tiny XML parts compress absurdly well. */
  ratioFloorBytes: number;
}

const MB = 1024 * 1024;

/**
 * The default caps for an upload of `size` bytes: in total 25× the upload (a text-only Word file
 * inflates about 10×, so 10× would refuse real documents), at least 32 MB (small
 * Office files carry highly compressible styles and themes) and at most 300 MB; one entry at most
 * 200 MB; ratio 200:1 for entries over 1 MB (real XML parts stay well under 100:1, bombs are
 * ~1000:1).
 */
export function defaultZipLimits(size: number): ZipLimits {
  return {
    maxEntries: 10_000,
    maxEntryBytes: 200 * MB,
    maxTotalBytes: Math.min(300 * MB, Math.max(32 * MB, 25 * size)),
    maxRatio: 200,
    ratioFloorBytes: 1 * MB,
  };
}
