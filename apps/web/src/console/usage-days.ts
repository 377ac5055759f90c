import { DAY_MS } from "@tolk/contract";

export const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last `n` UTC days up to and including today's. */
export function lastDays(n: number, now: number): { from: string; to: string } {
  return { from: isoDay(now - (n - 1) * DAY_MS), to: isoDay(now) };
}

/** One entry per day of the range, days without usage at 0, so a chart's bars keep their places. */
export function dailyTotals(
  rows: readonly { day: string; credits: number; characters: number }[],
  range: { from: string; to: string },
) {
  const byDay = new Map<string, { credits: number; characters: number }>();
  for (const r of rows) {
    const d = byDay.get(r.day) ?? { credits: 0, characters: 0 };
    d.credits += r.credits;
    d.characters += r.characters;
    byDay.set(r.day, d);
  }
  return eachDay(range).map((day) => ({ day, ...(byDay.get(day) ?? { credits: 0, characters: 0 }) }));
}

/** Every UTC day from `from` to `to`, both included. */
export function eachDay(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); isoDay(t) <= range.to; t += DAY_MS) days.push(isoDay(t));
  return days;
}
