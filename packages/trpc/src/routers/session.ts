import { getMembership, listUserOrganizations } from "@tolk/domain";
import { users } from "@tolk/db";
import { eq } from "drizzle-orm";

import { authedProcedure, router } from "../trpc";

export const sessionRouter = router({
  /** Who is signed in, their organizations (the switcher) and the active one with their role. */
  current: authedProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.domain.db
      .select({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, ctx.userId));
    // Whether the account page offers a password change (identity-provider users have none).
    const user = row ? { id: row.id, email: row.email, name: row.name, hasPassword: row.passwordHash !== null } : null;
    const organizations = await listUserOrganizations(ctx.domain, { userId: ctx.userId });
    const active =
      (await getMembership(ctx.domain, { userId: ctx.userId, orgId: ctx.requestedOrgId })) ??
      (await getMembership(ctx.domain, { userId: ctx.userId }));
    return {
      user,
      organizations,
      active: active ? { orgId: active.org.id, name: active.org.name, plan: active.org.plan, role: active.role } : null,
    };
  }),
});
