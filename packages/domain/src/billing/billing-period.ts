export interface BillingPeriod {
  start: Date;
  end: Date;
}

function monthlyAnniversary(anchor: Date, year: number, month: number): Date {
  // Anchored on the 31st, a period in a 30-day month starts on the 30th (clamped, not rolled).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The monthly billing period containing `now`, on the anchor's day of month (UTC). */
export function billingPeriod(anchor: Date, now: Date): BillingPeriod {
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = monthlyAnniversary(anchor, year, month);
  if (start > now) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
    start = monthlyAnniversary(anchor, year, month);
  }
  const end = monthlyAnniversary(anchor, month === 11 ? year + 1 : year, (month + 1) % 12);
  return { start, end };
}
