import { DAY_MS } from "@tolk/contract";

/** The expiries offered, in days from now; "date" asks for a day instead. */
export const presets = [
  { value: "never", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "date", label: "On a date…" },
] as const;
export type Preset = (typeof presets)[number]["value"];

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
