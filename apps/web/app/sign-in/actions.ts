"use server";

import { AuthError, CredentialsSignin } from "next-auth";

import { safeReturnPath } from "@/console/return-path";
import { SignInRateLimited, signIn } from "@/server/auth/config";

/** A text field of a submitted form ("" when missing or a file). */
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Where to go after signing in: the page first asked for, checked again here since a form can carry anything. */
const returnPath = (form: FormData) => safeReturnPath(field(form, "next")) ?? "/dashboard";

export interface SignInState {
  error: string | null;
  email: string;
}

/** Password sign-in. A wrong e-mail and a wrong password get the same answer. */
export async function signInWithPassword(_prev: SignInState, form: FormData): Promise<SignInState> {
  const email = field(form, "email");
  try {
    await signIn("credentials", { email, password: field(form, "password"), redirectTo: returnPath(form) });
    return { error: null, email };
  } catch (err) {
    // signIn redirects by throwing; only Auth.js's own errors mean the sign-in failed.
    if (err instanceof AuthError) {
      if (err instanceof SignInRateLimited || (err instanceof CredentialsSignin && err.code === "rate_limited")) {
        return { error: "Too many sign-in attempts from your address. Wait a minute and try again.", email };
      }
      return {
        error: err.type === "CredentialsSignin" ? "The e-mail or password is not right." : "Sign-in failed. Try again.",
        email,
      };
    }
    throw err;
  }
}

export async function signInWithProvider(form: FormData): Promise<void> {
  await signIn(field(form, "provider"), { redirectTo: returnPath(form) });
}
