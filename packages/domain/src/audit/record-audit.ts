import { auditLog } from "@tolk/db";

import { type DomainContext } from "../context";

/** The changes the audit log records, by name (`<target>.<verb>`). */
export type AuditAction =
  | "api_key.created"
  | "api_key.renamed"
  | "api_key.rotated"
  | "api_key.revoked"
  | "member.invited"
  | "member.removed"
  | "member.role_changed"
  | "settings.updated"
  | "alerts.updated"
  | "alerts.secret_rotated"
  | "deepl_key.saved"
  | "deepl_key.removed"
  | "glossary.created"
  | "glossary.deleted"
  | "memory.created"
  | "memory.deleted"
  | "brand_voice.created"
  | "brand_voice.deleted"
  | "credits.topped_up";

export interface AuditTarget {
  type: string;
  id: string | null;
  /** What a reader recognises the target by (a name, an e-mail, an amount), kept if it is later deleted. */
  label?: string | null;
}

/**
 * Records one change under the context's actor. Called by the use case with the context of the
 * transaction that makes the change, so the record and the change commit or roll back together.
 */
export async function recordAudit(
  ctx: DomainContext,
  options: { orgId: string; action: AuditAction; target: AuditTarget },
): Promise<void> {
  const actor = ctx.actor;
  if (!actor) return;
  await ctx.db.insert(auditLog).values({
    orgId: options.orgId,
    actorType: actor.type,
    actorId: actor.id,
    actorLabel: actor.label,
    action: options.action,
    targetType: options.target.type,
    targetId: options.target.id,
    targetLabel: options.target.label ?? null,
    ip: actor.ip,
    createdAt: ctx.now(),
  });
}
