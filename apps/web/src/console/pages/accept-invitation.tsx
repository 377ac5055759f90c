"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";

import { useTRPC } from "../trpc";
import { ErrorState, FormError, Loading } from "../ui";

export function AcceptInvitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const invitation = useQuery(trpc.invitations.get.queryOptions({ token }));
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");

  if (invitation.isPending) return <Loading what="the invitation" />;
  if (invitation.error) return <ErrorState error={invitation.error} />;
  const inv = invitation.data;
  if (accept.data) {
    return (
      <div className="alert ok" role="status">
        You joined {inv.orgName}. <Link href={`/sign-in?email=${encodeURIComponent(accept.data.email)}`}>Sign in</Link>
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
          accept.mutate({ token, password, name: name || undefined });
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
          <label htmlFor="password">{inv.hasAccount ? "Your password" : "Choose a password (at least 8 characters)"}</label>
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
