/**
 * A shortcut on the hot billing path: what the translation pre-check last read of an
 * organization's spendable credits, less what this process has debited since. The debit after
 * the work keeps credits exact on its own, so a cache may only ever skip a read, never refuse.
 */
export interface SpendableCache {
  /** True when a fresh figure for this billing period covers `estimate`. */
  covers(orgId: string, periodStart: Date, estimate: number, now: Date): boolean;
  /** A figure just read from the database. */
  remember(orgId: string, periodStart: Date, credits: number, now: Date): void;
  /** Credits this process has just debited. */
  spent(orgId: string, credits: number): void;
}

/** Covers nothing: every pre-check reads the database (a transaction's context, tests, the CLI). */
export const noSpendableCache: SpendableCache = {
  covers: () => false,
  remember: () => undefined,
  spent: () => undefined,
};
