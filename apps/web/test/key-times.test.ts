import { describe, expect, it } from "vitest";

import { expiryInstant } from "../src/console/keys/expiry";
import { relativeTime } from "../src/console/keys/relative-time";

const now = new Date("2026-03-15T12:00:00Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("the keys page's times", () => {
  it("reads a last use or an expiry as people say it, rounded to the unit that fits", () => {
    expect(relativeTime(at(-10), now)).toBe("just now");
    expect(relativeTime(at(-70), now)).toBe("1 minute ago");
    expect(relativeTime(at(3599), now)).toBe("in 1 hour");
    expect(relativeTime(at(-5 * 3600), now)).toBe("5 hours ago");
    // A 30-day expiry a moment after it was set still reads as 30 days.
    expect(relativeTime(at(30 * 86400 - 5), now)).toBe("in 30 days");
    expect(relativeTime(at(90 * 86400), now)).toBe("in 3 months");
    expect(relativeTime(at(-2 * 365 * 86400), now)).toBe("2 years ago");
  });

  it("turns the expiry picker's choice into the instant the key stops", () => {
    expect(expiryInstant({ preset: "never", date: "" }, now)).toBeNull();
    expect(expiryInstant({ preset: "30", date: "" }, now)?.toISOString()).toBe("2026-04-14T12:00:00.000Z");
    // A chosen day is usable to its end, in UTC.
    expect(expiryInstant({ preset: "date", date: "2026-04-01" }, now)?.toISOString()).toBe("2026-04-01T23:59:59.999Z");
  });
});
