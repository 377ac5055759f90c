import { type DbOrTx, users } from "@tolk/db";
import { eq, sql } from "drizzle-orm";

import { hashPassword, verifyPassword } from "./passwords";
import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";

/**
 * Console sessions are stateless cookies, so ending them means changing what they are checked
 * against: each carries the user's session version from sign-in, and every console request
 * compares it with the database. Bumping the version ends all of the user's sessions on every
 * instance at the next request, with no list of sessions to keep.
 */

/** The user's current session version, or null when the user no longer exists. */
export async function getSessionVersion(ctx: DomainContext, options: { userId: string }): Promise<number | null> {
  const [row] = await ctx.db.select({ version: users.sessionVersion }).from(users).where(eq(users.id, options.userId));
  return row ? row.version : null;
}

/** Ends every console session of the user (sign-out, sign out everywhere, password or role change, removal). */
export async function endUserSessions(db: DbOrTx, options: { userId: string }): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, options.userId));
}

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The signed-in user changes their own password: the current one must match, and every session
 * (this one included) ends, so a stolen cookie does not outlive the change.
 */
export async function changeOwnPassword(
  ctx: DomainContext,
  options: { userId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  if (options.newPassword.length < MIN_PASSWORD_LENGTH)
    throw badRequest(`A password needs at least ${MIN_PASSWORD_LENGTH} characters.`, "new_password");
  if (options.newPassword.length > 200) throw badRequest("A password may have at most 200 characters.", "new_password");
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) throw notFound("Your account");
  if (!user.passwordHash)
    throw badRequest(
      "This account signs in through your identity provider; change the password there.",
      "current_password",
    );
  if (!(await verifyPassword(user.passwordHash, options.currentPassword).catch(() => false))) {
    throw badRequest("The current password is not right.", "current_password");
  }
  const passwordHash = await hashPassword(options.newPassword);
  await withTransaction(ctx, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, options.userId));
    await endUserSessions(tx, options);
  });
}
