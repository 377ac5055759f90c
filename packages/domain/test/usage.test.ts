import { describe, expect, it } from "vitest";

import { type UsageRecord, getUsage } from "../src";
import { createTestOrg, recordUsage } from "../src/testing";
import { rejection } from "./helpers";
import { useTestDb } from "./support";

const t = useTestDb({ resetClock: true });
const { ctx } = t;

function event(orgId: string, targetLang: string, characters: number, kind: UsageRecord["kind"] = "text"): UsageRecord {
  return { orgId, requestId: crypto.randomUUID(), kind, sourceLang: "en", targetLang, characters, credits: characters };
}

/** Records events at the given instant (the clock is the only timestamp source). */
async function recordAt(iso: string, records: UsageRecord[]) {
  t.clock.set(iso);
  await recordUsage(ctx, records);
}

async function newOrg() {
  return (await createTestOrg(ctx, { plan: "free" })).orgId;
}

describe("usage", () => {
  it("aggregates per target language, sorted by characters descending, with totals", async () => {
    const orgId = await newOrg();
    await recordAt("2026-03-10T09:00:00.000Z", [event(orgId, "de", 100), event(orgId, "fr", 500)]);
    await recordAt("2026-03-11T09:00:00.000Z", [event(orgId, "de", 150, "batch"), event(orgId, "ja", 300, "document")]);
    await recordAt("2026-03-12T09:00:00.000Z", [event(orgId, "de", 1)]);

    const usage = await getUsage(ctx, { orgId, from: "2026-03-01", to: "2026-03-31" });
    expect(usage).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      total_characters: 1_051,
      total_documents: 5,
      by_language: [
        { target_lang: "fr", characters: 500, documents: 1 },
        { target_lang: "ja", characters: 300, documents: 1 },
        { target_lang: "de", characters: 251, documents: 3 },
      ],
    });
  });

  it("orders languages with equal characters by code, so the order is stable", async () => {
    const orgId = await newOrg();
    await recordAt("2026-03-10T09:00:00.000Z", [
      event(orgId, "it", 10),
      event(orgId, "es", 10),
      event(orgId, "pt", 20),
    ]);
    const usage = await getUsage(ctx, { orgId, from: "2026-03-10", to: "2026-03-10" });
    expect(usage.by_language.map((l) => l.target_lang)).toEqual(["pt", "es", "it"]);
  });

  it("defaults to the last 30 days up to today", async () => {
    const orgId = await newOrg();
    await recordAt("2026-02-12T23:59:59.999Z", [event(orgId, "de", 1)]); // 31 days before today: out
    await recordAt("2026-02-13T00:00:00.000Z", [event(orgId, "de", 10)]); // 30 days before: in
    await recordAt("2026-03-15T23:00:00.000Z", [event(orgId, "de", 100)]); // today, later than now: in
    t.clock.set("2026-03-15T12:00:00.000Z");
    const usage = await getUsage(ctx, { orgId });
    expect(usage.from).toBe("2026-02-13");
    expect(usage.to).toBe("2026-03-15");
    expect(usage.total_characters).toBe(110);
    expect(usage.total_documents).toBe(2);
  });

  it("with only `to`, counts the 30 days before it; with only `from`, up to today", async () => {
    const orgId = await newOrg();
    await recordAt("2026-01-20T10:00:00.000Z", [event(orgId, "de", 7)]);
    t.clock.set("2026-03-15T12:00:00.000Z");
    expect(await getUsage(ctx, { orgId, to: "2026-02-01" })).toMatchObject({
      from: "2026-01-02",
      to: "2026-02-01",
      total_characters: 7,
    });
    expect(await getUsage(ctx, { orgId, from: "2026-01-20" })).toMatchObject({
      from: "2026-01-20",
      to: "2026-03-15",
      total_characters: 7,
    });
  });

  it("includes the whole `to` day and the whole `from` day, nothing beyond", async () => {
    const orgId = await newOrg();
    await recordAt("2026-03-01T00:00:00.000Z", [event(orgId, "de", 1)]);
    await recordAt("2026-03-05T23:59:59.999Z", [event(orgId, "de", 10)]);
    await recordAt("2026-03-06T00:00:00.000Z", [event(orgId, "de", 100)]);
    await recordAt("2026-02-28T23:59:59.999Z", [event(orgId, "de", 1_000)]);
    expect((await getUsage(ctx, { orgId, from: "2026-03-01", to: "2026-03-05" })).total_characters).toBe(11);
    expect((await getUsage(ctx, { orgId, from: "2026-03-06", to: "2026-03-06" })).total_characters).toBe(100);
  });

  it("refuses `from` after `to` with 400", async () => {
    const orgId = await newOrg();
    const err = await rejection(getUsage(ctx, { orgId, from: "2026-03-10", to: "2026-03-09" }));
    expect(err).toMatchObject({ status: 400, code: "bad_request", type: "invalid_request_error" });
    expect(err.message).toContain("2026-03-10");
  });

  it("refuses a range longer than 366 days with 400", async () => {
    const orgId = await newOrg();
    expect((await rejection(getUsage(ctx, { orgId, from: "2024-01-01", to: "2026-01-01" }))).status).toBe(400);
  });

  it("counts only the organization's own events", async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    await recordAt("2026-03-10T09:00:00.000Z", [
      event(mine, "de", 5),
      event(theirs, "de", 700),
      event(theirs, "sv", 80),
    ]);
    const usage = await getUsage(ctx, { orgId: mine, from: "2026-03-01", to: "2026-03-31" });
    expect(usage.total_characters).toBe(5);
    expect(usage.by_language).toEqual([{ target_lang: "de", characters: 5, documents: 1 }]);
  });

  it("reports zeros and an empty list when nothing was translated", async () => {
    const orgId = await newOrg();
    expect(await getUsage(ctx, { orgId })).toMatchObject({ total_characters: 0, total_documents: 0, by_language: [] });
  });
});
