"use client";

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
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { FormError, countOf, formatDate, formatNumber } from "../ui";

type Memory = RouterOutputs["memories"]["list"]["items"][number];

export default function MemoriesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.memories.list.queryOptions());
  return (
    <PairResourcePage
      title="Translation memories"
      list={list}
      listKey={trpc.memories.list.queryKey()}
      create={{
        headingId: "create-memory-h",
        heading: "Create a translation memory",
        nameId: "memory-name",
        nameLabel: "Memory name",
        submitLabel: "Create memory",
        options: (onSuccess) => trpc.memories.create.mutationOptions({ onSuccess }),
      }}
      headingId="memories-h"
      heading="Your translation memories"
      what="translation memories"
      empty="No translation memories yet. A memory reuses earlier translations of the same or similar sentences; create one above or import a TMX file into it."
      columns={["Units", "Created"]}
      cells={(m) => (
        <>
          <td>{formatNumber(m.unit_count)}</td>
          <td>{formatDate(m.created_at)}</td>
        </>
      )}
      remove={{
        body: (m) =>
          `Its ${countOf(m.unit_count, "unit", "units")} are deleted with it, and requests naming it are refused. This cannot be undone.`,
        confirmLabel: "Delete memory",
        options: trpc.memories.delete.mutationOptions(),
      }}
      editor={(m) => <MemoryEditor key={m.id} memory={m} />}
    />
  );
}

function MemoryEditor({ memory }: { memory: Memory }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const units = useQuery(trpc.memories.units.queryOptions({ id: memory.id }));
  const refresh = useInvalidate(trpc.memories.units.queryKey({ id: memory.id }), trpc.memories.list.queryKey());
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
  const exported = useExportFile();

  return (
    <PairEditorCard headingId="memory-editor-h" resource={memory}>
      <h3>Units</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ id: memory.id, request: unit });
        }}
      >
        <SourceTargetFields
          ids={{ source: "unit-source", target: "unit-target" }}
          labels={{ source: "Source sentence", target: "Target sentence" }}
          multiline
          value={unit}
          onChange={setUnit}
        />
        <button type="submit" className="primary" disabled={add.isPending}>
          Add unit
        </button>
      </form>
      <FormError error={add.error} />
      <ResourceItems
        query={units}
        what="units"
        one="unit"
        resource="memory"
        empty="No units yet. Add one above or import a TMX file below."
        columns={["Source", "Target"]}
        remove={{
          mutation: remove,
          delete: (u, done) => remove.mutate({ id: memory.id, unitId: u.id }, { onSuccess: done }),
        }}
      />

      <ImportExport
        resourceId={memory.id}
        accept=".tmx"
        formats={["tmx"]}
        importFile={importFile}
        exportError={exported.error}
      >
        <button
          type="button"
          onClick={() =>
            exported.save(() =>
              queryClient.fetchQuery(trpc.memories.export.queryOptions({ id: memory.id }, { staleTime: 0 })),
            )
          }
        >
          Export TMX
        </button>
      </ImportExport>
    </PairEditorCard>
  );
}
