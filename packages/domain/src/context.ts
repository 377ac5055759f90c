import { type Database, type DbOrTx, type Transaction } from "@tolk/db";

import { type AuditActor } from "./audit/audit-actor";
import { type DebitGroupCommit } from "./billing/debit-group-commit";
import { type SpendableHints } from "./billing/spendable-hints";
import { type WebhookTargetPolicy } from "./alerts/webhook-target";

/** What every use case runs against: a database (or a transaction) and a clock. */
export interface DomainContext {
  db: DbOrTx;
  now: () => Date;
  /**
   * The server's shortcuts on the hot billing path. Only on a context over the root database,
   * never on one a use case builds around its own transaction (whose debits must stay inside it).
   */
  debits?: DebitGroupCommit;
  spendable?: SpendableHints;
  /**
   * Who is acting (a console user, an API key, the CLI): the changes a use case makes are
   * recorded in the audit log under this actor. Each door (the /v1 pipeline, the console's
   * tRPC, the CLI) sets it; a context without one records nothing (tests, internal work).
   */
  actor?: AuditActor;
  /** Where webhooks may go (TOLK_WEBHOOK_*); strict when absent. */
  webhooks?: WebhookTargetPolicy;
}

export const systemClock = () => new Date();

/**
 * Runs `fn` in one transaction (a savepoint when `ctx` is already inside one). `fn` gets the
 * transaction and a context over it, which keeps the clock and drops the hot-path shortcuts:
 * their writes happen outside any transaction, so a rollback could not undo them.
 */
export function withTransaction<T>(ctx: DomainContext, fn: (tx: Transaction, txCtx: DomainContext) => Promise<T>): Promise<T> {
  // Both members of DbOrTx have `transaction`, but TypeScript cannot call a method of a union
  // whose overloads differ; a transaction's `transaction` (a savepoint) takes the same callback.
  return (ctx.db as Database).transaction((tx) => fn(tx, { db: tx, now: ctx.now, actor: ctx.actor, webhooks: ctx.webhooks }));
}
