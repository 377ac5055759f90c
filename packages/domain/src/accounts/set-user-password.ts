import { users } from "@tolk/db";
import { eq } from "drizzle-orm";

import { endUserSessions } from "../auth/console-sessions";
import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";
import { hashPassword } from "../auth/passwords";

/** Sets (or resets) a user's console password, e.g. when the seeded admin's was lost; their console sessions end. */
export async function setUserPassword(
  ctx: DomainContext,
  options: { email: string; password: string },
): Promise<{ userId: string }> {
  if (options.password.length < 8) throw badRequest("A password needs at least 8 characters.", "password");
  const passwordHash = await hashPassword(options.password);
  return withTransaction(ctx, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.email, options.email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (!user) throw notFound(`A user with e-mail ${options.email}`);
    await endUserSessions(tx, { userId: user.id });
    return { userId: user.id };
  });
}
