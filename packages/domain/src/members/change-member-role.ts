import { memberships } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Role } from "../accounts/create-user";
import { type DomainContext, withTransaction } from "../context";
import { lockAndCheckMemberChange } from "./member-rules";

/** Changes a member's role; `actorRole` is the role of whoever asks (owner rules in member-rules). */
export async function changeMemberRole(ctx: DomainContext, options: { orgId: string; actorRole: Role; userId: string; role: Role }): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await lockAndCheckMemberChange(tx, { ...options, newRole: options.role });
    await tx
      .update(memberships)
      .set({ role: options.role })
      .where(and(eq(memberships.orgId, options.orgId), eq(memberships.userId, options.userId)));
  });
}
