import { type Transaction } from "@tolk/db";

import { type PrincipalOrg } from "../../auth/principal";
import { type AuditAction, type AuditTarget, recordAudit } from "../../audit/record-audit";
import { lockOrganization } from "../../billing/lock-organization";
import { type DomainContext, withTransaction } from "../../context";
import { notFound, planLimitReached } from "../../errors";
import { type PlanLimits, effectiveLimits } from "../../plans";

export type CountLimit = "translation_memories_max" | "glossaries_max" | "brandvoice_profiles_max" | "projects_max";

/**
 * Count and insert in one transaction holding the organization's row lock: two concurrent
 * creates run one after the other, so the second sees the first's row and a limit of N never
 * leaves N + 1 resources. The limit is read under the same lock (a plan change is respected).
 * Beyond it: 403 plan_limit_reached.
 */
export async function createWithinPlanLimit<T>(
  ctx: DomainContext,
  options: {
    org: Pick<PrincipalOrg, "id">;
    limit: CountLimit;
    what: string;
    count: (tx: Transaction) => Promise<number>;
    insert: (tx: Transaction) => Promise<T>;
    /** The audit record of the creation, written in the same transaction. */
    audit?: (created: T) => { action: AuditAction; target: AuditTarget };
  },
): Promise<T> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const org = await lockOrganization(tx, options.org.id);
    if (!org) throw notFound("Organization");
    const max = effectiveLimits(org)[options.limit satisfies keyof PlanLimits];
    const count = await options.count(tx);
    if (count >= max) throw planLimitReached(options.what, max);
    const created = await options.insert(tx);
    if (options.audit) await recordAudit(txCtx, { orgId: org.id, ...options.audit(created) });
    return created;
  });
}
