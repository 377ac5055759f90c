/** One debit as the `tolk_debit` SQL function takes it (the JSON keys are its parameters). */
export interface DebitStatement {
  org: string;
  key: string;
  amount: number;
  allowance: number;
  period_start: string;
  period_end: string;
  now: string;
  usage: unknown[] | null;
}

/** `tolk_debit`'s reply, or `{ failed }` when the item raised inside `tolk_debit_many`. */
export type DebitReply =
  | { error: "org_not_found" }
  | { insufficient: true; available: number }
  | { failed: string }
  | { debit_id: string; amount: number; replayed: boolean; drawn: { lot_id: string; amount: number }[] };

/**
 * Where debits are written. Two implementations: `directDebits` (context/direct-debits.ts),
 * one statement in the context's database or transaction; and the server's group commit
 * (`@tolk/platform`), which writes concurrent debits of the root database in one statement.
 */
export interface Debits {
  submit(statement: DebitStatement): Promise<DebitReply | undefined>;
}
