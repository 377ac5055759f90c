import { parseInput } from "@tolk/domain";
import { type z } from "zod";

/** Validates a use case's request built from a compatibility API's parameters; 400 naming the field. */
export function validated<T>(schema: z.ZodType<T>, value: unknown, rename: (field: string) => string = (f) => f): T {
  return parseInput(schema, value, "request", rename);
}
