"use client";

import { type UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";

import { Empty, ErrorState, Loading } from "./ui";

/**
 * A console table: one header per column, then the actions column every console table ends with.
 * On a phone each row becomes a card (console.css): every cell is labelled with its column's name,
 * set here from the header so the pages' rows need not repeat it.
 */
export function DataTable({
  columns,
  children,
  footer,
  actions = true,
}: {
  columns: readonly string[];
  children: ReactNode;
  footer?: ReactNode;
  /** false for a table of figures only (no actions column). */
  actions?: boolean;
}) {
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      Array.from(row.cells).forEach((cell, i) => cell.setAttribute("data-label", columns[i] ?? ""));
    }
  });
  return (
    <div className="table-wrap">
      <table className="cards" ref={table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="muted">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footer}
    </div>
  );
}

/** A listing query's loading, error and empty states; `children` draws the items once there are some. */
export function ListStates<D extends { items: readonly unknown[] }, E>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<D, E>;
  what: string;
  empty: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <Empty>{empty}</Empty>;
  return children(query.data);
}
