import { invitations, memberships, users } from "@tolk/db";
import { and, eq, isNull } from "drizzle-orm";

import { createUser } from "../accounts/create-user";
import { verifyPassword } from "../auth/passwords";
import { type DomainContext, withTransaction } from "../context";
import { TolkError, notFound } from "../errors";
import { getInvitation } from "./get-invitation";

/**
 * Accepts an invitation: a new address sets its password (an account is created); an
 * existing account proves itself with its password. One transaction, and the invitation is
 * claimed first, so a link works exactly once.
 */
export async function acceptInvitation(
  ctx: DomainContext,
  options: { token: string; password: string; name?: string },
): Promise<{ userId: string; orgId: string; email: string }> {
  const invitation = await getInvitation(ctx, { token: options.token });
  return withTransaction(ctx, async (tx, txCtx) => {
    const claimed = await tx
      .update(invitations)
      .set({ acceptedAt: ctx.now() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw notFound("This invitation (it may have expired or been used)");

    const [existing] = await tx
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, invitation.email));
    let userId: string;
    if (existing) {
      if (!existing.passwordHash || !(await verifyPassword(existing.passwordHash, options.password))) {
        throw new TolkError(401, "unauthorized", "authentication_error", "The password does not match this account.");
      }
      userId = existing.id;
    } else {
      userId = (await createUser(txCtx, { email: invitation.email, password: options.password, name: options.name }))
        .id;
    }
    await tx
      .insert(memberships)
      .values({ orgId: invitation.orgId, userId, role: invitation.role, createdAt: ctx.now() })
      .onConflictDoNothing();
    return { userId, orgId: invitation.orgId, email: invitation.email };
  });
}
