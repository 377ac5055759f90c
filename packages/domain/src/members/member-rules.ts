import { type Transaction, memberships } from "@tolk/db";
import { and, count, eq, sql } from "drizzle-orm";

import { type Role } from "../accounts/create-user";
import { forbidden, notFound } from "../errors";

/**
 * Locks the organization's memberships and returns the target's role (404 when not a member),
 * after checking the rules every role change and removal shares: only an owner may touch an
 * owner or make one, and an organization never loses its last owner.
 */
export async function lockAndCheckMemberChange(
  tx: Transaction,
  options: { orgId: string; actorRole: Role; userId: string; newRole: Role | null },
): Promise<Role> {
  // Serialises concurrent changes of one organization, so two demotions cannot both pass the
  // last-owner check.
  await tx.execute(sql`select id from organizations where id = ${options.orgId} for update`);
  const [target] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, options.orgId), eq(memberships.userId, options.userId)));
  if (!target) throw notFound("Member");
  if ((target.role === "owner" || options.newRole === "owner") && options.actorRole !== "owner") {
    throw forbidden("Only an owner can change an owner's role or make someone an owner.");
  }
  if (target.role === "owner" && options.newRole !== "owner") {
    const [owners] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.orgId, options.orgId), eq(memberships.role, "owner")));
    if ((owners?.n ?? 0) <= 1)
      throw forbidden("An organization needs at least one owner; make someone else owner first.");
  }
  return target.role;
}
