"use client";

import { useState } from "react";

/** The request log's time range: [from, to), `to` open for a preset (new requests keep appearing). */
export interface DateRange {
  preset: Preset;
  from: Date | null;
  to: Date | null;
  /** What the log's heading says ("Last 7 days"). */
  label: string;
}

type Preset = "24h" | "7d" | "30d" | "custom";

const HOUR_MS = 3_600_000;
const presets: Record<Exclude<Preset, "custom">, { label: string; ms: number }> = {
  "24h": { label: "Last 24 hours", ms: 24 * HOUR_MS },
  "7d": { label: "Last 7 days", ms: 7 * 24 * HOUR_MS },
  "30d": { label: "Last 30 days", ms: 30 * 24 * HOUR_MS },
};

function presetRange(preset: Exclude<Preset, "custom">): DateRange {
  return { preset, from: new Date(Date.now() - presets[preset].ms), to: null, label: presets[preset].label };
}

export const defaultRange = (): DateRange => presetRange("7d");

/** A `datetime-local` value read as UTC (the log shows UTC times), or null when incomplete. */
function utc(value: string): Date | null {
  if (!value) return null;
  const at = new Date(`${value}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const inputValue = (at: Date | null) => (at ? at.toISOString().slice(0, 16) : "");
const shown = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The presets (24 hours, 7 days, 30 days) and a custom range in UTC. The range is applied by
 * the server (the log is indexed by organization and time), so pages stay within it.
 */
export function RangePicker({
  range,
  onChange,
  disabledBecause,
}: {
  range: DateRange;
  onChange: (r: DateRange) => void;
  disabledBecause: string | null;
}) {
  const [from, setFrom] = useState(() => inputValue(range.from));
  const [to, setTo] = useState(() => inputValue(range.to));
  const [problem, setProblem] = useState<string | null>(null);
  const applyCustom = (fromText: string, toText: string) => {
    const start = utc(fromText);
    const end = utc(toText);
    if (!start) return setProblem("Choose when the range starts.");
    if (end && end.getTime() <= start.getTime()) return setProblem("The range ends before it starts.");
    setProblem(null);
    onChange({
      preset: "custom",
      from: start,
      to: end,
      label: end ? `${shown(start)} to ${shown(end)}` : `Since ${shown(start)}`,
    });
  };
  return (
    <form
      className="card"
      aria-label="Time range"
      // The range is checked here, with a message on the page; the browser's own bubble would hide it.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        applyCustom(from, to);
      }}
    >
      <div className="presets" role="group" aria-label="Time range presets">
        {(Object.keys(presets) as Exclude<Preset, "custom">[]).map((p) => (
          <button key={p} type="button" aria-pressed={range.preset === p} onClick={() => onChange(presetRange(p))}>
            {presets[p].label}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={range.preset === "custom"}
          onClick={() => {
            if (range.preset === "custom") return;
            // Starts as the range on screen, so "Custom" narrows what is shown.
            const start = inputValue(range.from);
            setFrom(start);
            setTo("");
            applyCustom(start, "");
          }}
        >
          Custom
        </button>
      </div>
      {range.preset === "custom" && (
        <div className="row req-range">
          <div className="field">
            <label htmlFor="req-from">From (UTC)</label>
            <input id="req-from" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="req-to">To (UTC, empty for now)</label>
            <input id="req-to" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <div className="field">
            <button type="submit">Apply range</button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="alert error">
          {problem}
        </p>
      )}
      {disabledBecause && <p className="muted">{disabledBecause}</p>}
    </form>
  );
}
