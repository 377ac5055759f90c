"use server";

import { changeOwnPassword, isTolkError } from "@tolk/domain";
import { users } from "@tolk/db";
import { eq } from "drizzle-orm";
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";

import { currentUserId, endCurrentUserSessions, signIn, signOut } from "@/server/auth/config";
import { getAppContext } from "@/server/context";

/** Signing out ends every session of the user (all browsers, all instances), so a copied cookie stops working too. */
export async function signOutEverywhere(): Promise<void> {
  await endCurrentUserSessions();
  await signOut({ redirectTo: "/sign-in" });
}

export interface PasswordState {
  error: string | null;
  field: "current" | "new" | "confirm" | null;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Changes the signed-in user's password. Every session ends with it (a stolen cookie does not
 * outlive the change); this browser is signed in again with the new password at once.
 */
export async function changePassword(_prev: PasswordState, form: FormData): Promise<PasswordState> {
  const userId = await currentUserId();
  if (!userId) redirect("/sign-in");
  const next = field(form, "new_password");
  if (next !== field(form, "confirm_password"))
    return { error: "The new password and its confirmation differ.", field: "confirm" };
  const app = await getAppContext();
  try {
    await changeOwnPassword(app.domain, {
      userId,
      currentPassword: field(form, "current_password"),
      newPassword: next,
    });
  } catch (err) {
    if (isTolkError(err) && err.status < 500)
      return { error: err.message, field: err.extra.param === "current_password" ? "current" : "new" };
    throw err;
  }
  const [user] = await app.domain.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const email = user?.email ?? "";
  try {
    // signIn answers with a redirect (thrown), which carries the new session cookie.
    await signIn("credentials", { email, password: next, redirectTo: "/account?password=changed" });
  } catch (err) {
    // Signing in again failed (e.g. too many attempts from this address): the change stands.
    if (err instanceof AuthError) redirect(`/sign-in?email=${encodeURIComponent(email)}`);
    throw err;
  }
  return { error: null, field: null };
}
