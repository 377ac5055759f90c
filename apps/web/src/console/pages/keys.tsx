"use client";

import { type Scope, scopes as allScopes } from "@tolk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { DataTable } from "../data-table";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ConfirmButton, CopyButton, Empty, ErrorState, FormError, Loading, formatDate } from "../ui";

const scopeHelp: Record<Scope, string> = {
  translate: "translate text and documents",
  read: "read quota, usage, languages, formats and resources",
  write: "create, change and delete glossaries, memories, brand voices, projects",
};

export default function KeysPage() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.keys.list.queryOptions());
  return (
    <>
      <h1>API keys</h1>
      <CreateKey />
      <section className="card" aria-labelledby="keys-h">
        <h2 id="keys-h">Active keys</h2>
        {keys.isPending ? (
          <Loading what="keys" />
        ) : keys.error ? (
          <ErrorState error={keys.error} retry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <Empty>No active keys. Create one above to call the API.</Empty>
        ) : (
          <KeyTable keys={keys.data} />
        )}
      </section>
    </>
  );
}

function CreateKey() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Scope[]>(["translate", "read"]);
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: () => {
        setName("");
        void queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
      },
    }),
  );
  return (
    <section className="card" aria-labelledby="create-key-h">
      <h2 id="create-key-h">Create a key</h2>
      {create.data && (
        <div className="alert warn" role="status" data-testid="new-key">
          <p>
            <strong>Copy this key now. It will not be shown again</strong>: Tolk keeps only a hash of it.
          </p>
          <div className="secret">
            <code data-testid="new-key-value">{create.data.key}</code>
            <CopyButton text={create.data.key} label="Copy key" />
            <button type="button" onClick={() => create.reset()}>
              I stored it, hide it
            </button>
          </div>
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, scopes: chosen });
        }}
      >
        <FormError error={create.error} />
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input id="key-name" type="text" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <fieldset>
          <legend>Scopes</legend>
          {allScopes.map((s) => (
            <div key={s}>
              <input
                id={`scope-${s}`}
                type="checkbox"
                checked={chosen.includes(s)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, s] : chosen.filter((c) => c !== s))}
              />{" "}
              <label htmlFor={`scope-${s}`}>
                <code>{s}</code> <span className="muted">: {scopeHelp[s]}</span>
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="primary" disabled={create.isPending || chosen.length === 0}>
          Create key
        </button>
      </form>
    </section>
  );
}

function KeyTable({ keys }: { keys: RouterOutputs["keys"]["list"] }) {
  return (
    <DataTable columns={["Name", "Key", "Scopes", "Created", "Last used", "Created by"]}>
      {keys.map((k) => (
        <tr key={k.id}>
          <td>{k.name}</td>
          <td>
            <code>{k.hint}</code>
          </td>
          <td>{k.scopes.join(", ")}</td>
          <td>{formatDate(k.createdAt)}</td>
          <td>{formatDate(k.lastUsedAt)}</td>
          <td>{k.createdByEmail ?? "CLI"}</td>
          <td>
            <RevokeButton keyId={k.id} name={k.name} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function RevokeButton({ keyId, name }: { keyId: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.keys.revoke.mutationOptions());
  return (
    <ConfirmButton
      label="Revoke"
      hiddenName={name}
      title={`Revoke “${name}”?`}
      body="Every request with this key fails from its next request on. This cannot be undone."
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={(close) =>
        revoke.mutate(
          { keyId },
          {
            onSuccess: () => {
              close();
              void queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
            },
          },
        )
      }
    />
  );
}
