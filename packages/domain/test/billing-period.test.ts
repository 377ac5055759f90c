import { describe, expect, it } from "vitest";

import { billingPeriod } from "../src";

const d = (iso: string) => new Date(iso);
const period = (anchor: string, now: string) => {
  const p = billingPeriod(d(anchor), d(now));
  return { start: p.start.toISOString(), end: p.end.toISOString() };
};

describe("billingPeriod", () => {
  it("runs from the anchor's day and time of month to the same point next month", () => {
    expect(period("2026-01-10T08:30:00.000Z", "2026-03-20T00:00:00.000Z")).toEqual({
      start: "2026-03-10T08:30:00.000Z",
      end: "2026-04-10T08:30:00.000Z",
    });
    // Before this month's anniversary: still last month's period.
    expect(period("2026-01-10T08:30:00.000Z", "2026-03-05T00:00:00.000Z")).toEqual({
      start: "2026-02-10T08:30:00.000Z",
      end: "2026-03-10T08:30:00.000Z",
    });
  });

  it("clamps an anchor on the 31st to Feb 28, and to Feb 29 in a leap year", () => {
    expect(period("2026-01-31T10:00:00.000Z", "2026-02-15T00:00:00.000Z")).toEqual({
      start: "2026-01-31T10:00:00.000Z",
      end: "2026-02-28T10:00:00.000Z",
    });
    expect(period("2026-01-31T10:00:00.000Z", "2026-03-01T00:00:00.000Z")).toEqual({
      start: "2026-02-28T10:00:00.000Z",
      end: "2026-03-31T10:00:00.000Z",
    });
    expect(period("2028-01-31T10:00:00.000Z", "2028-02-20T00:00:00.000Z")).toEqual({
      start: "2028-01-31T10:00:00.000Z",
      end: "2028-02-29T10:00:00.000Z",
    });
  });

  it("clamps an anchor on the 31st to the 30th in 30-day months and returns to the 31st after", () => {
    expect(period("2026-01-31T10:00:00.000Z", "2026-04-15T00:00:00.000Z")).toEqual({
      start: "2026-03-31T10:00:00.000Z",
      end: "2026-04-30T10:00:00.000Z",
    });
    expect(period("2026-01-31T10:00:00.000Z", "2026-05-10T00:00:00.000Z")).toEqual({
      start: "2026-04-30T10:00:00.000Z",
      end: "2026-05-31T10:00:00.000Z",
    });
  });

  it("puts the instant of the boundary into the new period, and the millisecond before into the old", () => {
    expect(period("2026-01-31T10:00:00.000Z", "2026-02-28T10:00:00.000Z")).toEqual({
      start: "2026-02-28T10:00:00.000Z",
      end: "2026-03-31T10:00:00.000Z",
    });
    expect(period("2026-01-31T10:00:00.000Z", "2026-02-28T09:59:59.999Z")).toEqual({
      start: "2026-01-31T10:00:00.000Z",
      end: "2026-02-28T10:00:00.000Z",
    });
    // At the anchor itself the first period begins.
    expect(period("2026-03-15T12:00:00.000Z", "2026-03-15T12:00:00.000Z")).toEqual({
      start: "2026-03-15T12:00:00.000Z",
      end: "2026-04-15T12:00:00.000Z",
    });
  });

  it("rolls over from December into January of the next year", () => {
    expect(period("2026-01-15T00:00:00.000Z", "2026-12-20T00:00:00.000Z")).toEqual({
      start: "2026-12-15T00:00:00.000Z",
      end: "2027-01-15T00:00:00.000Z",
    });
    // Early January, before the anniversary: the period began in December of the year before.
    expect(period("2026-01-15T00:00:00.000Z", "2027-01-10T00:00:00.000Z")).toEqual({
      start: "2026-12-15T00:00:00.000Z",
      end: "2027-01-15T00:00:00.000Z",
    });
    expect(period("2026-05-31T23:59:59.000Z", "2027-01-05T00:00:00.000Z")).toEqual({
      start: "2026-12-31T23:59:59.000Z",
      end: "2027-01-31T23:59:59.000Z",
    });
  });

  it("tiles time without gaps or overlaps: each period contains now and ends where the next begins", () => {
    for (const anchor of [
      "2026-01-31T10:00:00.000Z",
      "2024-02-29T00:00:00.000Z",
      "2025-12-30T23:59:59.999Z",
      "2026-03-01T00:00:00.000Z",
    ]) {
      let now = d("2026-01-01T00:00:00.000Z").getTime();
      const stop = d("2028-12-31T00:00:00.000Z").getTime();
      while (now < stop) {
        const p = billingPeriod(d(anchor), new Date(now));
        expect(p.start.getTime()).toBeLessThanOrEqual(now);
        expect(p.end.getTime()).toBeGreaterThan(now);
        const lengthDays = (p.end.getTime() - p.start.getTime()) / 86_400_000;
        expect(lengthDays).toBeGreaterThanOrEqual(28);
        expect(lengthDays).toBeLessThanOrEqual(31);
        expect(billingPeriod(d(anchor), p.end).start.getTime()).toBe(p.end.getTime());
        now += 37 * 3_600_000 + 1_234; // an odd step, so hours and days vary
      }
    }
  });
});
