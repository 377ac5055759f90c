import { beforeAll, describe, expect, it } from "vitest";

import { type DebitResult, type DomainContext, TolkError, debitCredits, getQuota, topUpCredits } from "@tolk/domain";
import { MINUTE, debitRows, ledgerRows, loadOrg, lotStates } from "@tolk/domain/test-helpers";
import { useTestDb } from "@tolk/domain/test-support";
import { createTestOrg } from "@tolk/domain/testing";
import { DebitGroupCommit } from "../src";

const onPostgres = Boolean(process.env.TOLK_TEST_DATABASE_URL);

const t = useTestDb();
// Over the root database, or over it with the group commit (each race below picks).
let ctx: DomainContext = t.ctx;

interface Outcome {
  paid: DebitResult[];
  refused: TolkError[];
  other: unknown[];
}

/** Fires every debit at once and sorts the outcomes. */
async function concurrently(calls: (() => Promise<DebitResult>)[]): Promise<Outcome> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  const outcome: Outcome = { paid: [], refused: [], other: [] };
  for (const s of settled) {
    if (s.status === "fulfilled") outcome.paid.push(s.value);
    else if (s.reason instanceof TolkError && s.reason.status === 402) outcome.refused.push(s.reason);
    else outcome.other.push(s.reason);
  }
  return outcome;
}

async function expectConsistentLedger(orgId: string) {
  for (const lot of await lotStates(ctx, orgId)) {
    expect(lot.remaining).toBeGreaterThanOrEqual(0);
    expect(lot.ledgerSum).toBe(lot.remaining);
  }
}

/** N concurrent 1-credit debits with distinct operation keys against an org holding only `credits`. */
async function raceForCredits(credits: number, requests: number) {
  const org = await createTestOrg(ctx, { plan: "enterprise", limits: { monthly_credits: 0 }, topUp: credits });
  const outcome = await concurrently(
    Array.from(
      { length: requests },
      (_, i) => () => debitCredits(ctx, { orgId: org.orgId, amount: 1, operationKey: `req_${i}` }),
    ),
  );
  expect(outcome.other).toEqual([]);
  expect(outcome.paid).toHaveLength(credits);
  expect(outcome.refused).toHaveLength(requests - credits);
  expect(outcome.paid.every((p) => !p.replayed)).toBe(true);
  for (const err of outcome.refused) expect(err.code).toBe("insufficient_credits");

  const quota = await getQuota(ctx, { org: await loadOrg(ctx, org.orgId) });
  expect(quota.credits.remaining).toBe(0);
  expect(quota.credits.consumed).toBe(credits);
  const debitEntries = (await ledgerRows(ctx, org.orgId)).filter((e) => e.entryType === "debit");
  expect(debitEntries.reduce((s, e) => s + e.amount, 0)).toBe(-credits);
  expect(await debitRows(ctx, org.orgId)).toHaveLength(credits);
  await expectConsistentLedger(org.orgId);
}

// Every race runs twice: each debit its own statement (a use case inside a transaction, the CLI)
// and the server's group commit (concurrent debits share one tolk_debit_many statement).
describe.each([
  ["one statement per debit", false],
  ["group commit", true],
])("concurrent debits never overspend (%s)", (_mode, grouped) => {
  beforeAll(() => {
    ctx = grouped
      ? { ...t.ctx, debits: new DebitGroupCommit(t.handle.db, { maxInFlight: onPostgres ? 4 : 1 }) }
      : t.ctx;
  });

  it.skipIf(!onPostgres)(
    "PostgreSQL: 1,000 concurrent 1-credit debits against 500 credits → exactly 500 paid",
    async () => {
      await raceForCredits(500, 1_000);
    },
    120_000,
  );

  it("100 concurrent 1-credit debits against 50 credits → exactly 50 paid", async () => {
    await raceForCredits(50, 100);
  });

  it("concurrent debits of 180 credits across allowance 100, top-up A 50 (older), B 50 (newer) → A empty, B 20 left", async () => {
    const org = await createTestOrg(ctx, { plan: "enterprise", limits: { monthly_credits: 100 } });
    const a = await topUpCredits(ctx, { orgId: org.orgId, amount: 50 });
    t.clock.advance(MINUTE);
    const b = await topUpCredits(ctx, { orgId: org.orgId, amount: 50 });
    const requests = onPostgres ? 180 : 90;
    const amount = onPostgres ? 1 : 2;
    const outcome = await concurrently(
      Array.from(
        { length: requests },
        (_, i) => () => debitCredits(ctx, { orgId: org.orgId, amount, operationKey: `op_${i}` }),
      ),
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.refused).toEqual([]);
    const lots = await lotStates(ctx, org.orgId);
    expect(lots.find((l) => l.kind === "allowance")?.remaining).toBe(0);
    expect(lots.find((l) => l.id === a.lotId)?.remaining).toBe(0);
    expect(lots.find((l) => l.id === b.lotId)?.remaining).toBe(20);
    // Each ledger row names the lot it drew from; per lot they add up to what the lot lost.
    const ledger = (await ledgerRows(ctx, org.orgId)).filter((e) => e.entryType === "debit");
    const byLot = (lotId: string | undefined) =>
      ledger.filter((e) => e.lotId === lotId).reduce((s, e) => s + e.amount, 0);
    expect(byLot(lots.find((l) => l.kind === "allowance")?.id)).toBe(-100);
    expect(byLot(a.lotId)).toBe(-50);
    expect(byLot(b.lotId)).toBe(-30);
    await expectConsistentLedger(org.orgId);
  }, 60_000);

  it("50 concurrent debits with the same operation key debit once", async () => {
    const org = await createTestOrg(ctx, { plan: "free", topUp: 1_000 });
    const outcome = await concurrently(
      Array.from(
        { length: 50 },
        () => () => debitCredits(ctx, { orgId: org.orgId, amount: 7, operationKey: "same-request" }),
      ),
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.paid).toHaveLength(50);
    expect(outcome.paid.filter((p) => !p.replayed)).toHaveLength(1);
    expect(new Set(outcome.paid.map((p) => p.debitId)).size).toBe(1);
    expect(await debitRows(ctx, org.orgId)).toHaveLength(1);
    const quota = await getQuota(ctx, { org: await loadOrg(ctx, org.orgId) });
    expect(quota.credits.consumed).toBe(7);
    expect(quota.credits.remaining).toBe(10_000 + 1_000 - 7);
    const debitEntries = (await ledgerRows(ctx, org.orgId)).filter((e) => e.entryType === "debit");
    expect(debitEntries).toHaveLength(1);
    await expectConsistentLedger(org.orgId);
  });

  it("concurrent first debits of a new period create exactly one allowance lot", async () => {
    const org = await createTestOrg(ctx, { plan: "free" });
    const outcome = await concurrently(
      Array.from(
        { length: 20 },
        (_, i) => () => debitCredits(ctx, { orgId: org.orgId, amount: 10, operationKey: `p_${i}` }),
      ),
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.paid).toHaveLength(20);
    const allowanceLots = (await lotStates(ctx, org.orgId)).filter((l) => l.kind === "allowance");
    expect(allowanceLots).toHaveLength(1);
    expect(allowanceLots[0]?.remaining).toBe(10_000 - 200);
  });
});
