"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { DataTable } from "../data-table";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ConfirmButton, ConfirmDialog, CopyButton, Empty, ErrorState, FormError, Loading, formatDate } from "../ui";

type Role = "owner" | "admin" | "member";
const ROLES: Role[] = ["member", "admin", "owner"];
/** What a role change means, said in the confirmation before it takes effect. */
const ROLE_MEANS: Record<Role, string> = {
  member:
    "Members translate and manage glossaries, memories and brand voices; they lose access to API keys, members, settings and the logs at once.",
  admin: "Admins manage API keys, members, settings and the logs, as well as everything a member does.",
  owner: "Owners can do everything an admin does; only an owner can make someone an owner or change an owner's role.",
};

export default function MembersPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.members.list.queryOptions());
  return (
    <>
      <h1>Members</h1>
      <Invite />
      {list.isPending ? (
        <Loading what="members" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          <MemberTable members={list.data.members} />
          <PendingInvitations invitations={list.data.invitations} />
        </>
      )}
    </>
  );
}

function useInvalidateMembers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
}

function Invite() {
  const trpc = useTRPC();
  const invalidate = useInvalidateMembers();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: () => {
        setEmail("");
        invalidate();
      },
    }),
  );
  const link = invite.data ? `${window.location.origin}/invite/${invite.data.token}` : null;
  return (
    <section className="card" aria-labelledby="invite-h">
      <h2 id="invite-h">Invite someone</h2>
      {invite.data && link && (
        <div className="alert warn" role="status" data-testid="invitation">
          <p>
            Send this link to <strong>{invite.data.email}</strong>. It works once, until{" "}
            {formatDate(invite.data.expiresAt)}, and is not shown again.
          </p>
          <div className="secret">
            <code data-testid="invitation-link">{link}</code>
            <CopyButton text={link} label="Copy link" />
          </div>
        </div>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate({ email, role });
        }}
      >
        <div className="field">
          <label htmlFor="invite-email">E-mail</label>
          <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <button type="submit" className="primary" disabled={invite.isPending}>
            Create invitation link
          </button>
        </div>
      </form>
      <FormError error={invite.error} />
    </section>
  );
}

function MemberTable({ members }: { members: RouterOutputs["members"]["list"]["members"] }) {
  return (
    <section className="card" aria-labelledby="members-h">
      <h2 id="members-h">Members</h2>
      <DataTable columns={["E-mail", "Name", "Role", "Joined"]}>
        {members.map((m) => (
          <MemberRow key={m.userId} member={m} />
        ))}
      </DataTable>
    </section>
  );
}

function MemberRow({ member }: { member: RouterOutputs["members"]["list"]["members"][number] }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateMembers();
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSettled: invalidate }));
  const remove = useMutation(trpc.members.remove.mutationOptions());
  const selectId = `role-${member.userId}`;
  // The role chosen in the list, waiting for confirmation; null when nothing is being changed.
  const [newRole, setNewRole] = useState<Role | null>(null);
  return (
    <tr>
      <td>{member.email}</td>
      <td>{member.name ?? ""}</td>
      <td>
        <label htmlFor={selectId} className="visually-hidden">
          Role of {member.email}
        </label>
        <select
          id={selectId}
          value={newRole ?? member.role}
          disabled={changeRole.isPending}
          onChange={(e) => {
            changeRole.reset();
            setNewRole(e.target.value as Role);
          }}
        >
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        <ConfirmDialog
          open={newRole !== null}
          safe
          title={`Change the role of ${member.email} to ${newRole ?? member.role}?`}
          body={newRole ? ROLE_MEANS[newRole] : ""}
          confirmLabel="Change role"
          pending={changeRole.isPending}
          error={changeRole.error}
          onCancel={() => setNewRole(null)}
          onConfirm={(close) =>
            newRole &&
            changeRole.mutate(
              { userId: member.userId, role: newRole },
              {
                onSuccess: () => {
                  close();
                  setNewRole(null);
                },
              },
            )
          }
        />
        <FormError error={changeRole.error} />
      </td>
      <td>{formatDate(member.joinedAt)}</td>
      <td>
        <ConfirmButton
          label="Remove"
          hiddenName={member.email}
          title={`Remove ${member.email}?`}
          body="They lose access to this organization at once and are signed out everywhere. Their API keys stay until revoked."
          confirmLabel="Remove member"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={(close) =>
            remove.mutate(
              { userId: member.userId },
              {
                onSuccess: () => {
                  close();
                  invalidate();
                },
              },
            )
          }
        />
      </td>
    </tr>
  );
}

function PendingInvitations({ invitations }: { invitations: RouterOutputs["members"]["list"]["invitations"] }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateMembers();
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: invalidate }));
  return (
    <section className="card" aria-labelledby="pending-h">
      <h2 id="pending-h">Pending invitations</h2>
      <FormError error={revoke.error} />
      {invitations.length === 0 ? (
        <Empty>No pending invitations.</Empty>
      ) : (
        <DataTable columns={["E-mail", "Role", "Expires"]}>
          {invitations.map((i) => (
            <tr key={i.id}>
              <td>{i.email}</td>
              <td>{i.role}</td>
              <td>{formatDate(i.expiresAt)}</td>
              <td>
                <button type="button" onClick={() => revoke.mutate({ invitationId: i.id })} disabled={revoke.isPending}>
                  Withdraw
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
