import { type SpendableCache } from "@tolk/domain";

/**
 * What the translation pre-check last read of each organization's spendable credits, less what
 * this server has debited since. The pre-check exists to refuse (402) before engine work; the
 * debit after the work is what keeps credits exact, and it refuses on its own. So a recent
 * figure that covers the estimate can skip the read: at worst (another instance spent the
 * credits meanwhile, a plan was lowered) the debit refuses and the work is not billed. A figure
 * that does not cover the estimate is never trusted: the database is read, so a top-up counts
 * at once. Figures expire after `maxAgeMs` and at a billing-period boundary.
 */
export class SpendableHints implements SpendableCache {
  private readonly hints = new Map<string, { credits: number; periodStart: number; readAt: number }>();

  constructor(private readonly maxAgeMs = 1_000) {}

  /** True when a fresh figure for this period covers `estimate`. */
  covers(orgId: string, periodStart: Date, estimate: number, now: Date): boolean {
    const hint = this.hints.get(orgId);
    if (!hint || hint.periodStart !== periodStart.getTime()) return false;
    if (now.getTime() - hint.readAt > this.maxAgeMs) return false;
    return hint.credits >= estimate;
  }

  /** A figure just read from the database. */
  remember(orgId: string, periodStart: Date, credits: number, now: Date): void {
    if (this.hints.size > 10_000) this.prune(now);
    this.hints.set(orgId, { credits, periodStart: periodStart.getTime(), readAt: now.getTime() });
  }

  /** Credits this server has just debited. */
  spent(orgId: string, credits: number): void {
    const hint = this.hints.get(orgId);
    if (hint) hint.credits -= credits;
  }

  private prune(now: Date): void {
    for (const [orgId, hint] of this.hints) if (now.getTime() - hint.readAt > this.maxAgeMs) this.hints.delete(orgId);
  }
}
