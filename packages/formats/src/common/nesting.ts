import { FormatError } from "../filter";

/**
 * Runs a recursive parse or tree walk, turning a stack overflow on absurdly deep nesting (a
 * hostile file with 50,000 nested elements) into the typed error a user sees, not a crash.
 */
export function withNestingLimit<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new FormatError("invalid_file", "The file nests its markup too deeply to be processed.");
    }
    throw error;
  }
}
