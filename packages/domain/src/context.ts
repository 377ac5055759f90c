import { type DbOrTx } from "@tolk/db";

/** What every use case runs against: a database (or a transaction) and a clock. */
export interface DomainContext {
  db: DbOrTx;
  now: () => Date;
}

export const systemClock = () => new Date();
