"use client";

import { useQuery } from "@tanstack/react-query";
import { useActionState } from "react";

import { useTRPC } from "../trpc";
import { ErrorState, Loading } from "../ui";

interface PasswordState {
  error: string | null;
  field: "current" | "new" | "confirm" | null;
}

/** The signed-in person's own account: who they are, their password, their sessions, the API docs. */
export default function AccountPage({
  changePassword,
  signOutEverywhere,
  passwordChanged,
}: {
  changePassword: (prev: PasswordState, form: FormData) => Promise<PasswordState>;
  signOutEverywhere: () => Promise<void>;
  passwordChanged: boolean;
}) {
  const trpc = useTRPC();
  const session = useQuery(trpc.session.current.queryOptions());
  const [state, action, pending] = useActionState(changePassword, { error: null, field: null });
  if (session.isPending) return <Loading what="your account" />;
  if (session.error) return <ErrorState error={session.error} retry={() => void session.refetch()} />;
  const { user, organizations } = session.data;
  const invalid = (f: PasswordState["field"]) => (state.field === f ? true : undefined);
  return (
    <>
      <h1>Account</h1>
      <section className="card" aria-labelledby="you-h">
        <h2 id="you-h">You</h2>
        <dl className="stats">
          <div>
            <dt className="muted">E-mail</dt>
            <dd data-testid="account-email">{user?.email}</dd>
          </div>
          {user?.name && (
            <div>
              <dt className="muted">Name</dt>
              <dd>{user.name}</dd>
            </div>
          )}
          <div>
            <dt className="muted">Organizations</dt>
            <dd>{organizations.map((o) => `${o.name} (${o.role})`).join(", ") || "none"}</dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="password-h">
        <h2 id="password-h">Change password</h2>
        {passwordChanged && !state.error && (
          <p role="status" className="alert ok">
            Password changed. Every other session has been signed out.
          </p>
        )}
        {user?.hasPassword === false ? (
          <p className="muted">You sign in through your identity provider; change your password there.</p>
        ) : (
          <form action={action}>
            <p className="muted">
              Changing it signs you out everywhere else: other browsers and any copied session must sign in again.
            </p>
            {state.error && (
              <p role="alert" className="alert error">
                {state.error}
              </p>
            )}
            <input type="text" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
            <div className="field">
              <label htmlFor="current-password">Current password</label>
              <input
                id="current-password"
                name="current_password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={invalid("current")}
              />
            </div>
            <div className="field">
              <label htmlFor="new-password">New password (at least 8 characters)</label>
              <input
                id="new-password"
                name="new_password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                aria-invalid={invalid("new")}
              />
            </div>
            <div className="field">
              <label htmlFor="confirm-password">New password again</label>
              <input
                id="confirm-password"
                name="confirm_password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                aria-invalid={invalid("confirm")}
              />
            </div>
            <button type="submit" className="primary" disabled={pending} aria-busy={pending}>
              {pending ? "Changing…" : "Change password"}
            </button>
          </form>
        )}
      </section>

      <section className="card" aria-labelledby="sessions-h">
        <h2 id="sessions-h">Sessions</h2>
        <p>
          Signing out ends every session of your account at once: this browser, others, and any copy of the session
          cookie.
        </p>
        <form action={signOutEverywhere}>
          <button type="submit" className="danger">
            Sign out of all sessions
          </button>
        </form>
      </section>

      <section className="card" aria-labelledby="api-h">
        <h2 id="api-h">API</h2>
        <p>
          Call Tolk from your code with an API key: see the <a href="/docs">API reference</a>.
        </p>
      </section>
    </>
  );
}
