import { FormatError } from "../filter";

/**
 * Runs a parse that recurses with the file's nesting (the libraries and our own walks do): a
 * hostile file nested hundreds of thousands deep overflows the stack, and that must come back
 * as a refused file, not as a crash of the request.
 */
export function withNestingLimit<T>(format: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof RangeError) throw new FormatError("invalid_file", `The ${format} file is nested too deeply to process.`);
    throw error;
  }
}
