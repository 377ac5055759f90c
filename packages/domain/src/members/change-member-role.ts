import { memberships, users } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Role } from "../accounts/create-user";
import { endUserSessions } from "../auth/console-sessions";
import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { lockAndCheckMemberChange } from "./member-rules";

/**
 * Changes a member's role; `actorRole` is the role of whoever asks (owner rules in member-rules).
 * The member's console sessions end, so they sign in again under the new role.
 */
export async function changeMemberRole(
  ctx: DomainContext,
  options: { orgId: string; actorRole: Role; userId: string; role: Role },
): Promise<void> {
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await lockAndCheckMemberChange(tx, { ...options, newRole: options.role });
    if (before === options.role) return;
    await endUserSessions(tx, { userId: options.userId });
    await tx
      .update(memberships)
      .set({ role: options.role })
      .where(and(eq(memberships.orgId, options.orgId), eq(memberships.userId, options.userId)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "member.role_changed",
      target: {
        type: "member",
        id: options.userId,
        label: `${user?.email ?? options.userId}: ${before} → ${options.role}`,
      },
    });
  });
}
