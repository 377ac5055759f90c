import { rowsOf } from "@tolk/db";
import {
  type DebitReply,
  type DebitStatement,
  type Debits,
  type StatementRunner,
  parseJson,
  retryWhileConnectionLost,
  runDebitStatement,
} from "@tolk/domain";
import { sql } from "drizzle-orm";

interface Waiting {
  item: DebitStatement;
  resolve: (reply: DebitReply) => void;
  reject: (err: unknown) => void;
}

/**
 * A debit of the root database is repeated through lost connections for a few seconds: a
 * request must learn whether it was billed before it answers (a 5xx for billed work is the
 * one answer it may not give).
 */
const untilCommittedOrRefused = <T>(fn: () => Promise<T>): Promise<T> => retryWhileConnectionLost(fn, 10_000);

/**
 * Group commit of debits. Every billed request ends with a debit, and on the embedded database
 * each statement runs on the server's only thread: a commit per request was the largest cost of
 * a one-sentence translation. Debits that arrive while earlier ones are being written wait and
 * then go together, in one `tolk_debit_many` statement (migration 0007): one round trip, one
 * commit, and the work shared per organization (one lock, one read of its lots, one insert of
 * each kind). Each debit stays all or nothing; a failing organization group fails alone and its
 * debits are retried one by one. When nothing is
 * in flight, a debit waits for the end of the current event-loop turn (setImmediate), so the
 * requests that resumed in the same turn (an engine answers many segments at once) share it;
 * an embedded statement runs synchronously and would otherwise never see a second debit.
 *
 * Items are sent ordered by organization id: every batch takes organization row locks in the
 * same order, so batches running at once on PostgreSQL (`maxInFlight` > 1) cannot deadlock.
 * Only for the root database: a debit inside a caller's transaction must not leave it.
 */
export class DebitGroupCommit implements Debits {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: StatementRunner,
    private readonly options: { maxInFlight: number; maxBatch?: number } = { maxInFlight: 1 },
  ) {}

  submit(item: DebitStatement): Promise<DebitReply> {
    return new Promise<DebitReply>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.options.maxInFlight && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.drain();
        });
      }
    });
  }

  private async drain(): Promise<void> {
    this.inFlight++;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.options.maxBatch ?? 256);
        await this.write(batch);
      }
    } finally {
      this.inFlight--;
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      if (batch.length === 1) {
        const only = batch[0] as Waiting;
        const reply = await runDebitStatement(this.db, only.item, untilCommittedOrRefused);
        if (reply) only.resolve(reply);
        else only.reject(new Error("tolk_debit returned no reply"));
        return;
      }
      const ordered = [...batch].sort((a, b) => (a.item.org < b.item.org ? -1 : a.item.org > b.item.org ? 1 : 0));
      // Repeated on a lost connection, as runDebitStatement: every item is idempotent.
      const result: unknown = await untilCommittedOrRefused(async () =>
        this.db.execute(sql`select tolk_debit_many(${JSON.stringify(ordered.map((w) => w.item))}::jsonb) as replies`),
      );
      const replies = parseJson<DebitReply[]>(rowsOf<{ replies: DebitReply[] | string }>(result)[0]?.replies) ?? [];
      for (const [i, w] of ordered.entries()) {
        const reply = replies[i];
        if (!reply) w.reject(new Error("tolk_debit_many returned no reply for a debit"));
        // A failed group took its neighbours down with it: each of them goes again alone, so
        // only the debit that really fails fails.
        else if ("failed" in reply) await this.write([w]);
        else w.resolve(reply);
      }
    } catch (err) {
      // The statement itself failed (the database out of reach past the retries, …): what was
      // committed is unknown, and the request answers 503; a retry with its Idempotency-Key
      // runs under the same operation keys, so a debit that did commit replays.
      for (const w of batch) w.reject(err);
    }
  }
}
