"use client";

import { useId, useState } from "react";

import { DAY_MS } from "@tolk/contract";

import { type ExpiryChoice, type Preset, presets } from "./expiry";

/** A select of common lifetimes, and a date field when the admin wants a day of their own. */
export function ExpiryPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ExpiryChoice;
  onChange: (next: ExpiryChoice) => void;
}) {
  const id = useId();
  // Tomorrow at the earliest: an expiry in the past is refused by the server anyway.
  const [tomorrow] = useState(() => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10));
  return (
    <div className="row">
      <div className="field">
        <label htmlFor={`${id}-preset`}>{label}</label>
        <select
          id={`${id}-preset`}
          value={value.preset}
          onChange={(e) => onChange({ ...value, preset: e.target.value as Preset })}
        >
          {presets.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {value.preset === "date" && (
        <div className="field">
          <label htmlFor={`${id}-date`}>Last day (UTC)</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            min={tomorrow}
            value={value.date}
            onChange={(e) => onChange({ ...value, date: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}
