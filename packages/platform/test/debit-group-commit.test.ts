import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type DebitStatement,
  type DomainContext,
  TolkError,
  assertCanAfford,
  debitCredits,
  topUpCredits,
} from "@tolk/domain";
import { DebitGroupCommit, SpendableHints } from "../src";
import { type TestDb, createTestDb, createTestOrg } from "@tolk/domain/testing";
import { debitRows, loadOrg, lotStates } from "@tolk/domain/test-helpers";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** A group commit over the test database that counts the statements it sends. */
function countingGroupCommit() {
  let statements = 0;
  const db = { execute: (query: SQL) => (statements++, t.handle.db.execute(query)) };
  return { debits: new DebitGroupCommit(db, { maxInFlight: 1 }), statements: () => statements };
}

function statement(orgId: string, key: string, usage: unknown[] | null = null): DebitStatement {
  const now = t.ctx.now();
  return {
    org: orgId,
    key,
    amount: 5,
    allowance: 10_000,
    period_start: new Date(now.getTime() - 86_400_000).toISOString(),
    period_end: new Date(now.getTime() + 86_400_000).toISOString(),
    now: now.toISOString(),
    usage,
  };
}

describe("debit group commit", () => {
  it("sends the debits of one event-loop turn as one statement", async () => {
    const org = await createTestOrg(t.ctx, { plan: "starter" });
    const { debits, statements } = countingGroupCommit();
    const ctx: DomainContext = { ...t.ctx, debits };
    const orgRow = await loadOrg(t.ctx, org.orgId);
    const paid = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        debitCredits(ctx, { orgId: org.orgId, org: orgRow, amount: 3, operationKey: `g${i}` }),
      ),
    );
    expect(paid.every((p) => p.amount === 3 && !p.replayed)).toBe(true);
    expect(statements()).toBe(1); // submitted in one event-loop turn: one statement
    expect(await debitRows(t.ctx, org.orgId)).toHaveLength(20);
  });

  it("fails only the item that fails: an unknown organization, a usage row the database refuses", async () => {
    const org = await createTestOrg(t.ctx, { plan: "starter" });
    const { debits } = countingGroupCommit();
    const replies = await Promise.all([
      debits.submit(statement(org.orgId, "first")),
      debits.submit(statement("org_doesnotexist", "ghost")),
      debits.submit(statement(org.orgId, "bad-usage", [{ request_id: null, kind: "text" }])),
      debits.submit(statement(org.orgId, "fine")),
    ]);
    expect(replies[1]).toEqual({ error: "org_not_found" });
    expect(replies[2]).toHaveProperty("failed");
    expect(replies[3]).toMatchObject({ amount: 5, replayed: false });
    // The refused item left nothing behind: no debit row, no credits taken.
    const keys = (await debitRows(t.ctx, org.orgId)).map((d) => d.operationKey).sort();
    expect(keys).toEqual(["fine", "first"]);
    const usage: unknown = await t.handle.db.execute(
      sql`select count(*)::int as n from usage_events where org_id = ${org.orgId}`,
    );
    expect(JSON.stringify(usage)).toContain('"n":0');
  });

  it("answers in one statement as debits one at a time would: a key twice, one that cannot be paid, a replay", async () => {
    const org = await createTestOrg(t.ctx, { plan: "starter" });
    const { debits, statements } = countingGroupCommit();
    const earlier = await debits.submit(statement(org.orgId, "earlier"));
    const replies = await Promise.all([
      debits.submit(statement(org.orgId, "twice")),
      debits.submit(statement(org.orgId, "twice")),
      debits.submit({ ...statement(org.orgId, "too-much"), amount: 1_000_000 }),
      debits.submit(statement(org.orgId, "earlier")),
      debits.submit(statement(org.orgId, "after")),
    ]);
    expect(statements()).toBe(2);
    expect(replies[0]).toMatchObject({ amount: 5, replayed: false });
    expect(replies[1]).toEqual({ ...replies[0], replayed: true });
    expect(replies[2]).toEqual({ insufficient: true, available: 10_000 - 5 - 5 });
    expect(replies[3]).toEqual({ ...earlier, replayed: true });
    expect(replies[4]).toMatchObject({ amount: 5, replayed: false });
    expect(await debitRows(t.ctx, org.orgId)).toHaveLength(3);
    expect((await lotStates(t.ctx, org.orgId)).reduce((n, l) => n + l.remaining, 0)).toBe(10_000 - 15);
  });

  it("rejects every waiting debit when the statement itself fails, and takes nothing", async () => {
    const org = await createTestOrg(t.ctx, { plan: "starter" });
    const broken = new DebitGroupCommit(
      { execute: () => Promise.reject(new Error("connection lost")) },
      { maxInFlight: 1 },
    );
    const settled = await Promise.allSettled([1, 2, 3].map((i) => broken.submit(statement(org.orgId, `x${i}`))));
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await debitRows(t.ctx, org.orgId)).toHaveLength(0);
  });
});

describe("spendable hints (the pre-check's shortcut)", () => {
  it("skips the read only while a fresh figure covers the estimate, and forgets it at a period boundary", () => {
    const hints = new SpendableHints(1_000);
    const period = new Date("2026-03-01T00:00:00Z");
    const now = new Date("2026-03-15T12:00:00Z");
    hints.remember("org_a", period, 100, now);
    expect(hints.covers("org_a", period, 100, now)).toBe(true);
    hints.spent("org_a", 30);
    expect(hints.covers("org_a", period, 71, now)).toBe(false);
    expect(hints.covers("org_a", period, 70, now)).toBe(true);
    expect(hints.covers("org_a", period, 1, new Date(now.getTime() + 1_001))).toBe(false);
    expect(hints.covers("org_a", new Date("2026-04-01T00:00:00Z"), 1, now)).toBe(false);
    expect(hints.covers("org_b", period, 0, now)).toBe(false);
  });

  it("never trusts a figure that does not cover: a top-up counts on the very next request", async () => {
    const org = await createTestOrg(t.ctx, { plan: "enterprise", limits: { monthly_credits: 0 } });
    const ctx: DomainContext = { ...t.ctx, spendable: new SpendableHints(60_000) };
    const principal = { org: await loadOrg(t.ctx, org.orgId) };
    await expect(assertCanAfford(ctx, principal, 50)).rejects.toMatchObject({ status: 402 });
    await topUpCredits(t.ctx, { orgId: org.orgId, amount: 50 });
    await expect(assertCanAfford(ctx, principal, 50)).resolves.toBeUndefined();
  });

  it("a stale figure lets work start but the debit still refuses what cannot be paid", async () => {
    const org = await createTestOrg(t.ctx, { plan: "enterprise", limits: { monthly_credits: 0 }, topUp: 40 });
    const ctx: DomainContext = { ...t.ctx, spendable: new SpendableHints(60_000) };
    const principal = { org: await loadOrg(t.ctx, org.orgId) };
    await assertCanAfford(ctx, principal, 40);
    await debitCredits(t.ctx, { orgId: org.orgId, amount: 40, operationKey: "elsewhere" }); // another instance spends it
    await assertCanAfford(ctx, principal, 40); // the shortcut does not know yet
    const refused = await debitCredits(ctx, { orgId: org.orgId, amount: 40, operationKey: "late" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(TolkError);
    expect((refused as TolkError).status).toBe(402);
  });
});
