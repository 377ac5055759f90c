import {
  endUserSessions,
  getAppSecret,
  getSessionVersion,
  resolveIdentityProviderUser,
  verifyUserPassword,
} from "@tolk/domain";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { cache } from "react";
import { z } from "zod";

import { oidcConfig } from "@/env";
import { getAppContext } from "@/server/context";
import { clientAddress } from "@/server/v1/request-input";

const credentials = z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(200) });

export const OIDC_PROVIDER_ID = "oidc";

/** Too many sign-in attempts from one address: the action tells the person to wait. */
export class SignInRateLimited extends CredentialsSignin {
  override code = "rate_limited";
}
const SESSION_MAX_AGE_SEC = 8 * 3600;

/**
 * Auth.js, configured per request (lazily, so `next build` never opens the database): e-mail
 * and password by default, plus an OpenID Connect provider when OIDC_* are set. Sessions are
 * a signed, encrypted, httpOnly SameSite=Lax cookie holding our user id and the user's session
 * version at sign-in; every read of the session compares that version with the database, so
 * bumping it (sign-out, password or role change, removal) ends the session everywhere. Auth.js's
 * own endpoints carry its double-submit CSRF token.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async (): Promise<NextAuthConfig> => {
  const app = await getAppContext();
  const oidc = oidcConfig(app.env);
  return {
    secret: app.env.AUTH_SECRET ?? (await getAppSecret(app.domain, "console_session_secret")),
    // Self-hosted behind any proxy: the host header names the deployment.
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      Credentials({
        credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
        authorize: async (input, request) => {
          // Password guessing spends the same per-address budget as failed /v1 credentials.
          if (!(await app.limiter.consumeAnonymous(clientAddress(request, app.env.TOLK_PROXY_HOPS))).allowed)
            throw new SignInRateLimited();
          const parsed = credentials.safeParse(input);
          if (!parsed.success) return null;
          const user = await verifyUserPassword(app.domain, parsed.data);
          return user ? { id: user.id, email: user.email, name: user.name } : null;
        },
      }),
      ...(oidc
        ? [
            {
              id: OIDC_PROVIDER_ID,
              name: oidc.name,
              type: "oidc" as const,
              issuer: oidc.issuer,
              clientId: oidc.clientId,
              clientSecret: oidc.clientSecret,
            },
          ]
        : []),
    ],
    callbacks: {
      // An identity-provider user signs in only when Tolk knows them (or an invitation names them).
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        return Boolean(profile?.sub && (await resolveOidcUser(profile)));
      },
      // Runs at sign-in (with `user`) and on every read of the session. Returning null clears
      // the cookie: the session has ended. Nothing the browser sends on an update is trusted.
      async jwt({ token, user, account, profile }) {
        const signingIn = Boolean(user);
        if (account?.provider === OIDC_PROVIDER_ID && profile) {
          const resolved = await resolveOidcUser(profile);
          if (resolved) token.uid = resolved.id;
        } else if (user?.id) {
          token.uid = user.id;
        }
        if (typeof token.uid !== "string") return token;
        const version = await getSessionVersion(app.domain, { userId: token.uid });
        if (version === null) return null;
        if (signingIn) token.sv = version;
        // A session issued before versions existed counts as version 0.
        return (typeof token.sv === "number" ? token.sv : 0) === version ? token : null;
      },
      session({ session, token }) {
        if (typeof token.uid === "string") session.user.id = token.uid;
        return session;
      },
    },
  };

  function resolveOidcUser(profile: {
    sub?: string | null;
    email?: string | null;
    email_verified?: unknown;
    name?: string | null;
  }) {
    if (!profile.sub) return Promise.resolve(null);
    return resolveIdentityProviderUser(app.domain, {
      subject: profile.sub,
      email: profile.email ?? null,
      emailVerified: profile.email_verified === true,
      name: profile.name ?? null,
    });
  }
});

/**
 * The signed-in user's id, or null (also when the session has ended). Checks the session version
 * against the database once per request, however many server components ask.
 */
export const currentUserId = cache(async (): Promise<string | null> => {
  const session = await auth();
  return session?.user?.id ?? null;
});

/** Ends every session of the signed-in user (this one included) on every instance. */
export async function endCurrentUserSessions(): Promise<void> {
  const userId = await currentUserId();
  if (userId) await endUserSessions((await getAppContext()).domain.db, { userId });
}

/** Names of the providers the sign-in page offers besides e-mail and password. */
export async function externalProviders(): Promise<{ id: string; name: string }[]> {
  const oidc = oidcConfig((await getAppContext()).env);
  return oidc ? [{ id: OIDC_PROVIDER_ID, name: oidc.name }] : [];
}
