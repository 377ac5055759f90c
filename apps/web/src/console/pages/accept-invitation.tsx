"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";

import { signInWithPassword } from "../../../app/sign-in/actions";
import { useTRPC } from "../trpc";
import { ErrorState, FormError, Loading, errorStatus } from "../ui";

export function AcceptInvitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const invitation = useQuery(trpc.invitations.get.queryOptions({ token }));
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  // Set when joining worked but signing in did not (a rate limit, say): the link to sign in by hand.
  const [signInError, setSignInError] = useState<string | null>(null);

  // The new member has just typed their password: sign them in with it and open the dashboard
  // (the action redirects, and the router leaves this page), instead of asking for it again.
  async function signInAfterJoining(email: string) {
    const form = new FormData();
    form.set("email", email);
    form.set("password", password);
    form.set("next", "/dashboard");
    const state = (await signInWithPassword({ error: null, email }, form)) as { error: string | null } | undefined;
    if (state?.error) setSignInError(state.error);
  }

  if (invitation.isPending) return <Loading what="the invitation" />;
  if (invitation.error)
    return errorStatus(invitation.error) === 404 ? <InvitationGone /> : <ErrorState error={invitation.error} />;
  const inv = invitation.data;
  if (accept.data) {
    return (
      <div className="alert ok" role="status">
        You joined {inv.orgName}.{" "}
        {signInError === null ? (
          "Signing you in…"
        ) : (
          <>
            {signInError} <Link href={`/sign-in?email=${encodeURIComponent(accept.data.email)}`}>Sign in</Link>
          </>
        )}
      </div>
    );
  }
  return (
    <>
      <h1>Join {inv.orgName}</h1>
      <p>
        {inv.email} is invited as <strong>{inv.role}</strong>.
      </p>
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          accept.mutate(
            { token, password, name: name || undefined },
            { onSuccess: (joined) => void signInAfterJoining(joined.email) },
          );
        }}
      >
        <FormError error={accept.error} />
        {!inv.hasAccount && (
          <div className="field">
            <label htmlFor="name">Your name (optional)</label>
            <input id="name" type="text" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </div>
        )}
        <div className="field">
          <label htmlFor="password">
            {inv.hasAccount ? "Your password" : "Choose a password (at least 8 characters)"}
          </label>
          <input
            id="password"
            type="password"
            required
            minLength={inv.hasAccount ? 1 : 8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={inv.hasAccount ? "current-password" : "new-password"}
          />
        </div>
        <button type="submit" className="primary" disabled={accept.isPending}>
          Accept invitation
        </button>
      </form>
    </>
  );
}

/** An accepted, expired, withdrawn or mistyped link: what happened and where to go instead. */
function InvitationGone() {
  return (
    <>
      <h1>This invitation link no longer works</h1>
      <p>
        It has already been used, has expired, or was withdrawn by an admin. Each invitation link works once, for a
        limited time.
      </p>
      <ul>
        <li>
          If you accepted it already, <Link href="/sign-in">sign in</Link> with the e-mail address it was sent to.
        </li>
        <li>Otherwise ask an admin of the organization for a new invitation link.</li>
      </ul>
      <p>
        <Link href="/sign-in" className="button primary">
          Sign in
        </Link>
      </p>
    </>
  );
}
