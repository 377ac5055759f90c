import { memberships } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Role } from "../accounts/create-user";
import { endUserSessions } from "../auth/console-sessions";
import { type DomainContext, withTransaction } from "../context";
import { lockAndCheckMemberChange } from "./member-rules";

/** Removes a member from an organization (the user account stays; it may belong to others); their console sessions end. */
export async function removeMember(ctx: DomainContext, options: { orgId: string; actorRole: Role; userId: string }): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await lockAndCheckMemberChange(tx, { ...options, newRole: null });
    await endUserSessions(tx, { userId: options.userId });
    await tx.delete(memberships).where(and(eq(memberships.orgId, options.orgId), eq(memberships.userId, options.userId)));
  });
}
