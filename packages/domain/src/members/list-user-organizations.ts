import { memberships, organizations } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../context";

/** The organizations a user belongs to, with their role, oldest membership first (the org switcher). */
export async function listUserOrganizations(ctx: DomainContext, options: { userId: string }) {
  return ctx.db
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(eq(memberships.userId, options.userId))
    .orderBy(memberships.createdAt, memberships.orgId);
}
