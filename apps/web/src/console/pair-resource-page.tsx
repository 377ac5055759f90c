"use client";

import {
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryResult,
} from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, useState } from "react";

import { CreateResourceForm } from "./create-resource-form";
import { DataTable, ListStates } from "./data-table";
import { DeleteItem, EditToggle, type RemoveResource, ResourceList, useOpenResource } from "./resource-list";
import { ImportForm } from "./resource-parts";
import { FormError, saveFile } from "./ui";

interface PairResource {
  id: string;
  name: string;
  source_lang: string;
  target_lang: string;
}

type CreateRequest = { name: string; source_lang: string; target_lang: string };

/**
 * The page of a resource for one language pair (glossaries, translation memories): the create
 * form, the list with each row's Edit and Delete, and the editor of the open one below it (a
 * created resource opens, a deleted one closes).
 */
export function PairResourcePage<
  T extends PairResource,
  E,
  TCreated extends { id: string },
  TCreateError,
  TCreateContext,
  TData,
  TError,
  TContext,
>({
  title,
  list,
  listKey,
  create,
  remove,
  editor,
  columns,
  cells,
  ...listing
}: {
  title: string;
  list: UseQueryResult<{ items: T[] }, E>;
  listKey: QueryKey;
  create: Omit<ComponentProps<typeof CreateResourceForm>, "options"> & {
    /** The tRPC create procedure's options with this `onSuccess`. */
    options: (
      onSuccess: (created: { id: string }) => void,
    ) => UseMutationOptions<TCreated, TCreateError, CreateRequest, TCreateContext>;
  };
  remove: Omit<RemoveResource<T, TData, TError, TContext>, "onDeleted">;
  editor: (open: T) => ReactNode;
  /** The columns after Name and Languages, and their cells. */
  columns: readonly string[];
  cells: (item: T) => ReactNode;
} & Pick<ComponentProps<typeof ResourceList>, "headingId" | "heading" | "what" | "empty">) {
  const open = useOpenResource(listKey);
  const opened = list.data?.items.find((r) => r.id === open.openId);
  return (
    <>
      <h1>{title}</h1>
      <CreateResourceForm {...create} options={create.options((created) => open.created(created.id))} />
      <ResourceList
        {...listing}
        columns={["Name", "Languages", ...columns]}
        cells={(r) => (
          <>
            <td>{r.name}</td>
            <td>
              {r.source_lang} → {r.target_lang}
            </td>
            {cells(r)}
          </>
        )}
        list={list}
        actions={(r) => <EditToggle name={r.name} open={open.openId === r.id} onToggle={() => open.toggle(r.id)} />}
        remove={{ ...remove, onDeleted: open.deleted }}
      />
      {opened && editor(opened)}
    </>
  );
}

/** The editor of one pair resource: a card headed by its name and language pair. */
export function PairEditorCard({
  headingId,
  resource,
  children,
}: {
  headingId: string;
  resource: PairResource;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {resource.name}{" "}
        <span className="muted">
          ({resource.source_lang} → {resource.target_lang})
        </span>
      </h2>
      {children}
    </section>
  );
}

/** The source and target fields of a new entry or unit: one-line inputs, or textareas for sentences. */
export function SourceTargetFields({
  ids,
  labels,
  multiline = false,
  value,
  onChange,
}: {
  ids: { source: string; target: string };
  labels: { source: string; target: string };
  multiline?: boolean;
  value: { source: string; target: string };
  onChange: (value: { source: string; target: string }) => void;
}) {
  return (["source", "target"] as const).map((side) => {
    const set = (e: { target: { value: string } }) => onChange({ ...value, [side]: e.target.value });
    return (
      <div className="field" key={side}>
        <label htmlFor={ids[side]}>{labels[side]}</label>
        {multiline ? (
          <textarea id={ids[side]} required rows={2} style={{ minHeight: "3rem" }} value={value[side]} onChange={set} />
        ) : (
          <input id={ids[side]} type="text" required value={value[side]} onChange={set} />
        )}
      </div>
    );
  });
}

/**
 * The entries of a pair resource (a glossary's terms, a memory's units), source and target, each
 * with its Delete; past the first page, a note to export the resource for the rest.
 */
export function ResourceItems<I extends { id: string; source: string; target: string }, E>({
  query,
  what,
  one,
  resource,
  empty,
  columns,
  remove,
}: {
  query: UseQueryResult<{ items: I[]; has_more: boolean }, E>;
  /** "entries", "units" */
  what: string;
  /** "entry", "unit": what a row's Delete names */
  one: string;
  /** "glossary", "memory" */
  resource: string;
  empty: string;
  columns: readonly [string, string];
  /** The delete procedure's state, and how to delete one item (`done` closes the dialog). */
  remove: { mutation: { isPending: boolean; error: unknown }; delete: (item: I, done: () => void) => void };
}) {
  return (
    <ListStates query={query} what={what} empty={empty}>
      {(data) => (
        <DataTable
          columns={columns}
          footer={
            data.has_more && (
              <p className="muted">
                Showing the first {data.items.length} {what}; export the {resource} to see them all.
              </p>
            )
          }
        >
          {data.items.map((item) => (
            <tr key={item.id}>
              <td>{item.source}</td>
              <td>{item.target}</td>
              <td>
                <DeleteItem
                  what={one}
                  name={item.source}
                  pending={remove.mutation.isPending}
                  error={remove.mutation.error}
                  onDelete={(done) => remove.delete(item, done)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListStates>
  );
}

/**
 * A pair resource's "Import and export": the import form, then `exportControls` whose file
 * `useExportFile` saves, then an export's failure.
 */
export function ImportExport({
  resourceId,
  accept,
  formats,
  importFile,
  exportError,
  children,
}: {
  resourceId: string;
  accept: string;
  formats: readonly string[];
  importFile: Pick<
    UseMutationResult<{ imported: number; skipped: number }, unknown, FormData>,
    "isPending" | "error" | "data" | "mutate"
  >;
  exportError: unknown;
  children: ReactNode;
}) {
  return (
    <>
      <h3>Import and export</h3>
      <ImportForm
        resourceId={resourceId}
        accept={accept}
        formats={formats}
        pending={importFile.isPending}
        error={importFile.error}
        result={importFile.data}
        onImport={(form) => importFile.mutate(form)}
      />
      {children}
      <FormError error={exportError} />
    </>
  );
}

/** An export made on request: `save` fetches the file and hands it to the browser; `error` is its failure, if any. */
export function useExportFile() {
  const [error, setError] = useState<unknown>(null);
  return {
    error,
    save: (file: () => Promise<{ body: string; contentType: string; filename: string }>) => {
      setError(null);
      file().then(saveFile, setError);
    },
  };
}
