import { memberships, users } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../context";

/** An organization's members with their role, in the order they joined. */
export async function listMembers(ctx: DomainContext, options: { orgId: string }) {
  return ctx.db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, options.orgId))
    .orderBy(memberships.createdAt, users.email);
}
