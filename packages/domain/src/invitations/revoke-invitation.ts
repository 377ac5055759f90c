import { invitations } from "@tolk/db";
import { and, eq, isNull } from "drizzle-orm";

import { type DomainContext } from "../context";
import { notFound } from "../errors";

/** Withdraws a pending invitation; its link stops working. */
export async function revokeInvitation(
  ctx: DomainContext,
  options: { orgId: string; invitationId: string },
): Promise<void> {
  const deleted = await ctx.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, options.invitationId),
        eq(invitations.orgId, options.orgId),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id });
  if (deleted.length === 0) throw notFound("Invitation");
}
