import { invitations, organizations, users } from "@tolk/db";
import { and, eq, gt, isNull } from "drizzle-orm";

import { type DomainContext } from "../context";
import { notFound } from "../errors";
import { hashInvitationToken } from "./invitation-token";

/** What an invitation link opens: the organization, the invited address and whether it has an account. */
export async function getInvitation(ctx: DomainContext, options: { token: string }) {
  const [row] = await ctx.db
    .select({
      id: invitations.id,
      orgId: invitations.orgId,
      orgName: organizations.name,
      email: invitations.email,
      role: invitations.role,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.orgId))
    .where(
      and(
        eq(invitations.tokenHash, hashInvitationToken(options.token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, ctx.now()),
      ),
    );
  // Expired, accepted and unknown links answer alike.
  if (!row) throw notFound("This invitation (it may have expired or been used)");
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
  return { ...row, hasAccount: Boolean(user) };
}
