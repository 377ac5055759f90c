import { invitations } from "@tolk/db";
import { and, desc, eq, gt, isNull } from "drizzle-orm";

import { type DomainContext } from "../context";

/** An organization's pending invitations (not accepted, not expired), newest first. */
export async function listInvitations(ctx: DomainContext, options: { orgId: string }) {
  return ctx.db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(
      and(eq(invitations.orgId, options.orgId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, ctx.now())),
    )
    .orderBy(desc(invitations.createdAt));
}
