import { type Database, type DbOrTx, type Transaction } from "@tolk/db";

import { type AuditActor } from "./context/actor";
import { type WebhookTargetPolicy } from "./context/webhook-policy";
import { directDebits } from "./context/direct-debits";
import { type Clock, systemClock } from "./ports/clock";
import { type Debits } from "./ports/debits";
import { type SpendableCache, noSpendableCache } from "./ports/spendable-cache";

/**
 * What every use case runs against: the ports it reaches the world through (docs/architecture.md).
 * The process's composition root (`@tolk/platform`) fills them with its adapters; a context
 * made with `createDomainContext` alone gets the plain ones (direct debits, no cache).
 */
export interface DomainContext {
  /** The database (or a transaction): drizzle over PGlite or PostgreSQL. */
  db: DbOrTx;
  now: Clock;
  /**
   * Where debits are written. On a context over the root database the server's group commit;
   * on a context over a transaction always direct, so a debit stays inside it.
   */
  debits: Debits;
  /** The spendable-credit cache of the translation pre-check (none inside a transaction). */
  spendable: SpendableCache;
  /**
   * Who is acting (a console user, an API key, the CLI): the changes a use case makes are
   * recorded in the audit log under this actor. Each door (the /v1 pipeline, the console's
   * tRPC, the CLI) sets it; a context without one records nothing (tests, internal work).
   */
  actor?: AuditActor;
  /** Where webhooks may go (TOLK_WEBHOOK_*); strict when absent. */
  webhooks?: WebhookTargetPolicy;
}

/** A context over `db` with the plain ports: direct debits, no spendable cache, the system clock unless given. */
export function createDomainContext(
  options: Pick<DomainContext, "db"> & Partial<Omit<DomainContext, "db">>,
): DomainContext {
  return { now: systemClock, debits: directDebits(options.db), spendable: noSpendableCache, ...options };
}

export { systemClock };

/**
 * Runs `fn` in one transaction (a savepoint when `ctx` is already inside one). `fn` gets the
 * transaction and a context over it, which keeps the clock and swaps the hot-path ports for the
 * plain ones: their writes happen outside any transaction, so a rollback could not undo them.
 */
export function withTransaction<T>(
  ctx: DomainContext,
  fn: (tx: Transaction, txCtx: DomainContext) => Promise<T>,
): Promise<T> {
  // Both members of DbOrTx have `transaction`, but TypeScript cannot call a method of a union
  // whose overloads differ; a transaction's `transaction` (a savepoint) takes the same callback.
  return (ctx.db as Database).transaction((tx) =>
    fn(tx, createDomainContext({ db: tx, now: ctx.now, actor: ctx.actor, webhooks: ctx.webhooks })),
  );
}
