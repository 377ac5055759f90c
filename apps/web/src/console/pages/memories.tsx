"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { CreateResourceForm } from "../create-resource-form";
import { DataTable, ListStates } from "../data-table";
import { DeleteItem, DeleteResource, EditToggle, ResourceList, useOpenResource } from "../resource-list";
import { ImportForm } from "../resource-parts";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { FormError, countOf, formatDate, formatNumber, saveFile } from "../ui";

type Memory = RouterOutputs["memories"]["list"]["items"][number];

export default function MemoriesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.memories.list.queryOptions());
  const editor = useOpenResource(trpc.memories.list.queryKey());
  const open = list.data?.items.find((m) => m.id === editor.openId);
  return (
    <>
      <h1>Translation memories</h1>
      <CreateResourceForm
        headingId="create-memory-h"
        heading="Create a translation memory"
        nameId="memory-name"
        nameLabel="Memory name"
        submitLabel="Create memory"
        options={trpc.memories.create.mutationOptions({ onSuccess: (m) => editor.created(m.id) })}
      />
      <ResourceList
        headingId="memories-h"
        heading="Your translation memories"
        list={list}
        what="translation memories"
        empty="No translation memories yet. A memory reuses earlier translations of the same or similar sentences; create one above or import a TMX file into it."
        columns={["Name", "Languages", "Units", "Created"]}
        cells={(m) => (
          <>
            <td>{m.name}</td>
            <td>
              {m.source_lang} → {m.target_lang}
            </td>
            <td>{formatNumber(m.unit_count)}</td>
            <td>{formatDate(m.created_at)}</td>
          </>
        )}
        actions={(m) => (
          <>
            <EditToggle name={m.name} open={editor.openId === m.id} onToggle={() => editor.toggle(m.id)} />
            <DeleteResource
              id={m.id}
              name={m.name}
              body={`Its ${countOf(m.unit_count, "unit", "units")} are deleted with it, and requests naming it are refused. This cannot be undone.`}
              confirmLabel="Delete memory"
              options={trpc.memories.delete.mutationOptions()}
              onDeleted={editor.deleted}
            />
          </>
        )}
      />
      {open && <MemoryEditor key={open.id} memory={open} />}
    </>
  );
}

function MemoryEditor({ memory }: { memory: Memory }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const units = useQuery(trpc.memories.units.queryOptions({ id: memory.id }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.memories.units.queryKey({ id: memory.id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.memories.list.queryKey() });
  };
  const [unit, setUnit] = useState({ source: "", target: "" });
  const add = useMutation(
    trpc.memories.addUnits.mutationOptions({
      onSuccess: () => {
        setUnit({ source: "", target: "" });
        refresh();
      },
    }),
  );
  const remove = useMutation(trpc.memories.deleteUnit.mutationOptions({ onSuccess: refresh }));
  const importFile = useMutation(trpc.memories.import.mutationOptions({ onSuccess: refresh }));
  const [exportError, setExportError] = useState<unknown>(null);

  return (
    <section className="card" aria-labelledby="memory-editor-h">
      <h2 id="memory-editor-h">
        {memory.name}{" "}
        <span className="muted">
          ({memory.source_lang} → {memory.target_lang})
        </span>
      </h2>
      <h3>Units</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ id: memory.id, request: unit });
        }}
      >
        <div className="field">
          <label htmlFor="unit-source">Source sentence</label>
          <textarea
            id="unit-source"
            required
            rows={2}
            style={{ minHeight: "3rem" }}
            value={unit.source}
            onChange={(e) => setUnit({ ...unit, source: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="unit-target">Target sentence</label>
          <textarea
            id="unit-target"
            required
            rows={2}
            style={{ minHeight: "3rem" }}
            value={unit.target}
            onChange={(e) => setUnit({ ...unit, target: e.target.value })}
          />
        </div>
        <button type="submit" className="primary" disabled={add.isPending}>
          Add unit
        </button>
      </form>
      <FormError error={add.error} />
      <ListStates query={units} what="units" empty="No units yet. Add one above or import a TMX file below.">
        {(data) => (
          <DataTable
            columns={["Source", "Target"]}
            footer={data.has_more && <p className="muted">Showing the first {data.items.length} units; export the memory to see them all.</p>}
          >
            {data.items.map((u) => (
              <tr key={u.id}>
                <td>{u.source}</td>
                <td>{u.target}</td>
                <td>
                  <DeleteItem
                    what="unit"
                    name={u.source}
                    pending={remove.isPending}
                    error={remove.error}
                    onDelete={(done) => remove.mutate({ id: memory.id, unitId: u.id }, { onSuccess: done })}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>

      <h3>Import and export</h3>
      <ImportForm
        resourceId={memory.id}
        accept=".tmx"
        formats={["tmx"]}
        pending={importFile.isPending}
        error={importFile.error}
        result={importFile.data}
        onImport={(form) => importFile.mutate(form)}
      />
      <button
        type="button"
        onClick={() => {
          setExportError(null);
          queryClient.fetchQuery(trpc.memories.export.queryOptions({ id: memory.id }, { staleTime: 0 })).then(saveFile, setExportError);
        }}
      >
        Export TMX
      </button>
      <FormError error={exportError} />
    </section>
  );
}
