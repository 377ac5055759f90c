"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { PagerButtons, useCursorPages } from "../cursor-pager";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { Empty, ErrorState, Loading, formatNumber } from "../ui";

type Status = "" | "2xx" | "4xx" | "5xx";
type Row = RouterOutputs["requests"]["list"]["items"][number];

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export default function RequestsPage() {
  const trpc = useTRPC();
  const [keyId, setKeyId] = useState("");
  const [status, setStatus] = useState<Status>("");
  const [route, setRoute] = useState("");
  const [search, setSearch] = useState("");
  const [requestId, setRequestId] = useState("");
  const filters = { keyId: keyId || null, status: status || null, route: route || null, requestId: requestId || null };
  const pages = useCursorPages(JSON.stringify(filters));
  const options = useQuery(trpc.requests.filters.queryOptions());
  const list = useQuery({ ...trpc.requests.list.queryOptions({ ...filters, cursor: pages.cursor, limit: 50 }), placeholderData: keepPreviousData });
  return (
    <>
      <h1>Requests</h1>
      <p className="muted">
        Your organization&apos;s API requests, newest first, without their bodies. Times are UTC; the log keeps the last 30 days unless the operator set
        otherwise.
      </p>
      <form
        className="card row"
        aria-label="Filter requests"
        onSubmit={(e) => {
          e.preventDefault();
          setRequestId(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor="req-key">API key</label>
          <select id="req-key" value={keyId} onChange={(e) => setKeyId(e.target.value)}>
            <option value="">All keys</option>
            {options.data?.keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} ({k.hint})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="req-status">Status</label>
          <select id="req-status" value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            <option value="">All</option>
            <option value="2xx">2xx succeeded</option>
            <option value="4xx">4xx refused</option>
            <option value="5xx">5xx failed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="req-route">Route</label>
          <select id="req-route" value={route} onChange={(e) => setRoute(e.target.value)}>
            <option value="">All routes</option>
            {options.data?.routes.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="req-id">Request id</label>
          <input id="req-id" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="X-Request-Id" />
        </div>
        <div className="field">
          <button type="submit">Search</button>
        </div>
        {requestId && (
          <div className="field">
            <button
              type="button"
              onClick={() => {
                setSearch("");
                setRequestId("");
              }}
            >
              Clear search
            </button>
          </div>
        )}
      </form>
      <section className="card" aria-labelledby="requests-h">
        <h2 id="requests-h">Log</h2>
        {list.isPending ? (
          <Loading what="requests" />
        ) : list.error ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Empty>{requestId ? `No request with id ${requestId} in the log.` : "No requests match. Requests appear here a moment after they are made."}</Empty>
        ) : (
          <>
            <RequestTable rows={list.data.items} />
            <PagerButtons pages={pages} nextCursor={list.data.nextCursor} what="requests" />
          </>
        )}
      </section>
    </>
  );
}

function RequestTable({ rows }: { rows: Row[] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Requests (scrolls sideways)">
      <table>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Request</th>
            <th scope="col">Time (UTC)</th>
            <th scope="col">Duration</th>
            <th scope="col">Credits</th>
            <th scope="col">Key</th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="request-row">
              <td>
                <span className={`status s${String(r.status)[0]}`}>{r.status}</span>
                {r.errorCode && (
                  <details className="error-detail">
                    <summary>{r.errorCode}</summary>
                    <p>{r.errorMessage}</p>
                  </details>
                )}
              </td>
              <td>
                <code>
                  {r.method} {r.route}
                </code>
              </td>
              <td>{timeFormat.format(new Date(r.createdAt))}</td>
              <td>{formatNumber(r.durationMs)} ms</td>
              <td>{formatNumber(r.credits)}</td>
              <td>{r.keyId ? `${r.keyName ?? "?"} (${r.keyHint ?? r.keyId})` : <span className="muted">session token</span>}</td>
              <td>
                <code>{r.requestId}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
