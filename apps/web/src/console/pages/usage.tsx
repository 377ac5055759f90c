"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { DataTable } from "../data-table";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { usageCsv } from "../usage-csv";
import { eachDay, isoDay, lastDays } from "../usage-days";
import { Empty, ErrorState, Loading, formatNumber, saveFile } from "../ui";

const PALETTE = [
  "#0b5cad",
  "#d9480f",
  "#2b8a3e",
  "#862e9c",
  "#c92a2a",
  "#1098ad",
  "#5c940d",
  "#e67700",
  "#364fc7",
  "#a61e4d",
  "#087f5b",
  "#495057",
];

/** One colour per language, the same in every chart and on every visit: derived from the code, not from its position. */
export function languageColor(lang: string): string {
  let h = 0;
  for (const c of lang) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? "#0b5cad";
}

type Daily = RouterOutputs["usage"]["daily"];
type Preset = "today" | "7d" | "30d" | "period";

function presetRange(preset: Preset, period: { from: string; to: string } | undefined) {
  const today = isoDay(Date.now());
  if (preset === "today") return lastDays(1, Date.now());
  if (preset === "7d") return lastDays(7, Date.now());
  if (preset === "period" && period) return { from: period.from, to: today < period.to ? today : period.to };
  return lastDays(30, Date.now());
}

const presetLabels: Record<Preset, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  period: "This billing period",
};

export default function UsagePage() {
  const trpc = useTRPC();
  const [preset, setPreset] = useState<Preset | null>("30d");
  const [range, setRange] = useState(() => presetRange("30d", undefined));
  const usage = useQuery(trpc.usage.daily.queryOptions(range));
  const period = usage.data?.period;
  const choose = (p: Preset) => {
    setPreset(p);
    setRange(presetRange(p, period));
  };
  return (
    <>
      <h1>Usage</h1>
      <form className="card" onSubmit={(e) => e.preventDefault()} aria-label="Date range">
        <div className="presets" role="group" aria-label="Date presets">
          {(Object.keys(presetLabels) as Preset[]).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={preset === p}
              onClick={() => choose(p)}
              disabled={p === "period" && !period}
            >
              {presetLabels[p]}
            </button>
          ))}
        </div>
        <div className="row" style={{ marginTop: ".75rem" }}>
          <div className="field">
            <label htmlFor="from">From</label>
            <input
              id="from"
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => {
                if (!e.target.value) return;
                setPreset(null);
                setRange({ ...range, from: e.target.value });
              }}
            />
          </div>
          <div className="field">
            <label htmlFor="to">To (inclusive, UTC days)</label>
            <input
              id="to"
              type="date"
              value={range.to}
              min={range.from}
              onChange={(e) => {
                if (!e.target.value) return;
                setPreset(null);
                setRange({ ...range, to: e.target.value });
              }}
            />
          </div>
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

function keyLabel(r: { keyId: string | null; keyName: string | null; keyHint: string | null }) {
  return r.keyId ? `${r.keyName ?? r.keyId} (${r.keyHint ?? "?"})` : "No key (console, session tokens, documents)";
}

function UsageView({ data }: { data: Daily }) {
  const { perDay, perLanguage, perKey, languages } = useMemo(() => shape(data), [data]);
  const total = perLanguage.reduce((s, l) => s + l.characters, 0);
  const credits = perKey.reduce((s, k) => s + k.credits, 0);
  return (
    <>
      <section className="card" aria-labelledby="per-day-h">
        <h2 id="per-day-h">Characters per day</h2>
        <p className="muted">
          {formatNumber(total)} characters and {formatNumber(credits)} credits from {data.from} to {data.to}
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
              <YAxis allowDecimals={false} tickFormatter={formatNumber} />
              <Tooltip formatter={(v) => formatNumber(Number(v))} />
              <Legend />
              {languages.map((lang) => (
                <Bar
                  key={lang}
                  dataKey={lang}
                  stackId="chars"
                  fill={languageColor(lang)}
                  maxBarSize={48}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </section>
      <section className="card" aria-labelledby="per-lang-h">
        <h2 id="per-lang-h">Characters per target language</h2>
        <div
          className="chart"
          data-testid="chart-per-language"
          role="img"
          aria-label="Bar chart of characters per target language"
        >
          <ResponsiveContainer>
            <BarChart data={perLanguage} layout="vertical">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} tickFormatter={formatNumber} />
              <YAxis type="category" dataKey="lang" width={40} />
              <Tooltip formatter={(v) => formatNumber(Number(v))} />
              <Bar dataKey="characters" maxBarSize={48} isAnimationActive={false}>
                {perLanguage.map((l) => (
                  <Cell key={l.lang} fill={languageColor(l.lang)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </section>
      <section className="card" aria-labelledby="per-key-h">
        <h2 id="per-key-h">Per API key</h2>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Usage per API key (scrolls sideways)">
          <table data-testid="usage-per-key">
            <thead>
              <tr>
                <th scope="col">API key</th>
                <th scope="col">Characters</th>
                <th scope="col">Credits</th>
                <th scope="col">Translations</th>
              </tr>
            </thead>
            <tbody>
              {perKey.map((k) => (
                <tr key={k.keyId ?? "none"}>
                  <td>{keyLabel(k)}</td>
                  <td>{formatNumber(k.characters)}</td>
                  <td>{formatNumber(k.credits)}</td>
                  <td>{formatNumber(k.translations)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="table-h">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2 id="table-h">Table</h2>
          <button
            type="button"
            onClick={() =>
              saveFile({
                body: usageCsv(data.rows),
                contentType: "text/csv;charset=utf-8",
                filename: `tolk-usage-${data.from}-${data.to}.csv`,
              })
            }
          >
            Export CSV
          </button>
        </div>
        <DataTable
          columns={["Date", "Target language", "API key", "Characters", "Credits", "Translations"]}
          actions={false}
        >
          {data.rows.map((r) => (
            <tr key={`${r.day}-${r.targetLang}-${r.keyId ?? ""}`}>
              <td>{r.day}</td>
              <td>
                <span className="swatch" style={{ background: languageColor(r.targetLang) }} aria-hidden="true" />
                {r.targetLang}
              </td>
              <td>{keyLabel(r)}</td>
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

/** Rows → one chart point per day with a key per language, and totals per language and per key. */
function shape(data: Daily) {
  const languages = [...new Set(data.rows.map((r) => r.targetLang))].sort();
  // Every day of the range gets a point, so quiet days show as gaps in time, not as nothing.
  const days = new Map<string, Record<string, number | string>>();
  for (const day of eachDay(data)) days.set(day, { day });
  const totals = new Map<string, number>();
  const keys = new Map<
    string,
    {
      keyId: string | null;
      keyName: string | null;
      keyHint: string | null;
      characters: number;
      credits: number;
      translations: number;
    }
  >();
  for (const r of data.rows) {
    const point = days.get(r.day) ?? { day: r.day };
    point[r.targetLang] = Number(point[r.targetLang] ?? 0) + r.characters;
    days.set(r.day, point);
    totals.set(r.targetLang, (totals.get(r.targetLang) ?? 0) + r.characters);
    const k = keys.get(r.keyId ?? "") ?? {
      keyId: r.keyId,
      keyName: r.keyName,
      keyHint: r.keyHint,
      characters: 0,
      credits: 0,
      translations: 0,
    };
    k.characters += r.characters;
    k.credits += r.credits;
    k.translations += r.translations;
    keys.set(r.keyId ?? "", k);
  }
  return {
    languages,
    perDay: [...days.values()],
    perLanguage: [...totals]
      .map(([lang, characters]) => ({ lang, characters }))
      .sort((a, b) => b.characters - a.characters),
    perKey: [...keys.values()].sort((a, b) => b.credits - a.credits),
  };
}
