"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { PagerButtons, useCursorPages } from "../cursor-pager";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { Empty, ErrorState, FormError, Loading, saveFile } from "../ui";

type Row = RouterOutputs["audit"]["list"]["items"][number];

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

const actorKind: Record<Row["actorType"], string> = { user: "user", api_key: "API key", cli: "CLI" };

export default function AuditPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pages = useCursorPages("");
  const list = useQuery({
    ...trpc.audit.list.queryOptions({ cursor: pages.cursor, limit: 50 }),
    placeholderData: keepPreviousData,
  });
  // A query fetched on click: the export reads, it changes nothing.
  const exportCsv = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...trpc.audit.export.queryOptions(), staleTime: 0 }),
    onSuccess: (file) => saveFile(file),
  });
  return (
    <>
      <h1>Audit log</h1>
      <p className="muted">
        Who changed what in this organization, from the console, the API or the CLI. Read-only; times are UTC.
      </p>
      <section className="card" aria-labelledby="audit-h">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2 id="audit-h">Changes</h2>
          <button type="button" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
            Export CSV
          </button>
        </div>
        <FormError error={exportCsv.error} />
        {list.isPending ? (
          <Loading what="the audit log" />
        ) : list.error ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Empty>Nothing changed yet. Creating a key, inviting a member or changing a setting shows up here.</Empty>
        ) : (
          <>
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit log (scrolls sideways)">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Time (UTC)</th>
                    <th scope="col">Actor</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">IP</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((r) => (
                    <tr key={r.id} data-testid="audit-row">
                      <td>{timeFormat.format(new Date(r.createdAt))}</td>
                      <td>
                        {r.actorLabel} <span className="muted">({actorKind[r.actorType]})</span>
                      </td>
                      <td>
                        <code>{r.action}</code>
                      </td>
                      <td>
                        {r.targetLabel ?? r.targetId ?? r.targetType}
                        {r.targetId && r.targetLabel && (
                          <>
                            {" "}
                            <code className="muted">{r.targetId}</code>
                          </>
                        )}
                      </td>
                      <td>{r.ip ?? <span className="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PagerButtons pages={pages} nextCursor={list.data.nextCursor} what="the audit log" />
          </>
        )}
      </section>
    </>
  );
}
