"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { PagerButtons, useCursorPages } from "../cursor-pager";
import { DataTable } from "../data-table";
import { CopyText, RequestDetail, callerLabel, requestIdStart, useRequestDetail } from "../request-detail";
import { type DateRange, RangePicker, defaultRange } from "../request-range";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { Empty, ErrorState, Loading, formatNumber } from "../ui";

type Status = "" | "2xx" | "4xx" | "5xx";
type Source = "" | "api" | "console";
type Row = RouterOutputs["requests"]["list"]["items"][number];

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

// On a phone a row keeps time, request and status; the rest is in its detail.
const COLUMNS = ["Time (UTC)", "Request", "Status", "Duration", "Credits", "Caller", "Request id"] as const;

export default function RequestsPage() {
  const trpc = useTRPC();
  const [keyId, setKeyId] = useState("");
  const [status, setStatus] = useState<Status>("");
  const [route, setRoute] = useState("");
  const [source, setSource] = useState<Source>("");
  const [search, setSearch] = useState("");
  const [requestId, setRequestId] = useState("");
  const [range, setRange] = useState<DateRange>(defaultRange);
  // A request id a customer quotes is looked up in the whole log, whatever the range.
  const bounds = requestId ? { from: null, to: null } : { from: range.from, to: range.to };
  const filters = {
    keyId: keyId || null,
    status: status || null,
    route: route || null,
    source: source || null,
    requestId: requestId || null,
    ...bounds,
  };
  const pages = useCursorPages(JSON.stringify(filters));
  const options = useQuery(trpc.requests.filters.queryOptions());
  const list = useQuery({
    ...trpc.requests.list.queryOptions({ ...filters, cursor: pages.cursor, limit: 50 }),
    placeholderData: keepPreviousData,
  });
  const detail = useRequestDetail();
  return (
    <>
      <h1>Requests</h1>
      <p className="muted">
        Your organization&apos;s requests to the API and the translations and documents submitted in this console,
        newest first. Times are UTC; the log keeps the last 30 days unless the operator set otherwise.
      </p>
      <RangePicker
        range={range}
        onChange={setRange}
        disabledBecause={requestId ? "A request id is looked up in the whole log." : null}
      />
      <form
        className="card row req-filters"
        aria-label="Filter requests"
        onSubmit={(e) => {
          e.preventDefault();
          setRequestId(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor="req-source">Source</label>
          <select id="req-source" value={source} onChange={(e) => setSource(e.target.value as Source)}>
            <option value="">API and console</option>
            <option value="api">API</option>
            <option value="console">Console</option>
          </select>
        </div>
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
          <input
            id="req-id"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="X-Request-Id"
          />
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
        <h2 id="requests-h">Log{requestId ? "" : `: ${range.label}`}</h2>
        {list.isPending ? (
          <Loading what="requests" />
        ) : list.error ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Empty>
            {requestId
              ? `No request with id ${requestId} in the log.`
              : "No requests match in this time range. Requests appear here a moment after they are made."}
          </Empty>
        ) : (
          <DataTable
            columns={COLUMNS}
            footer={<PagerButtons pages={pages} nextCursor={list.data.nextCursor} what="requests" />}
          >
            {list.data.items.map((r) => (
              <RequestRow key={r.id} row={r} onOpen={(opener) => detail.open(r.id, opener)} />
            ))}
          </DataTable>
        )}
      </section>
      <RequestDetail state={detail} />
    </>
  );
}

function RequestRow({ row: r, onOpen }: { row: Row; onOpen: (opener: HTMLButtonElement) => void }) {
  return (
    <tr data-testid="request-row" data-request-id={r.requestId}>
      <td>{timeFormat.format(new Date(r.createdAt))}</td>
      <td>
        <code>
          {r.method} {r.route}
        </code>
        {r.source === "console" && <span className="req-source">console</span>}
      </td>
      <td>
        <span className={`status s${String(r.status)[0]}`}>{r.status}</span>
        {r.errorCode && <span className="req-error-code">{r.errorCode}</span>}
      </td>
      <td className="req-extra">{formatNumber(r.durationMs)} ms</td>
      <td className="req-extra">{formatNumber(r.credits)}</td>
      <td className="req-extra">{callerLabel(r)}</td>
      <td className="req-extra">
        <code className="req-id" title={r.requestId}>
          {requestIdStart(r.requestId)}
        </code>{" "}
        <CopyText text={r.requestId} what={`request id ${r.requestId}`} />
      </td>
      <td>
        <button type="button" onClick={(e) => onOpen(e.currentTarget)} aria-haspopup="dialog">
          Details<span className="visually-hidden"> of request {r.requestId}</span>
        </button>
      </td>
    </tr>
  );
}
