import { z } from "zod";

export const meta = z.object({
  request_id: z.uuid(),
  credits_used: z.number().int().optional(),
  processing_time_ms: z.number().int().optional(),
});

/** `{ data, meta }`: the shape of every /v1 success response. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, meta });
}
