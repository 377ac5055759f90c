import { rowsOf } from "@tolk/db";
import { type SQL, sql } from "drizzle-orm";

import { type DomainContext } from "../context";

/**
 * What must hold of the books at any time, each a query for the rows that break it (none when
 * all is well). Run by `tolk credits check` and by the tests that stress billing.
 */
/** `of(column)`: the condition that a row's organization column names the one checked (or true for all). */
type OrgScope = (column: SQL) => SQL;

const INVARIANTS: { name: string; describe: string; violations: (of: OrgScope) => SQL }[] = [
  {
    name: "lot_balance",
    describe: "a lot's remaining credits equal the sum of its ledger entries, between 0 and its amount",
    violations: (of) => sql`
      select l.id as lot_id, l.remaining, coalesce(sum(e.amount), 0)::int as ledger_sum
      from credit_lots l left join credit_ledger e on e.lot_id = l.id
      where ${of(sql`l.org_id`)}
      group by l.id
      having l.remaining <> coalesce(sum(e.amount), 0) or l.remaining < 0 or l.remaining > l.amount`,
  },
  {
    name: "debit_drawn",
    describe: "a debit drew exactly its amount from the lots",
    violations: (of) => sql`
      select d.id as debit_id, d.amount, coalesce(-sum(e.amount), 0)::int as drawn
      from credit_debits d left join credit_ledger e on e.debit_id = d.id and e.entry_type = 'debit'
      where ${of(sql`d.org_id`)}
      group by d.id
      having d.amount <> coalesce(-sum(e.amount), 0)`,
  },
  {
    name: "debit_usage",
    describe: "a debit's usage events add up to its amount",
    violations: (of) => sql`
      select d.id as debit_id, d.amount, coalesce(sum(u.credits), 0)::int as usage_credits
      from credit_debits d left join usage_events u on u.org_id = d.org_id and u.request_id = d.operation_key
      where ${of(sql`d.org_id`)}
      group by d.id
      having d.amount <> coalesce(sum(u.credits), 0)`,
  },
  {
    // The request log names each API request and, for an Idempotency-Key retry, the first
    // attempt it ran under; a document is billed under its job. A debit whose requests are
    // all logged and none answered 2xx billed a client who was told it failed.
    name: "debit_answered",
    describe: "every debit belongs to a request answered 2xx (or a document job that completed)",
    violations: (of) => sql`
      select d.id as debit_id, d.operation_key
      from credit_debits d
      where ${of(sql`d.org_id`)}
        and (
          exists (select 1 from document_jobs j where j.id = d.operation_key and j.status <> 'completed')
          or (
            exists (select 1 from request_log r where r.org_id = d.org_id and (r.request_id = d.operation_key or r.operation_key = d.operation_key))
            and not exists (
              select 1 from request_log r
              where r.org_id = d.org_id and (r.request_id = d.operation_key or r.operation_key = d.operation_key) and r.status between 200 and 299
            )
          )
        )`,
  },
];

export interface InvariantViolation {
  name: string;
  describe: string;
  rows: Record<string, unknown>[];
}

/** The invariants broken, with the rows that break them: of one organization, or of all. */
export async function checkBillingInvariants(ctx: DomainContext, orgId?: string): Promise<InvariantViolation[]> {
  const broken: InvariantViolation[] = [];
  for (const invariant of INVARIANTS) {
    const of: OrgScope = orgId === undefined ? () => sql`true` : (column) => sql`${column} = ${orgId}`;
    const rows = rowsOf<Record<string, unknown>>(await ctx.db.execute(invariant.violations(of)));
    if (rows.length > 0) broken.push({ name: invariant.name, describe: invariant.describe, rows });
  }
  return broken;
}
