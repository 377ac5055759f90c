"use client";

import { glossaryFileFormats } from "@tolk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { ImportForm, PairSelects } from "../resource-parts";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ConfirmButton, Empty, ErrorState, FormError, Loading, formatDate, formatNumber, saveFile } from "../ui";

type Glossary = RouterOutputs["glossaries"]["list"]["items"][number];

export default function GlossariesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.glossaries.list.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.items.find((g) => g.id === openId);
  return (
    <>
      <h1>Glossaries</h1>
      <CreateGlossary onCreated={setOpenId} />
      <section className="card" aria-labelledby="glossaries-h">
        <h2 id="glossaries-h">Your glossaries</h2>
        {list.isPending ? (
          <Loading what="glossaries" />
        ) : list.error ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Empty>No glossaries yet. A glossary fixes how terms are translated; create one above or import a CSV, TSV or TBX file into it.</Empty>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Languages</th>
                  <th scope="col">Entries</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <span className="muted">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((g) => (
                  <tr key={g.id}>
                    <td>{g.name}</td>
                    <td>
                      {g.source_lang} → {g.target_lang}
                    </td>
                    <td>{formatNumber(g.entry_count)}</td>
                    <td>{formatDate(g.updated_at)}</td>
                    <td>
                      <div className="actions">
                        <button type="button" aria-expanded={openId === g.id} onClick={() => setOpenId(openId === g.id ? null : g.id)}>
                          {openId === g.id ? "Close" : "Edit"} <span className="visually-hidden">{g.name}</span>
                        </button>
                        <DeleteGlossary glossary={g} onDeleted={() => setOpenId(null)} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open && <GlossaryEditor key={open.id} glossary={open} />}
    </>
  );
}

function CreateGlossary({ onCreated }: { onCreated: (id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [pair, setPair] = useState({ source: "en", target: "es" });
  const create = useMutation(
    trpc.glossaries.create.mutationOptions({
      onSuccess: (g) => {
        setName("");
        onCreated(g.id);
        void queryClient.invalidateQueries({ queryKey: trpc.glossaries.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.quota.queryKey() });
      },
    }),
  );
  return (
    <section className="card" aria-labelledby="create-glossary-h">
      <h2 id="create-glossary-h">Create a glossary</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, source_lang: pair.source, target_lang: pair.target });
        }}
      >
        <div className="field">
          <label htmlFor="glossary-name">Glossary name</label>
          <input id="glossary-name" type="text" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <PairSelects source={pair.source} target={pair.target} onChange={setPair} />
        <FormError error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create glossary
        </button>
      </form>
    </section>
  );
}

function DeleteGlossary({ glossary, onDeleted }: { glossary: Glossary; onDeleted: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.glossaries.delete.mutationOptions());
  return (
    <ConfirmButton
      label="Delete"
      title={`Delete “${glossary.name}”?`}
      body={`Its ${glossary.entry_count} entries are deleted with it, and requests naming it are refused. This cannot be undone.`}
      confirmLabel="Delete glossary"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={(close) =>
        remove.mutate(
          { id: glossary.id },
          {
            onSuccess: () => {
              close();
              onDeleted();
              void queryClient.invalidateQueries({ queryKey: trpc.glossaries.list.queryKey() });
              void queryClient.invalidateQueries({ queryKey: trpc.dashboard.quota.queryKey() });
            },
          },
        )
      }
    />
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
      <FormError error={add.error ?? remove.error} />
      {entries.isPending ? (
        <Loading what="entries" />
      ) : entries.error ? (
        <ErrorState error={entries.error} retry={() => void entries.refetch()} />
      ) : entries.data.items.length === 0 ? (
        <Empty>No entries yet. Add one above or import a file below.</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Source term</th>
                <th scope="col">Target term</th>
                <th scope="col">
                  <span className="muted">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.data.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.source}</td>
                  <td>{entry.target}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Delete entry ${entry.source}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ id: glossary.id, entryId: entry.id })}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {entries.data.has_more && <p className="muted">Showing the first {entries.data.items.length} entries; export the glossary to see them all.</p>}
        </div>
      )}

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
