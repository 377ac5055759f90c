import { type DbOrTx } from "@tolk/db";

import { type DebitGroupCommit } from "./billing/debit-group-commit";
import { type SpendableHints } from "./billing/spendable-hints";

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
}

export const systemClock = () => new Date();
