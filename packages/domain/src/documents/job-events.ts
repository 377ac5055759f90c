import { type DocumentJob } from "@tolk/db";

import { logger } from "../ports/logger";
import { type DocumentJobEvent, metrics } from "../ports/metrics";

/**
 * A document job's lifecycle, in one place: a log line (`msg: "document job <event>"`, with the
 * job id, organization, format and the event's own fields, e.g. durations) and the counter.
 * Failures log at `warn`, the rest at `info`.
 */
export function jobEvent(
  event: DocumentJobEvent,
  job: Pick<DocumentJob, "id" | "orgId" | "extension" | "attempts">,
  fields: Record<string, unknown> = {},
): void {
  metrics().documentJob(event, job.extension);
  const line = { job_id: job.id, org_id: job.orgId, format: job.extension, attempt: job.attempts, ...fields };
  const log = logger();
  if (event === "failed" || event === "error" || event === "retry") log.warn(line, `document job ${event}`);
  else log.info(line, `document job ${event}`);
}
