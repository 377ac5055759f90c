const DAY = 24 * 3600;

/** Each unit is used below its limit (seconds), so 59.9 minutes reads "1 hour", not "60 minutes". */
const steps: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ["minute", 60, 45 * 60],
  ["hour", 3600, 36 * 3600],
  ["day", DAY, 60 * DAY],
  ["month", 30 * DAY, 320 * DAY],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/**
 * "5 minutes ago", "in 30 days", "just now": how far `at` is from `now`, rounded in the unit
 * that fits. Under 45 seconds is "just now": last use is written once a minute, finer is noise.
 */
export function relativeTime(at: Date, now: Date): string {
  const seconds = (at.getTime() - now.getTime()) / 1000;
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size, below] of steps) {
    if (Math.abs(seconds) < below) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / (365 * DAY)), "year");
}
