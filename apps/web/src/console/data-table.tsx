"use client";

import { type UseQueryResult } from "@tanstack/react-query";
import { type ReactNode } from "react";

import { Empty, ErrorState, Loading } from "./ui";

/** A console table: one header per column, then the actions column every console table ends with. */
export function DataTable({ columns, children, footer }: { columns: readonly string[]; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <th scope="col">
              <span className="muted">Actions</span>
            </th>
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
