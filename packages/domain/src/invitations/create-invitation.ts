import { invitations, memberships, users } from "@tolk/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";

import { type Role } from "../accounts/create-user";
import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { TolkError, badRequest, forbidden } from "../errors";
import { INVITATION_TTL_MS, hashInvitationToken, newInvitationToken } from "./invitation-token";

const emailSchema = z.email();

/**
 * Invites an e-mail address into an organization with a role. Returns the token for the link
 * (shown once; no mail server is needed: the inviter copies the link).
 */
export async function createInvitation(
  ctx: DomainContext,
  options: { orgId: string; email: string; role: Role; actorRole: Role; createdBy: string | null },
): Promise<{ id: string; email: string; role: Role; expiresAt: Date; token: string }> {
  const email = options.email.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw badRequest(`'${options.email}' is not an e-mail address.`, "email");
  if (options.role === "owner" && options.actorRole !== "owner") throw forbidden("Only an owner can invite an owner.");
  const [member] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.orgId, options.orgId)))
    .where(eq(users.email, email));
  if (member)
    throw new TolkError(409, "already_exists", "invalid_request_error", `${email} is already a member.`, {
      param: "email",
    });

  const token = newInvitationToken();
  const now = ctx.now();
  return withTransaction(ctx, async (tx, txCtx) => {
    const [row] = await tx
      .insert(invitations)
      .values({
        orgId: options.orgId,
        email,
        role: options.role,
        tokenHash: hashInvitationToken(token),
        createdBy: options.createdBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning({ id: invitations.id, expiresAt: invitations.expiresAt });
    if (!row) throw new Error("invitation insert returned no row");
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "member.invited",
      target: { type: "invitation", id: row.id, label: `${email} as ${options.role}` },
    });
    return { id: row.id, email, role: options.role, expiresAt: row.expiresAt, token };
  });
}
