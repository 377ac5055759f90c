import { memberships, users } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Role } from "../accounts/create-user";
import { endUserSessions } from "../auth/console-sessions";
import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { lockAndCheckMemberChange } from "./member-rules";

/** Removes a member from an organization (the user account stays; it may belong to others); their console sessions end. */
export async function removeMember(
  ctx: DomainContext,
  options: { orgId: string; actorRole: Role; userId: string },
): Promise<void> {
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await lockAndCheckMemberChange(tx, { ...options, newRole: null });
    await endUserSessions(tx, { userId: options.userId });
    await tx
      .delete(memberships)
      .where(and(eq(memberships.orgId, options.orgId), eq(memberships.userId, options.userId)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "member.removed",
      target: { type: "member", id: options.userId, label: `${user?.email ?? options.userId} (${before})` },
    });
  });
}
