"use client";

import { glossaryFileFormats } from "@tolk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import {
  ImportExport,
  PairEditorCard,
  PairResourcePage,
  ResourceItems,
  SourceTargetFields,
  useExportFile,
} from "../pair-resource-page";
import { useInvalidate } from "../resource-list";
import { FormatOptions } from "../resource-parts";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { FormError, countOf, formatDate, formatNumber } from "../ui";

type Glossary = RouterOutputs["glossaries"]["list"]["items"][number];

export default function GlossariesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.glossaries.list.queryOptions());
  return (
    <PairResourcePage
      title="Glossaries"
      list={list}
      listKey={trpc.glossaries.list.queryKey()}
      create={{
        headingId: "create-glossary-h",
        heading: "Create a glossary",
        nameId: "glossary-name",
        nameLabel: "Glossary name",
        submitLabel: "Create glossary",
        options: (onSuccess) => trpc.glossaries.create.mutationOptions({ onSuccess }),
      }}
      headingId="glossaries-h"
      heading="Your glossaries"
      what="glossaries"
      empty="No glossaries yet. A glossary fixes how terms are translated; create one above or import a CSV, TSV or TBX file into it."
      columns={["Entries", "Updated"]}
      cells={(g) => (
        <>
          <td>{formatNumber(g.entry_count)}</td>
          <td>{formatDate(g.updated_at)}</td>
        </>
      )}
      remove={{
        body: (g) =>
          `Its ${countOf(g.entry_count, "entry", "entries")} are deleted with it, and requests naming it are refused. This cannot be undone.`,
        confirmLabel: "Delete glossary",
        options: trpc.glossaries.delete.mutationOptions(),
      }}
      editor={(g) => <GlossaryEditor key={g.id} glossary={g} />}
    />
  );
}

function GlossaryEditor({ glossary }: { glossary: Glossary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(trpc.glossaries.entries.queryOptions({ id: glossary.id }));
  const refresh = useInvalidate(trpc.glossaries.entries.queryKey({ id: glossary.id }), trpc.glossaries.list.queryKey());
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
  const exported = useExportFile();

  return (
    <PairEditorCard headingId="glossary-editor-h" resource={glossary}>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate({ id: glossary.id, request: { name } });
        }}
      >
        <div className="field">
          <label htmlFor="rename-glossary">Name</label>
          <input
            id="rename-glossary"
            type="text"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
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
        <SourceTargetFields
          ids={{ source: "entry-source", target: "entry-target" }}
          labels={{ source: "Source term", target: "Target term" }}
          value={term}
          onChange={setTerm}
        />
        <div className="field">
          <button type="submit" className="primary" disabled={add.isPending}>
            Add entry
          </button>
        </div>
      </form>
      <FormError error={add.error} />
      <ResourceItems
        query={entries}
        what="entries"
        one="entry"
        resource="glossary"
        empty="No entries yet. Add one above or import a file below."
        columns={["Source term", "Target term"]}
        remove={{
          mutation: remove,
          delete: (entry, done) => remove.mutate({ id: glossary.id, entryId: entry.id }, { onSuccess: done }),
        }}
      />

      <ImportExport
        resourceId={glossary.id}
        accept=".csv,.tsv,.txt,.tab,.tbx"
        formats={glossaryFileFormats}
        importFile={importFile}
        exportError={exported.error}
      >
        <div className="row">
          <div className="field">
            <label htmlFor="export-format">Export format</label>
            <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
              <FormatOptions formats={glossaryFileFormats} />
            </select>
          </div>
          <div className="field">
            <button
              type="button"
              onClick={() =>
                exported.save(() =>
                  queryClient.fetchQuery(
                    trpc.glossaries.export.queryOptions({ id: glossary.id, format }, { staleTime: 0 }),
                  ),
                )
              }
            >
              Export
            </button>
          </div>
        </div>
      </ImportExport>
    </PairEditorCard>
  );
}
