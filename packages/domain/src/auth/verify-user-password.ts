import { randomBase62, users } from "@tolk/db";
import { eq } from "drizzle-orm";

import { hashPassword, verifyPassword } from "./passwords";
import { type DomainContext } from "../context";

// The hash of a random password, made once: an unknown e-mail costs the same argon2 verify as
// a known one, so response time does not tell which addresses have accounts.
let dummyHash: Promise<string> | undefined;

/** Console sign-in: the user when the e-mail and password match, else null (never which one was wrong). */
export async function verifyUserPassword(
  ctx: DomainContext,
  options: { email: string; password: string },
): Promise<{ id: string; email: string; name: string | null } | null> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, options.email.trim().toLowerCase()));
  dummyHash ??= hashPassword(randomBase62(24));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), options.password).catch(() => false);
  return user?.passwordHash && ok ? { id: user.id, email: user.email, name: user.name } : null;
}
