import { invitations, users } from "@tolk/db";
import { and, eq, gt, isNull } from "drizzle-orm";

import { type DomainContext } from "../context";

/**
 * Console sign-in through an OpenID Connect provider: the user with this subject, else the
 * user with this (verified) e-mail, whom the subject is then linked to, else a new user when a
 * pending invitation names the e-mail (they accept it from its link). Anyone else: null.
 */
export async function resolveIdentityProviderUser(
  ctx: DomainContext,
  options: { subject: string; email: string | null; emailVerified: boolean; name: string | null },
): Promise<{ id: string; email: string } | null> {
  const [bySubject] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.idpSubject, options.subject));
  if (bySubject) return bySubject;
  if (!options.email || !options.emailVerified) return null;
  const email = options.email.trim().toLowerCase();
  const [byEmail] = await ctx.db
    .select({ id: users.id, idpSubject: users.idpSubject })
    .from(users)
    .where(eq(users.email, email));
  if (byEmail) {
    if (byEmail.idpSubject && byEmail.idpSubject !== options.subject) return null;
    await ctx.db.update(users).set({ idpSubject: options.subject }).where(eq(users.id, byEmail.id));
    return { id: byEmail.id, email };
  }
  const [invited] = await ctx.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), gt(invitations.expiresAt, ctx.now())));
  if (!invited) return null;
  const [created] = await ctx.db
    .insert(users)
    .values({ email, name: options.name, idpSubject: options.subject, createdAt: ctx.now() })
    .returning({ id: users.id, email: users.email });
  return created ?? null;
}
