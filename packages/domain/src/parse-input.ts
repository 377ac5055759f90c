import { type z } from "zod";

import { type TolkError, badRequest } from "./errors";

/**
 * A request that fails its schema is a 400 naming the first field at fault, on every door
 * (/v1, the compatibility APIs, the console): `'<field>': <message>`, or `<where>: <message>`
 * when the fault is the whole value. `rename` maps a schema path to the name the caller used.
 */
export function invalidInput(
  error: z.ZodError,
  where: string,
  rename: (field: string) => string = (f) => f,
): TolkError {
  const issue = error.issues[0];
  const field = rename(issue?.path.map(String).join(".") ?? "");
  return badRequest(`${field ? `'${field}'` : where}: ${issue?.message ?? "invalid"}`, field || undefined);
}

/** The value as the schema reads it, or the 400 of invalidInput. */
export function parseInput<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: string,
  rename?: (field: string) => string,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidInput(parsed.error, where, rename);
}
