import { z } from "zod";

/** The shutdown variables both apps' env.ts spread into their schema (docs/observability.md, Lifecycle). */
export const shutdownEnvSchema = {
  /**
   * After SIGTERM, the time until the process exits. Requests in flight and a running document
   * job get it less a closing reserve (shutdown-plan.ts); a job still running then is released
   * to another worker.
   */
  TOLK_SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(3600).default(25),
  /**
   * After SIGTERM, how long new /v1 requests are still served while /readyz already answers
   * 503, so a proxy polling readiness stops sending before requests are refused.
   */
  TOLK_SHUTDOWN_DRAIN_S: z.coerce.number().min(0).max(300).default(3),
};
