import { ID_PATTERN } from "@tolk/db";
import { describe, expect, it } from "vitest";

import {
  type DomainContext,
  type PrincipalOrg,
  debitCredits,
  getQuota,
  refundCredits,
  setOrganizationPlan,
  getCreditBalance,
  readLiveLots,
  spendableCredits,
  topUpCredits,
} from "../src";
import { createTestOrg } from "../src/testing";
import { MINUTE, debitRows, ledgerOfDebit, ledgerRows, loadOrg, lotStates, rejection } from "./helpers";
import { useTestDb } from "./support";

const t = useTestDb({ resetClock: true });
const { ctx } = t;

async function quota(orgId: string) {
  return (await getQuota(ctx, { org: await loadOrg(ctx, orgId) })).credits;
}

/** Every lot's cached `remaining` equals the sum of its ledger entries, and none is negative. */
async function expectLedgerInvariant(orgId: string) {
  const lots = await lotStates(ctx, orgId);
  expect(lots.length).toBeGreaterThan(0);
  for (const lot of lots) {
    expect(lot.ledgerSum, `lot ${lot.id} (${lot.kind})`).toBe(lot.remaining);
    expect(lot.remaining).toBeGreaterThanOrEqual(0);
    expect(lot.remaining).toBeLessThanOrEqual(lot.amount);
  }
}

/** A free org (allowance 10,000) with top-up A (older) and B (newer) of the given sizes. */
async function freeOrgWithTopUps(a: number, b: number) {
  const org = await createTestOrg(ctx, { plan: "free" });
  const lotA = await topUpCredits(ctx, { orgId: org.orgId, amount: a });
  t.clock.advance(MINUTE);
  const lotB = await topUpCredits(ctx, { orgId: org.orgId, amount: b });
  t.clock.advance(MINUTE);
  return { orgId: org.orgId, lotA: lotA.lotId, lotB: lotB.lotId };
}

async function remainingByLot(orgId: string) {
  const lots = await lotStates(ctx, orgId);
  const allowance = lots.find((l) => l.kind === "allowance");
  return { allowance: allowance?.remaining, lots: new Map(lots.map((l) => [l.id, l.remaining])) };
}

describe("debit order: allowance first, then top-ups oldest first", () => {
  it("crosses allowance → A → B with one ledger row per lot touched", async () => {
    const { orgId, lotA, lotB } = await freeOrgWithTopUps(1_000, 1_000);

    const first = await debitCredits(ctx, { orgId, amount: 9_500, operationKey: "d1" });
    expect(first.replayed).toBe(false);
    expect(first.drawn).toHaveLength(1);
    let state = await remainingByLot(orgId);
    expect(state.allowance).toBe(500);
    expect(state.lots.get(lotA)).toBe(1_000);
    expect(state.lots.get(lotB)).toBe(1_000);

    // 500 from the allowance, 300 from A; B untouched.
    const second = await debitCredits(ctx, { orgId, amount: 800, operationKey: "d2" });
    expect(second.drawn.map((x) => x.amount)).toEqual([500, 300]);
    expect(second.drawn[1]?.lotId).toBe(lotA);
    state = await remainingByLot(orgId);
    expect(state.allowance).toBe(0);
    expect(state.lots.get(lotA)).toBe(700);
    expect(state.lots.get(lotB)).toBe(1_000);
    const d2 = await ledgerOfDebit(ctx, orgId, "d2");
    expect(d2).toHaveLength(2);
    expect(d2.find((r) => r.lotId === lotA)).toMatchObject({ entryType: "debit", amount: -300 });

    // 700 from A, 300 from B.
    const third = await debitCredits(ctx, { orgId, amount: 1_000, operationKey: "d3" });
    expect(third.drawn).toEqual([
      { lotId: lotA, amount: 700 },
      { lotId: lotB, amount: 300 },
    ]);
    state = await remainingByLot(orgId);
    expect(state.lots.get(lotA)).toBe(0);
    expect(state.lots.get(lotB)).toBe(700);
    const d3 = await ledgerOfDebit(ctx, orgId, "d3");
    expect(d3.map((r) => [r.lotId, r.amount]).sort()).toEqual(
      [
        [lotA, -700],
        [lotB, -300],
      ].sort(),
    );

    // The rest of B, then nothing.
    await debitCredits(ctx, { orgId, amount: 700, operationKey: "d4" });
    state = await remainingByLot(orgId);
    expect(state.lots.get(lotB)).toBe(0);
    const err = await rejection(debitCredits(ctx, { orgId, amount: 1, operationKey: "d5" }));
    expect(err.status).toBe(402);
    await expectLedgerInvariant(orgId);

    // Rows made by the database (allowance lot, debits, ledger) and by TypeScript (top-up lots)
    // carry ids of one format.
    const ids = [
      ...(await lotStates(ctx, orgId)).map((l) => l.id),
      ...(await debitRows(ctx, orgId)).map((d) => d.id),
      ...(await ledgerRows(ctx, orgId)).map((e) => e.id),
    ];
    expect(ids.length).toBeGreaterThan(8);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
  });

  it("spends an older top-up before a newer one even when the newer is larger", async () => {
    const { orgId, lotA, lotB } = await freeOrgWithTopUps(10, 5_000);
    await debitCredits(ctx, { orgId, amount: 10_000, operationKey: "allowance" });
    const debit = await debitCredits(ctx, { orgId, amount: 15, operationKey: "cross" });
    expect(debit.drawn).toEqual([
      { lotId: lotA, amount: 10 },
      { lotId: lotB, amount: 5 },
    ]);
    await expectLedgerInvariant(orgId);
  });
});

describe("top-ups", () => {
  it("adds a lot and returns the new remaining balance", async () => {
    const org = await createTestOrg(ctx, { plan: "free" });
    const lot = await topUpCredits(ctx, { orgId: org.orgId, amount: 2_500 });
    expect(lot).toMatchObject({ amount: 2_500, remaining: 12_500 });
    expect(lot.lotId).toMatch(/^lot_/);
    await expectLedgerInvariant(org.orgId);
  });

  it("refuses amounts that are not 1..1,000,000,000 whole credits (400) and unknown organizations (404)", async () => {
    const org = await createTestOrg(ctx, { plan: "free" });
    for (const amount of [0, -5, 2.5, 1_000_000_001, Number.NaN]) {
      expect((await rejection(topUpCredits(ctx, { orgId: org.orgId, amount }))).status, String(amount)).toBe(400);
    }
    expect((await rejection(topUpCredits(ctx, { orgId: "org_missing", amount: 5 }))).status).toBe(404);
    expect((await lotStates(ctx, org.orgId)).filter((l) => l.kind === "top_up")).toEqual([]);
  });
});

describe("insufficient credits", () => {
  it("refuses with 402, states required and available amounts, and takes nothing", async () => {
    const { orgId } = await freeOrgWithTopUps(3, 2);
    await debitCredits(ctx, { orgId, amount: 9_990, operationKey: "most" });
    const lotsBefore = await lotStates(ctx, orgId);
    const ledgerBefore = (await ledgerRows(ctx, orgId)).length;

    const err = await rejection(debitCredits(ctx, { orgId, amount: 20, operationKey: "too-much" }));
    expect(err.status).toBe(402);
    expect(err.code).toBe("insufficient_credits");
    expect(err.type).toBe("billing_error");
    expect(err.message).toMatch(/\b20\b/);
    expect(err.message).toMatch(/\b15\b/);
    expect(err.message).toContain("needs 20 and 15 are available");

    expect(await lotStates(ctx, orgId)).toEqual(lotsBefore);
    expect((await ledgerRows(ctx, orgId)).length).toBe(ledgerBefore);
    expect((await debitRows(ctx, orgId)).map((r) => r.operationKey)).toEqual(["most"]);

    // The refused operation key was not used up: after a top-up the same operation is paid.
    await topUpCredits(ctx, { orgId, amount: 100 });
    const paid = await debitCredits(ctx, { orgId, amount: 20, operationKey: "too-much" });
    expect(paid.replayed).toBe(false);
    expect((await quota(orgId)).remaining).toBe(95);
    await expectLedgerInvariant(orgId);
  });

  it("refuses an org with no credits at all, and bad amounts with 400", async () => {
    const org = await createTestOrg(ctx, { plan: "enterprise", limits: { monthly_credits: 0 } });
    const err = await rejection(debitCredits(ctx, { orgId: org.orgId, amount: 1, operationKey: "x" }));
    expect(err.status).toBe(402);
    expect(err.message).toContain("needs 1 and 0 are available");
    for (const amount of [-1, 1.5, Number.NaN]) {
      expect(
        (await rejection(debitCredits(ctx, { orgId: org.orgId, amount, operationKey: `bad-${amount}` }))).status,
      ).toBe(400);
    }
    expect((await rejection(debitCredits(ctx, { orgId: "org_missing", amount: 1, operationKey: "y" }))).status).toBe(
      404,
    );
  });
});

describe("idempotency per operation key", () => {
  it("debits once for the same key; the repeat is a replay with the same debit", async () => {
    const org = await createTestOrg(ctx, { plan: "free" });
    const first = await debitCredits(ctx, { orgId: org.orgId, amount: 120, operationKey: "req_1" });
    const second = await debitCredits(ctx, { orgId: org.orgId, amount: 120, operationKey: "req_1" });
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.debitId).toBe(first.debitId);
    expect(second.drawn).toEqual(first.drawn);
    expect((await debitRows(ctx, org.orgId)).length).toBe(1);
    expect((await quota(org.orgId)).consumed).toBe(120);
  });

  it("scopes operation keys per organization", async () => {
    const a = await createTestOrg(ctx, { plan: "free" });
    const b = await createTestOrg(ctx, { plan: "free" });
    await debitCredits(ctx, { orgId: a.orgId, amount: 10, operationKey: "same" });
    const other = await debitCredits(ctx, { orgId: b.orgId, amount: 10, operationKey: "same" });
    expect(other.replayed).toBe(false);
    expect((await quota(b.orgId)).consumed).toBe(10);
  });
});

describe("refunds", () => {
  it("a full refund returns every credit to the lot it came from", async () => {
    const { orgId, lotA } = await freeOrgWithTopUps(1_000, 1_000);
    await debitCredits(ctx, { orgId, amount: 9_940, operationKey: "base" });
    await debitCredits(ctx, { orgId, amount: 100, operationKey: "op" }); // 60 allowance + 40 A
    let state = await remainingByLot(orgId);
    expect(state.allowance).toBe(0);
    expect(state.lots.get(lotA)).toBe(960);

    expect(await refundCredits(ctx, { orgId, operationKey: "op" })).toEqual({ refunded: 100 });
    state = await remainingByLot(orgId);
    expect(state.allowance).toBe(60);
    expect(state.lots.get(lotA)).toBe(1_000);
    const entries = await ledgerOfDebit(ctx, orgId, "op");
    expect(
      entries
        .filter((e) => e.entryType === "refund")
        .map((e) => e.amount)
        .sort((x, y) => x - y),
    ).toEqual([40, 60]);
    await expectLedgerInvariant(orgId);

    // Nothing is left to refund.
    const err = await rejection(refundCredits(ctx, { orgId, operationKey: "op", amount: 1 }));
    expect(err.status).toBe(400);
  });

  it("a partial refund gives back the last-drawn credits first, and never more than was debited", async () => {
    const { orgId, lotA } = await freeOrgWithTopUps(1_000, 1_000);
    await debitCredits(ctx, { orgId, amount: 9_940, operationKey: "base" });
    await debitCredits(ctx, { orgId, amount: 100, operationKey: "op" }); // 60 allowance + 40 A

    await refundCredits(ctx, { orgId, operationKey: "op", amount: 30 });
    let state = await remainingByLot(orgId);
    expect(state.lots.get(lotA)).toBe(990); // 30 of A's 40 back
    expect(state.allowance).toBe(0);

    await refundCredits(ctx, { orgId, operationKey: "op", amount: 20 }); // 10 to A, then 10 to the allowance
    state = await remainingByLot(orgId);
    expect(state.lots.get(lotA)).toBe(1_000);
    expect(state.allowance).toBe(10);

    const tooMuch = await rejection(refundCredits(ctx, { orgId, operationKey: "op", amount: 51 }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.code).toBe("bad_request");
    expect(tooMuch.message).toContain("50");

    await refundCredits(ctx, { orgId, operationKey: "op", amount: 50 });
    state = await remainingByLot(orgId);
    expect(state.allowance).toBe(60);
    expect(state.lots.get(lotA)).toBe(1_000);
    expect((await quota(orgId)).consumed).toBe(9_940);
    await expectLedgerInvariant(orgId);
  });

  it("picks the last-drawn lot deterministically (10 orgs, same history, same outcome)", async () => {
    // The ledger rows of one debit share a timestamp and have random ids; the refund must not
    // depend on them.
    for (let i = 0; i < 10; i++) {
      const { orgId, lotA, lotB } = await freeOrgWithTopUps(50, 1_000);
      await debitCredits(ctx, { orgId, amount: 9_990, operationKey: "base" });
      await debitCredits(ctx, { orgId, amount: 100, operationKey: "op" }); // 10 allowance, 50 A, 40 B
      await refundCredits(ctx, { orgId, operationKey: "op", amount: 45 });
      const state = await remainingByLot(orgId);
      expect([state.allowance, state.lots.get(lotA), state.lots.get(lotB)]).toEqual([0, 5, 1_000]);
    }
  });

  it("refunding more than was debited in one call is refused, and an unknown debit is 404", async () => {
    const org = await createTestOrg(ctx, { plan: "free" });
    await debitCredits(ctx, { orgId: org.orgId, amount: 10, operationKey: "op" });
    const err = await rejection(refundCredits(ctx, { orgId: org.orgId, operationKey: "op", amount: 11 }));
    expect(err.status).toBe(400);
    expect((await quota(org.orgId)).consumed).toBe(10);
    expect((await rejection(refundCredits(ctx, { orgId: org.orgId, operationKey: "nope" }))).status).toBe(404);
    // Another organization's debit is not found either.
    const other = await createTestOrg(ctx, { plan: "free" });
    expect((await rejection(refundCredits(ctx, { orgId: other.orgId, operationKey: "op" }))).status).toBe(404);
  });
});

describe("billing periods", () => {
  it("a new period brings a fresh allowance; the top-up balance carries over", async () => {
    const { orgId, lotA } = await freeOrgWithTopUps(1_000, 500);
    await debitCredits(ctx, { orgId, amount: 10_300, operationKey: "march" });
    let q = await quota(orgId);
    expect(q).toMatchObject({ allowance: 10_000, consumed: 10_300, top_up_balance: 1_500, remaining: 1_200 });
    expect(q.period_end).toBe("2026-04-15T12:00:00.000Z");

    // The org was created at 2026-03-15T12:00Z: its next period starts exactly a month later.
    t.clock.set("2026-04-15T12:00:00.000Z");
    q = await quota(orgId);
    expect(q).toMatchObject({
      allowance: 10_000,
      consumed: 0,
      top_up_balance: 1_200,
      remaining: 11_200,
      usage_percent: 0,
    });
    expect(q.period_start).toBe("2026-04-15T12:00:00.000Z");

    const debit = await debitCredits(ctx, { orgId, amount: 50, operationKey: "april" });
    expect(debit.drawn).toHaveLength(1);
    expect(debit.drawn[0]?.lotId).not.toBe(lotA);
    q = await quota(orgId);
    expect(q).toMatchObject({ allowance: 10_000, consumed: 50, top_up_balance: 1_200, remaining: 11_150 });
    const allowanceLots = (await lotStates(ctx, orgId)).filter((l) => l.kind === "allowance");
    expect(allowanceLots).toHaveLength(2);
    await expectLedgerInvariant(orgId);

    // Unused allowance does not carry over.
    t.clock.set("2026-05-20T00:00:00.000Z");
    expect((await quota(orgId)).remaining).toBe(11_200);
  });
});

describe("quota figures", () => {
  it("reports allowance, consumed, top-up balance, remaining and usage percent", async () => {
    const org = await createTestOrg(ctx, { plan: "free", topUp: 2_000 });
    let q = await quota(org.orgId);
    expect(q).toMatchObject({
      allowance: 10_000,
      consumed: 0,
      top_up_balance: 2_000,
      remaining: 12_000,
      usage_percent: 0,
    });

    await debitCredits(ctx, { orgId: org.orgId, amount: 10_500, operationKey: "a" });
    q = await quota(org.orgId);
    expect(q).toMatchObject({
      allowance: 10_000,
      consumed: 10_500,
      top_up_balance: 2_000,
      remaining: 1_500,
      usage_percent: 87.5,
      top_up_remaining: 1_500,
    });
    expect(q.remaining).toBe(q.allowance + q.top_up_balance - q.consumed);

    await debitCredits(ctx, { orgId: org.orgId, amount: 1_500, operationKey: "b" });
    q = await quota(org.orgId);
    expect(q).toMatchObject({ consumed: 12_000, remaining: 0, usage_percent: 100 });
    await expectLedgerInvariant(org.orgId);
  });

  it("a plan change mid-period keeps what was consumed", async () => {
    const org = await createTestOrg(ctx, { plan: "free" });
    await debitCredits(ctx, { orgId: org.orgId, amount: 3_000, operationKey: "a" });
    await setOrganizationPlan(ctx, { orgId: org.orgId, plan: "starter" });
    let q = await quota(org.orgId);
    expect(q).toMatchObject({ allowance: 200_000, consumed: 3_000, remaining: 197_000, usage_percent: 1.5 });
    await debitCredits(ctx, { orgId: org.orgId, amount: 190_000, operationKey: "b" });
    await expectLedgerInvariant(org.orgId);

    // Down to free with 193,000 consumed: nothing of the allowance is left, nothing goes negative.
    await setOrganizationPlan(ctx, { orgId: org.orgId, plan: "free" });
    q = await quota(org.orgId);
    expect(q.allowance).toBe(10_000);
    expect(q.consumed).toBe(193_000);
    expect(q.remaining).toBe(0);
    expect(q.usage_percent).toBeGreaterThanOrEqual(0);
    expect(q.usage_percent).toBeLessThanOrEqual(100);
    expect((await rejection(debitCredits(ctx, { orgId: org.orgId, amount: 1, operationKey: "c" }))).status).toBe(402);
    await expectLedgerInvariant(org.orgId);

    // Enterprise with its own allowance.
    await setOrganizationPlan(ctx, { orgId: org.orgId, plan: "enterprise", limits: { monthly_credits: 500_000 } });
    q = await quota(org.orgId);
    expect(q).toMatchObject({ allowance: 500_000, consumed: 193_000, remaining: 307_000 });
    await expectLedgerInvariant(org.orgId);
  });
});

describe("ledger invariant", () => {
  it("holds for every lot after a mixed history of grants, top-ups, debits, refunds and plan changes", async () => {
    const { orgId } = await freeOrgWithTopUps(700, 300);
    let n = 0;
    for (const amount of [4_000, 5_999, 2, 650, 0, 120, 33]) {
      await debitCredits(ctx, { orgId, amount, operationKey: `op${n++}` });
    }
    await refundCredits(ctx, { orgId, operationKey: "op2" });
    await refundCredits(ctx, { orgId, operationKey: "op3", amount: 100 });
    await setOrganizationPlan(ctx, { orgId, plan: "starter" });
    await debitCredits(ctx, { orgId, amount: 50_000, operationKey: `op${n++}` });
    await topUpCredits(ctx, { orgId, amount: 42 });
    t.clock.set("2026-05-01T00:00:00.000Z");
    await debitCredits(ctx, { orgId, amount: 7, operationKey: `op${n++}` });
    await expectLedgerInvariant(orgId);
    const debits = await debitRows(ctx, orgId);
    const ledger = await ledgerRows(ctx, orgId);
    for (const debit of debits) {
      const net = ledger.filter((e) => e.debitId === debit.id).reduce((s, e) => s + e.amount, 0);
      expect(net, debit.operationKey).toBe(debit.refunded - debit.amount);
    }
  });
});

describe("spendableCredits (the translation pre-check)", () => {
  const getSpendableCredits = async (ctx: DomainContext, org: PrincipalOrg) =>
    spendableCredits(org, await readLiveLots(ctx, org));
  it("always equals the quota's remaining: before the first debit, across lots, into a new period", async () => {
    const org = await createTestOrg(ctx, { plan: "free", topUp: 300 });
    const orgRow = await loadOrg(ctx, org.orgId);
    const same = async () =>
      expect(await getSpendableCredits(ctx, orgRow)).toBe((await getCreditBalance(ctx, orgRow)).remaining);
    await same(); // no allowance lot yet
    await debitCredits(ctx, { orgId: org.orgId, amount: 9_990, operationKey: "s1" });
    await same();
    await debitCredits(ctx, { orgId: org.orgId, amount: 110, operationKey: "s2" }); // crosses into the top-up
    await same();
    expect(await getSpendableCredits(ctx, orgRow)).toBe(200);
    t.clock.advance(40 * 24 * 60 * MINUTE); // the next billing period
    await same();
    expect(await getSpendableCredits(ctx, orgRow)).toBe(10_200);
  });
});
