/**
 * Keeps a merge that runs beside translation behind it (MergeOptions.ready): before reading a
 * stretch of a part, the merge waits until every segment that stretch can hold is translated.
 * `written` counts the segments merged so far, in extract order; a stretch holds at most one
 * segment per start tag in it, plus one per element already open where it begins (a paragraph
 * the window was grown into).
 */
export class MergePace {
  written = 0;

  constructor(private readonly ready: (segments: number) => Promise<void>) {}

  /** Waits until the segments `text` can hold from `from` on are translated. */
  before(text: string, from: number, openElements: number): Promise<void> {
    let tags = 0;
    for (let at = text.indexOf("<", from); at !== -1; at = text.indexOf("<", at + 1)) {
      const next = text.charCodeAt(at + 1);
      if (next !== 0x2f && next !== 0x3f && next !== 0x21) tags++; // not </, <? or <!
    }
    return this.ready(this.written + openElements + tags);
  }

  /** Waits until the next `segments` segments (a part read whole) are translated, and counts them as merged. */
  async next(segments: number): Promise<void> {
    await this.ready(this.written + segments);
    this.written += segments;
  }

  /** Waits until every segment is translated (what is merged afterwards is not in order). */
  all(): Promise<void> {
    return this.ready(Number.POSITIVE_INFINITY);
  }
}
