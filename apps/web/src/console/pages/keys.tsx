"use client";

import { type Scope, scopes as allScopes } from "@tolk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useId, useRef, useState } from "react";

import { DataTable } from "../data-table";
import { DialogButton, Modal } from "../keys/dialog-button";
import { type ExpiryChoice, NO_EXPIRY, expiryInstant } from "../keys/expiry";
import { ExpiryPicker } from "../keys/expiry-picker";
import { relativeTime } from "../keys/relative-time";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ConfirmButton, CopyButton, Empty, ErrorState, FormError, Loading, formatDate } from "../ui";

type Key = RouterOutputs["keys"]["list"][number];

const scopeHelp: Record<Scope, string> = {
  translate: "translate text and documents",
  read: "read quota, usage, languages, formats and resources",
  write: "create, change and delete glossaries, memories, brand voices, projects",
};

/** How long a rotated key keeps working beside its replacement (the server allows up to 30 days). */
const overlaps = [
  { seconds: 0, label: "No overlap: it stops now" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 24 * 3600, label: "24 hours" },
  { seconds: 7 * 24 * 3600, label: "7 days" },
];

export default function KeysPage() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.keys.list.queryOptions());
  // Where focus goes when the element that had it leaves the page (a revoked key's row).
  const listHeading = useRef<HTMLHeadingElement>(null);
  // One rotation dialog for the page, not one per row: the rotated key's row changes (replaced,
  // perhaps expired and moved to its own table) while the dialog still shows the new key.
  const [rotating, setRotating] = useState<Key | null>(null);
  const rotated = useRef(false);
  const active = keys.data?.filter((k) => !k.expired) ?? [];
  const expired = keys.data?.filter((k) => k.expired) ?? [];
  return (
    <>
      <h1>API keys</h1>
      <CreateKey />
      <section className="card" aria-labelledby="keys-h">
        <h2 id="keys-h" ref={listHeading} tabIndex={-1}>
          Active keys
        </h2>
        {keys.isPending ? (
          <Loading what="keys" />
        ) : keys.error ? (
          <ErrorState error={keys.error} retry={() => void keys.refetch()} />
        ) : active.length === 0 ? (
          <Empty>No active keys. Create one above to call the API.</Empty>
        ) : (
          <KeyTable keys={active} listHeading={listHeading} onRotate={setRotating} />
        )}
      </section>
      {expired.length > 0 && (
        <section className="card" aria-labelledby="expired-keys-h">
          <h2 id="expired-keys-h">Expired keys</h2>
          <p className="muted">These keys are refused. Revoke one to remove it and free its name.</p>
          <KeyTable keys={expired} listHeading={listHeading} onRotate={setRotating} />
        </section>
      )}
      <Modal
        open={rotating !== null}
        title={rotating ? `Rotate “${rotating.name}” (${rotating.hint})` : ""}
        onClosed={() => {
          setRotating(null);
          // After a rotation the old row has no Rotate button to return to: the list takes focus.
          if (rotated.current) listHeading.current?.focus();
          rotated.current = false;
        }}
      >
        {(close) => rotating && <RotateForm k={rotating} close={close} onRotated={() => (rotated.current = true)} />}
      </Modal>
    </>
  );
}

function CreateKey() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Scope[]>(["translate", "read"]);
  const [expiry, setExpiry] = useState<ExpiryChoice>(NO_EXPIRY);
  const result = useRef<HTMLDivElement>(null);
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: () => {
        setName("");
        setExpiry(NO_EXPIRY);
        void queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
      },
    }),
  );
  // The new key is what the admin came for: focus moves to it, not back to the page's start.
  useEffect(() => {
    if (create.data) result.current?.focus();
  }, [create.data]);
  return (
    <section className="card" aria-labelledby="create-key-h">
      <h2 id="create-key-h">Create a key</h2>
      {create.data && (
        <div className="alert warn" role="status" data-testid="new-key" ref={result} tabIndex={-1}>
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
          {create.data.expiresAt && <p>It expires on {formatDate(create.data.expiresAt)}.</p>}
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, scopes: chosen, expiresAt: expiryInstant(expiry) });
        }}
      >
        <FormError error={create.error} />
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input
            id="key-name"
            type="text"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-describedby="key-name-help"
          />
          <span id="key-name-help" className="muted">
            Unique in this organization, so the key can be told apart in lists, the request log and the audit log.
          </span>
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
        <ExpiryPicker label="Expires" value={expiry} onChange={setExpiry} />
        <button type="submit" className="primary" disabled={create.isPending || chosen.length === 0}>
          Create key
        </button>
      </form>
    </section>
  );
}

/** An instant as the time from now ("5 minutes ago"), with the exact time on hover. */
function Ago({ at, now }: { at: Date; now: Date }) {
  return (
    <time dateTime={at.toISOString()} title={formatDate(at)}>
      {relativeTime(at, now)}
    </time>
  );
}

function KeyTable({
  keys,
  listHeading,
  onRotate,
}: {
  keys: Key[];
  listHeading: RefObject<HTMLHeadingElement | null>;
  onRotate: (key: Key) => void;
}) {
  const now = new Date();
  return (
    <DataTable columns={["Name", "Key", "Scopes", "Expires", "Last used", "Created", "Created by"]}>
      {keys.map((k) => (
        <tr key={k.id} data-testid="key-row">
          <td>
            {k.name}
            {k.replacedByHint && (
              <div className="muted">
                replaced by <code>{k.replacedByHint}</code>
              </div>
            )}
          </td>
          <td>
            <code>{k.hint}</code>
          </td>
          <td>{k.scopes.join(", ")}</td>
          <td>
            {k.expiresAt ? (
              <>
                {k.expired ? <strong>Expired</strong> : <Ago at={k.expiresAt} now={now} />}
                <div className="muted">{formatDate(k.expiresAt)}</div>
              </>
            ) : (
              "never"
            )}
          </td>
          <td>{k.lastUsedAt ? <Ago at={k.lastUsedAt} now={now} /> : "never"}</td>
          <td>{formatDate(k.createdAt)}</td>
          <td>{k.createdByEmail ?? "CLI"}</td>
          <td>
            <div className="actions">
              {!k.expired && <RenameButton k={k} />}
              {!k.expired && !k.replacedBy && (
                <button type="button" onClick={() => onRotate(k)}>
                  Rotate<span className="visually-hidden"> {k.name}</span>
                </button>
              )}
              <RevokeButton k={k} listHeading={listHeading} />
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function RenameButton({ k }: { k: Key }) {
  return (
    <DialogButton label="Rename" hiddenName={k.name} title={`Rename “${k.name}” (${k.hint})`}>
      {(close) => <RenameForm k={k} close={close} />}
    </DialogButton>
  );
}

function RenameForm({ k, close }: { k: Key; close: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState(k.name);
  const rename = useMutation(
    trpc.keys.rename.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
        close();
      },
    }),
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate({ keyId: k.id, name });
      }}
    >
      <FormError error={rename.error} />
      <div className="field">
        <label htmlFor={id}>New key name</label>
        <input
          id={id}
          type="text"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
        />
      </div>
      <p className="muted">Requests made with the key keep working; the request log and usage show the new name.</p>
      <div className="row">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={rename.isPending} aria-busy={rename.isPending}>
          Save name
        </button>
      </div>
    </form>
  );
}

function RotateForm({ k, close, onRotated }: { k: Key; close: () => void; onRotated: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [overlap, setOverlap] = useState(24 * 3600);
  const [expiry, setExpiry] = useState<ExpiryChoice>(NO_EXPIRY);
  const result = useRef<HTMLDivElement>(null);
  const rotate = useMutation(
    trpc.keys.rotate.mutationOptions({
      onSuccess: () => {
        onRotated();
        void queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
      },
    }),
  );
  useEffect(() => {
    if (rotate.data) result.current?.focus();
  }, [rotate.data]);

  if (rotate.data) {
    const { key, hint, replaced } = rotate.data;
    const stopsNow = replaced.expiresAt.getTime() <= Date.now();
    return (
      <div className="alert warn" data-testid="rotated-key" ref={result} tabIndex={-1}>
        <p>
          <strong>Copy the new key now. It will not be shown again.</strong> It is “{rotate.data.name}” ({hint}), with
          the same scopes.
        </p>
        <div className="secret">
          <code data-testid="rotated-key-value">{key}</code>
          <CopyButton text={key} label="Copy new key" />
        </div>
        <p>
          The old key ({replaced.hint}){" "}
          {stopsNow
            ? "no longer works."
            : `keeps working until ${formatDate(replaced.expiresAt)}: move your clients to the new key before then.`}
        </p>
        <button type="button" onClick={close}>
          I stored it, close
        </button>
      </div>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        rotate.mutate({ keyId: k.id, overlapSeconds: overlap, expiresAt: expiryInstant(expiry) });
      }}
    >
      <p>
        A new key named “{k.name}” with the same scopes ({k.scopes.join(", ")}) replaces this one. It is shown once.
      </p>
      <FormError error={rotate.error} />
      <div className="field">
        <label htmlFor={id}>Old key keeps working for</label>
        <select id={id} value={overlap} onChange={(e) => setOverlap(Number(e.target.value))} data-autofocus>
          {overlaps.map((o) => (
            <option key={o.seconds} value={o.seconds}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <ExpiryPicker label="New key expires" value={expiry} onChange={setExpiry} />
      <div className="row">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={rotate.isPending} aria-busy={rotate.isPending}>
          Rotate key
        </button>
      </div>
    </form>
  );
}

function RevokeButton({ k, listHeading }: { k: Key; listHeading: RefObject<HTMLHeadingElement | null> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.keys.revoke.mutationOptions());
  return (
    <ConfirmButton
      label="Revoke"
      hiddenName={k.name}
      title={`Revoke “${k.name}” (${k.hint})?`}
      body="Every request with this key fails from its next request on. This cannot be undone."
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={(close) =>
        revoke.mutate(
          { keyId: k.id },
          {
            onSuccess: () => {
              close();
              // The row, and the button that had focus, are about to go: the list takes focus.
              listHeading.current?.focus();
              void queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
            },
          },
        )
      }
    />
  );
}
