import { memberships, organizations, users } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Role } from "../accounts/create-user";
import { type PrincipalOrg, principalOrgColumns } from "../auth/principal";
import { type DomainContext } from "../context";

export interface Membership {
  userId: string;
  role: Role;
  org: PrincipalOrg & { name: string; idpOrgId: string | null; localizationTerms: boolean };
}

/**
 * The user's membership of one organization, or, without `orgId`, of their oldest one; null
 * when they are not a member. Read on every console request, so a role change or a removal
 * takes effect on the next click.
 */
export async function getMembership(
  ctx: DomainContext,
  options: { userId: string; orgId?: string | null },
): Promise<Membership | null> {
  const conditions = [eq(memberships.userId, options.userId)];
  if (options.orgId) conditions.push(eq(memberships.orgId, options.orgId));
  const [row] = await ctx.db
    .select({
      role: memberships.role,
      org: {
        ...principalOrgColumns,
        name: organizations.name,
        idpOrgId: organizations.idpOrgId,
        localizationTerms: organizations.localizationTerms,
      },
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(and(...conditions))
    .orderBy(memberships.createdAt, memberships.orgId)
    .limit(1);
  return row ? { userId: options.userId, role: row.role, org: row.org } : null;
}

/** A user's e-mail (the audit log names console actors by it); null for an unknown id. */
export async function getUserEmail(ctx: DomainContext, options: { userId: string }): Promise<string | null> {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
  return row?.email ?? null;
}
