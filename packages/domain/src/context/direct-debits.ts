import { rowsOf } from "@tolk/db";
import { type SQL, sql } from "drizzle-orm";

import { retryOnceIfConnectionLost } from "../errors";
import { type DebitReply, type DebitStatement, type Debits } from "../ports/debits";

/** What the debits are written through: the root database (anything that runs one SQL statement). */
export interface StatementRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * The single-debit statement: one round trip, its own transaction. Repeated on a lost
 * connection: `tolk_debit` is idempotent per operation key, so a repeat after a commit whose
 * reply was lost debits nothing more and tells what was committed. Inside a caller's
 * transaction a lost connection ends the transaction, so `retry` is then once (it fails fast).
 */
export async function runDebitStatement(
  db: StatementRunner,
  d: DebitStatement,
  retry: <T>(fn: () => Promise<T>) => Promise<T> = retryOnceIfConnectionLost,
): Promise<DebitReply | undefined> {
  const result: unknown = await retry(async () =>
    db.execute(
      sql`select tolk_debit(${d.org}, ${d.key}, ${d.amount}::integer, ${d.allowance}::integer,
      ${d.period_start}::timestamptz, ${d.period_end}::timestamptz, ${d.now}::timestamptz,
      ${d.usage ? JSON.stringify(d.usage) : null}::jsonb) as reply`,
    ),
  );
  return parseJson<DebitReply>(rowsOf<{ reply: DebitReply | string }>(result)[0]?.reply);
}

/**
 * Debits written one statement each, in the context's database or transaction: what a context
 * has unless its composition root gives it the group commit (`@tolk/platform`).
 */
export function directDebits(db: StatementRunner): Debits {
  return { submit: (statement) => runDebitStatement(db, statement) };
}

/** `execute` returns jsonb parsed on postgres-js and as text on PGlite. */
export function parseJson<T>(raw: T | string | undefined): T | undefined {
  return typeof raw === "string" ? (JSON.parse(raw) as T) : raw;
}
