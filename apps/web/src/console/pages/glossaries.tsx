"use client";

import { glossaryFileFormats } from "@tolk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { CreateResourceForm } from "../create-resource-form";
import { DataTable, ListStates } from "../data-table";
import { DeleteItem, DeleteResource, EditToggle, ResourceList, useOpenResource } from "../resource-list";
import { ImportForm } from "../resource-parts";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { FormError, countOf, formatDate, formatNumber, saveFile } from "../ui";

type Glossary = RouterOutputs["glossaries"]["list"]["items"][number];

export default function GlossariesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.glossaries.list.queryOptions());
  const editor = useOpenResource(trpc.glossaries.list.queryKey());
  const open = list.data?.items.find((g) => g.id === editor.openId);
  return (
    <>
      <h1>Glossaries</h1>
      <CreateResourceForm
        headingId="create-glossary-h"
        heading="Create a glossary"
        nameId="glossary-name"
        nameLabel="Glossary name"
        submitLabel="Create glossary"
        options={trpc.glossaries.create.mutationOptions({ onSuccess: (g) => editor.created(g.id) })}
      />
      <ResourceList
        headingId="glossaries-h"
        heading="Your glossaries"
        list={list}
        what="glossaries"
        empty="No glossaries yet. A glossary fixes how terms are translated; create one above or import a CSV, TSV or TBX file into it."
        columns={["Name", "Languages", "Entries", "Updated"]}
        cells={(g) => (
          <>
            <td>{g.name}</td>
            <td>
              {g.source_lang} → {g.target_lang}
            </td>
            <td>{formatNumber(g.entry_count)}</td>
            <td>{formatDate(g.updated_at)}</td>
          </>
        )}
        actions={(g) => (
          <>
            <EditToggle name={g.name} open={editor.openId === g.id} onToggle={() => editor.toggle(g.id)} />
            <DeleteResource
              id={g.id}
              name={g.name}
              body={`Its ${countOf(g.entry_count, "entry", "entries")} are deleted with it, and requests naming it are refused. This cannot be undone.`}
              confirmLabel="Delete glossary"
              options={trpc.glossaries.delete.mutationOptions()}
              onDeleted={editor.deleted}
            />
          </>
        )}
      />
      {open && <GlossaryEditor key={open.id} glossary={open} />}
    </>
  );
}

function GlossaryEditor({ glossary }: { glossary: Glossary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(trpc.glossaries.entries.queryOptions({ id: glossary.id }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.glossaries.entries.queryKey({ id: glossary.id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.glossaries.list.queryKey() });
  };
  const [name, setName] = useState(glossary.name);
  const [term, setTerm] = useState({ source: "", target: "" });
  const [format, setFormat] = useState<(typeof glossaryFileFormats)[number]>("csv");
  const rename = useMutation(trpc.glossaries.rename.mutationOptions({ onSuccess: refresh }));
  const add = useMutation(
    trpc.glossaries.addEntries.mutationOptions({
      onSuccess: () => {
        setTerm({ source: "", target: "" });
        refresh();
      },
    }),
  );
  const remove = useMutation(trpc.glossaries.deleteEntry.mutationOptions({ onSuccess: refresh }));
  const importFile = useMutation(trpc.glossaries.import.mutationOptions({ onSuccess: refresh }));
  const [exportError, setExportError] = useState<unknown>(null);

  return (
    <section className="card" aria-labelledby="glossary-editor-h">
      <h2 id="glossary-editor-h">
        {glossary.name}{" "}
        <span className="muted">
          ({glossary.source_lang} → {glossary.target_lang})
        </span>
      </h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate({ id: glossary.id, request: { name } });
        }}
      >
        <div className="field">
          <label htmlFor="rename-glossary">Name</label>
          <input id="rename-glossary" type="text" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <button type="submit" disabled={rename.isPending}>
            Rename
          </button>
        </div>
      </form>
      <FormError error={rename.error} />

      <h3>Entries</h3>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ id: glossary.id, request: term });
        }}
      >
        <div className="field">
          <label htmlFor="entry-source">Source term</label>
          <input id="entry-source" type="text" required value={term.source} onChange={(e) => setTerm({ ...term, source: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="entry-target">Target term</label>
          <input id="entry-target" type="text" required value={term.target} onChange={(e) => setTerm({ ...term, target: e.target.value })} />
        </div>
        <div className="field">
          <button type="submit" className="primary" disabled={add.isPending}>
            Add entry
          </button>
        </div>
      </form>
      <FormError error={add.error} />
      <ListStates query={entries} what="entries" empty="No entries yet. Add one above or import a file below.">
        {(data) => (
          <DataTable
            columns={["Source term", "Target term"]}
            footer={data.has_more && <p className="muted">Showing the first {data.items.length} entries; export the glossary to see them all.</p>}
          >
            {data.items.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.source}</td>
                <td>{entry.target}</td>
                <td>
                  <DeleteItem
                    what="entry"
                    name={entry.source}
                    pending={remove.isPending}
                    error={remove.error}
                    onDelete={(done) => remove.mutate({ id: glossary.id, entryId: entry.id }, { onSuccess: done })}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>

      <h3>Import and export</h3>
      <ImportForm
        resourceId={glossary.id}
        accept=".csv,.tsv,.txt,.tab,.tbx"
        formats={glossaryFileFormats}
        pending={importFile.isPending}
        error={importFile.error}
        result={importFile.data}
        onImport={(form) => importFile.mutate(form)}
      />
      <div className="row">
        <div className="field">
          <label htmlFor="export-format">Export format</label>
          <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            {glossaryFileFormats.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <button
            type="button"
            onClick={() => {
              setExportError(null);
              queryClient.fetchQuery(trpc.glossaries.export.queryOptions({ id: glossary.id, format }, { staleTime: 0 })).then(saveFile, setExportError);
            }}
          >
            Export
          </button>
        </div>
      </div>
      <FormError error={exportError} />
    </section>
  );
}
