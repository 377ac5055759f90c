/**
 * The translations of a document job as they arrive, in extract order, for a merge that runs
 * beside the translation (`FormatFilter.mergesInOrder`): `ready(n)` resolves once the first n
 * segments are in, `missed` records a read of a translation that was not there yet. A merge
 * that missed one is redone once everything is in, so a wrong guess of how far ahead it may read
 * costs time, never a segment left untranslated.
 */
export class TranslatedSoFar extends Map<string, string> {
  /** Reads of a missing translation before the last one arrived. */
  missed = false;
  private count = 0;
  private complete = false;
  private failure: { error: unknown } | null = null;
  private waiters: { segments: number; resolve: () => void; reject: (error: unknown) => void }[] = [];

  override get(id: string): string | undefined {
    const text = super.get(id);
    if (text === undefined && !this.complete) this.missed = true;
    return text;
  }

  /** The first `count` segments (in extract order) are in. */
  advance(count: number): void {
    this.count = Math.max(this.count, count);
    this.settle();
  }

  /** Every segment is in. */
  finish(): void {
    this.complete = true;
    this.settle();
  }

  /** The translation failed: a waiting merge stops with the same error. */
  abort(error: unknown): void {
    this.failure = { error };
    this.settle();
  }

  readonly ready = (segments: number): Promise<void> =>
    new Promise((resolve, reject) => {
      this.waiters.push({ segments, resolve, reject });
      this.settle();
    });

  private settle(): void {
    this.waiters = this.waiters.filter((w) => {
      if (this.failure) w.reject(this.failure.error);
      else if (this.complete || this.count >= w.segments) w.resolve();
      else return true;
      return false;
    });
  }
}
