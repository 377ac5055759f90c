"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { DataTable } from "../data-table";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { usageCsv } from "../usage-csv";
import { Empty, ErrorState, Loading, formatNumber } from "../ui";

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const COLORS = ["#0b5cad", "#d9480f", "#2b8a3e", "#862e9c", "#c92a2a", "#1098ad", "#5c940d", "#e67700"];

type Daily = RouterOutputs["usage"]["daily"];

export default function UsagePage() {
  const trpc = useTRPC();
  const [range, setRange] = useState(() => ({ from: isoDay(Date.now() - 29 * DAY_MS), to: isoDay(Date.now()) }));
  const usage = useQuery(trpc.usage.daily.queryOptions(range));
  return (
    <>
      <h1>Usage</h1>
      <form className="card row" onSubmit={(e) => e.preventDefault()} aria-label="Date range">
        <div className="field">
          <label htmlFor="from">From</label>
          <input id="from" type="date" value={range.from} max={range.to} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="to">To (inclusive, UTC days)</label>
          <input id="to" type="date" value={range.to} min={range.from} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} />
        </div>
      </form>
      {usage.isPending ? (
        <Loading what="usage" />
      ) : usage.error ? (
        <ErrorState error={usage.error} retry={() => void usage.refetch()} />
      ) : usage.data.rows.length === 0 ? (
        <div className="card">
          <Empty>
            No translations between {usage.data.from} and {usage.data.to}.
          </Empty>
        </div>
      ) : (
        <UsageView data={usage.data} />
      )}
    </>
  );
}

function UsageView({ data }: { data: Daily }) {
  const { perDay, perLanguage, languages } = useMemo(() => shape(data), [data]);
  const total = perLanguage.reduce((s, l) => s + l.characters, 0);
  function download() {
    const url = URL.createObjectURL(new Blob([usageCsv(data.rows)], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `tolk-usage-${data.from}-${data.to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <>
      <section className="card" aria-labelledby="per-day-h">
        <h2 id="per-day-h">Characters per day</h2>
        <p className="muted">
          {formatNumber(total)} characters from {data.from} to {data.to}
        </p>
        <div
          className="chart"
          data-testid="chart-per-day"
          role="img"
          aria-label={`Bar chart of characters per day and target language; the table below has the same numbers.`}
        >
          <ResponsiveContainer>
            <BarChart data={perDay}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              {languages.map((lang, i) => (
                <Bar key={lang} dataKey={lang} stackId="chars" fill={COLORS[i % COLORS.length]} maxBarSize={48} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </section>
      <section className="card" aria-labelledby="per-lang-h">
        <h2 id="per-lang-h">Characters per target language</h2>
        <div className="chart" data-testid="chart-per-language" role="img" aria-label="Bar chart of characters per target language">
          <ResponsiveContainer>
            <BarChart data={perLanguage} layout="vertical">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="lang" width={40} />
              <Tooltip />
              <Bar dataKey="characters" fill={COLORS[0]} maxBarSize={48} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </section>
      <section className="card" aria-labelledby="table-h">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2 id="table-h">Table</h2>
          <button type="button" onClick={download}>
            Export CSV
          </button>
        </div>
        <DataTable columns={["Date", "Target language", "Characters", "Credits", "Translations"]} actions={false}>
          {data.rows.map((r) => (
            <tr key={`${r.day}-${r.targetLang}`}>
              <td>{r.day}</td>
              <td>{r.targetLang}</td>
              <td>{formatNumber(r.characters)}</td>
              <td>{formatNumber(r.credits)}</td>
              <td>{formatNumber(r.translations)}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}

/** Rows → one chart point per day with a key per language, and totals per language. */
function shape(data: Daily) {
  const languages = [...new Set(data.rows.map((r) => r.targetLang))].sort();
  // Every day of the range gets a point, so quiet days show as gaps in time, not as nothing.
  const days = new Map<string, Record<string, number | string>>();
  for (let t = Date.parse(`${data.from}T00:00:00Z`); t <= Date.parse(`${data.to}T00:00:00Z`); t += DAY_MS) days.set(isoDay(t), { day: isoDay(t) });
  const totals = new Map<string, number>();
  for (const r of data.rows) {
    const point = days.get(r.day) ?? { day: r.day };
    point[r.targetLang] = r.characters;
    days.set(r.day, point);
    totals.set(r.targetLang, (totals.get(r.targetLang) ?? 0) + r.characters);
  }
  return {
    languages,
    perDay: [...days.values()],
    perLanguage: [...totals].map(([lang, characters]) => ({ lang, characters })).sort((a, b) => b.characters - a.characters),
  };
}
