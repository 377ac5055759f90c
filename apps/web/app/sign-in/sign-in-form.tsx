"use client";

import { useActionState } from "react";

import { type SignInState, signInWithPassword } from "./actions";

export function SignInForm({ email, next }: { email: string; next: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInWithPassword, { error: null, email });
  return (
    <form action={action} className="card">
      <input type="hidden" name="next" value={next} />
      {state.error && (
        <p role="alert" className="alert error">
          {state.error}
        </p>
      )}
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" autoComplete="username" required defaultValue={state.email} />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <button type="submit" className="primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
