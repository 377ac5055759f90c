"use client";

import { useId, useState } from "react";

const DAY_MS = 24 * 3600 * 1000;

/** The expiries offered, in days from now; "date" asks for a day instead. */
const presets = [
  { value: "never", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "date", label: "On a date…" },
] as const;
type Preset = (typeof presets)[number]["value"];

export interface ExpiryChoice {
  preset: Preset;
  /** `YYYY-MM-DD` when the preset is "date". */
  date: string;
}

export const NO_EXPIRY: ExpiryChoice = { preset: "never", date: "" };

/**
 * The instant a choice means: null for never; a chosen day lasts to its end in UTC (the console
 * shows times in UTC), so "2027-01-31" is usable all of that day.
 */
export function expiryInstant(choice: ExpiryChoice, now = new Date()): Date | null {
  if (choice.preset === "never") return null;
  if (choice.preset === "date") return choice.date ? new Date(`${choice.date}T23:59:59.999Z`) : null;
  return new Date(now.getTime() + Number(choice.preset) * DAY_MS);
}

/** A select of common lifetimes, and a date field when the admin wants a day of their own. */
export function ExpiryPicker({ label, value, onChange }: { label: string; value: ExpiryChoice; onChange: (next: ExpiryChoice) => void }) {
  const id = useId();
  // Tomorrow at the earliest: an expiry in the past is refused by the server anyway.
  const [tomorrow] = useState(() => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10));
  return (
    <div className="row">
      <div className="field">
        <label htmlFor={`${id}-preset`}>{label}</label>
        <select id={`${id}-preset`} value={value.preset} onChange={(e) => onChange({ ...value, preset: e.target.value as Preset })}>
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
          <input id={`${id}-date`} type="date" required min={tomorrow} value={value.date} onChange={(e) => onChange({ ...value, date: e.target.value })} />
        </div>
      )}
    </div>
  );
}
