"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { ImportForm, PairSelects } from "../resource-parts";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ConfirmButton, Empty, ErrorState, FormError, Loading, formatDate, formatNumber, saveFile } from "../ui";

type Memory = RouterOutputs["memories"]["list"]["items"][number];

export default function MemoriesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.memories.list.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.items.find((m) => m.id === openId);
  return (
    <>
      <h1>Translation memories</h1>
      <CreateMemory onCreated={setOpenId} />
      <section className="card" aria-labelledby="memories-h">
        <h2 id="memories-h">Your translation memories</h2>
        {list.isPending ? (
          <Loading what="translation memories" />
        ) : list.error ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Empty>No translation memories yet. A memory reuses earlier translations of the same or similar sentences; create one above or import a TMX file into it.</Empty>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Languages</th>
                  <th scope="col">Units</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="muted">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((m) => (
                  <tr key={m.id}>
                    <td>{m.name}</td>
                    <td>
                      {m.source_lang} → {m.target_lang}
                    </td>
                    <td>{formatNumber(m.unit_count)}</td>
                    <td>{formatDate(m.created_at)}</td>
                    <td>
                      <div className="actions">
                        <button type="button" aria-expanded={openId === m.id} onClick={() => setOpenId(openId === m.id ? null : m.id)}>
                          {openId === m.id ? "Close" : "Edit"} <span className="visually-hidden">{m.name}</span>
                        </button>
                        <DeleteMemory memory={m} onDeleted={() => setOpenId(null)} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open && <MemoryEditor key={open.id} memory={open} />}
    </>
  );
}

function CreateMemory({ onCreated }: { onCreated: (id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [pair, setPair] = useState({ source: "en", target: "es" });
  const create = useMutation(
    trpc.memories.create.mutationOptions({
      onSuccess: (m) => {
        setName("");
        onCreated(m.id);
        void queryClient.invalidateQueries({ queryKey: trpc.memories.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.quota.queryKey() });
      },
    }),
  );
  return (
    <section className="card" aria-labelledby="create-memory-h">
      <h2 id="create-memory-h">Create a translation memory</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, source_lang: pair.source, target_lang: pair.target });
        }}
      >
        <div className="field">
          <label htmlFor="memory-name">Memory name</label>
          <input id="memory-name" type="text" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <PairSelects source={pair.source} target={pair.target} onChange={setPair} />
        <FormError error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create memory
        </button>
      </form>
    </section>
  );
}

function DeleteMemory({ memory, onDeleted }: { memory: Memory; onDeleted: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.memories.delete.mutationOptions());
  return (
    <ConfirmButton
      label="Delete"
      title={`Delete “${memory.name}”?`}
      body={`Its ${memory.unit_count} units are deleted with it, and requests naming it are refused. This cannot be undone.`}
      confirmLabel="Delete memory"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={(close) =>
        remove.mutate(
          { id: memory.id },
          {
            onSuccess: () => {
              close();
              onDeleted();
              void queryClient.invalidateQueries({ queryKey: trpc.memories.list.queryKey() });
              void queryClient.invalidateQueries({ queryKey: trpc.dashboard.quota.queryKey() });
            },
          },
        )
      }
    />
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
          <textarea id="unit-source" required rows={2} style={{ minHeight: "3rem" }} value={unit.source} onChange={(e) => setUnit({ ...unit, source: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="unit-target">Target sentence</label>
          <textarea id="unit-target" required rows={2} style={{ minHeight: "3rem" }} value={unit.target} onChange={(e) => setUnit({ ...unit, target: e.target.value })} />
        </div>
        <button type="submit" className="primary" disabled={add.isPending}>
          Add unit
        </button>
      </form>
      <FormError error={add.error ?? remove.error} />
      {units.isPending ? (
        <Loading what="units" />
      ) : units.error ? (
        <ErrorState error={units.error} retry={() => void units.refetch()} />
      ) : units.data.items.length === 0 ? (
        <Empty>No units yet. Add one above or import a TMX file below.</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Target</th>
                <th scope="col">
                  <span className="muted">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {units.data.items.map((u) => (
                <tr key={u.id}>
                  <td>{u.source}</td>
                  <td>{u.target}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Delete unit ${u.source.slice(0, 40)}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ id: memory.id, unitId: u.id })}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {units.data.has_more && <p className="muted">Showing the first {units.data.items.length} units; export the memory to see them all.</p>}
        </div>
      )}

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
