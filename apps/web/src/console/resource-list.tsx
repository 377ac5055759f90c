"use client";

import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryResult,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

import { DataTable, ListStates } from "./data-table";
import { useTRPC } from "./trpc";
import { ConfirmButton } from "./ui";

/** How a list deletes one of its resources: the dialog's text and the resource's tRPC delete procedure. */
export interface RemoveResource<T, TData, TError, TContext> {
  body: (item: T) => string;
  confirmLabel: string;
  options: UseMutationOptions<TData, TError, { id: string }, TContext>;
  onDeleted: (item: T) => void;
}

/**
 * An organization's resources (glossaries, memories, brand voices) in a card: one row each, with
 * its actions and, last, its Delete.
 */
export function ResourceList<T extends { id: string; name: string }, E, TData, TError, TContext>({
  headingId,
  heading,
  list,
  what,
  empty,
  columns,
  cells,
  actions,
  remove,
}: {
  headingId: string;
  heading: string;
  list: UseQueryResult<{ items: T[] }, E>;
  what: string;
  empty: ReactNode;
  columns: readonly string[];
  cells: (item: T) => ReactNode;
  actions: (item: T) => ReactNode;
  remove: RemoveResource<T, TData, TError, TContext>;
}) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ListStates query={list} what={what} empty={empty}>
        {(data) => (
          <DataTable columns={columns}>
            {data.items.map((item) => (
              <tr key={item.id}>
                {cells(item)}
                <td>
                  <div className="actions">
                    {actions(item)}
                    <DeleteResource
                      id={item.id}
                      name={item.name}
                      body={remove.body(item)}
                      confirmLabel={remove.confirmLabel}
                      options={remove.options}
                      onDeleted={() => remove.onDeleted(item)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>
    </section>
  );
}

/** A row's button; the hidden resource name makes its accessible name unique in the table (“Edit Brand terms”). */
export function RowButton({
  label,
  name,
  expanded,
  onClick,
}: {
  label: string;
  name: string;
  expanded?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" aria-expanded={expanded} onClick={onClick}>
      {label} <span className="visually-hidden">{name}</span>
    </button>
  );
}

/** Opens the row's resource in the editor below the list, or closes it again. */
export function EditToggle({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  return <RowButton label={open ? "Close" : "Edit"} name={name} expanded={open} onClick={onToggle} />;
}

/** Invalidates the queries a change touches (a resource's entries, the list's counts). */
export function useInvalidate(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/** Invalidates a resource listing and the quota, whose counts of resources change with it. */
export function useRefreshResources(listKey: QueryKey) {
  const trpc = useTRPC();
  return useInvalidate(listKey, trpc.dashboard.quota.queryKey());
}

/** Which resource of a list is open in the editor below it: a new one opens, a deleted one closes. */
export function useOpenResource(listKey: QueryKey) {
  const refresh = useRefreshResources(listKey);
  const [openId, setOpenId] = useState<string | null>(null);
  return {
    openId,
    toggle: (id: string) => setOpenId(openId === id ? null : id),
    created: (id: string) => {
      setOpenId(id);
      refresh();
    },
    deleted: () => {
      setOpenId(null);
      refresh();
    },
  };
}

/** Deletes one resource after confirmation; `options` is the resource's tRPC delete procedure. */
export function DeleteResource<TData, TError, TContext>({
  id,
  name,
  body,
  confirmLabel,
  options,
  onDeleted,
}: {
  id: string;
  name: string;
  body: string;
  confirmLabel: string;
  options: UseMutationOptions<TData, TError, { id: string }, TContext>;
  onDeleted: () => void;
}) {
  const remove = useMutation(options);
  return (
    <ConfirmButton
      label="Delete"
      title={`Delete “${name}”?`}
      body={body}
      confirmLabel={confirmLabel}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={(close) =>
        remove.mutate(
          { id },
          {
            onSuccess: () => {
              close();
              onDeleted();
            },
          },
        )
      }
    />
  );
}

/** Deletes one entry of a resource (a glossary term, a memory unit) after confirmation. */
export function DeleteItem({
  what,
  name,
  pending,
  error,
  onDelete,
}: {
  what: string;
  name: string;
  pending: boolean;
  error: unknown;
  onDelete: (done: () => void) => void;
}) {
  const short = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  return (
    <ConfirmButton
      label="Delete"
      hiddenName={`${what} ${short}`}
      title={`Delete this ${what}?`}
      body={`“${short}” is deleted from this ${what === "entry" ? "glossary" : "memory"}; translations stop using it. This cannot be undone.`}
      confirmLabel={`Delete ${what}`}
      pending={pending}
      error={error}
      onConfirm={onDelete}
    />
  );
}
