import { badRequest } from "@tolk/domain";
import { type z } from "zod";

/** Validates a use case's request built from a compatibility API's parameters; 400 naming the field. */
export function validated<T>(schema: z.ZodType<T>, value: unknown, rename: (field: string) => string = (f) => f): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = rename(issue?.path.map(String).join(".") ?? "");
  throw badRequest(`${field ? `'${field}'` : "request"}: ${issue?.message ?? "invalid"}`, field || undefined);
}
