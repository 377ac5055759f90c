/**
 * The segments of a document to review first: the LIMIT with the lowest quality_score, kept as
 * the job goes (a document may have a hundred thousand segments; only these stay in memory).
 * A segment's score is its sentences' quality_score (the word-weighted mean); a segment without
 * an estimate is not listed.
 */
import { type LowQualitySegment } from "@tolk/contract";

import { type SegmentQualitySignals, QualityTally } from "../translation/quality-score";

export const LOWEST_SEGMENTS = 10;
const EXCERPT_CHARS = 80;

/** The start of a text on one line, at most EXCERPT_CHARS characters, cut at a word where it can be. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

export class LowestSegments {
  private readonly kept: LowQualitySegment[] = [];

  constructor(private readonly limit = LOWEST_SEGMENTS) {}

  add(segment: { id: string; position: number; text: string }, signals: readonly SegmentQualitySignals[]): void {
    const tally = new QualityTally();
    for (const s of signals) tally.add(s);
    const score = tally.score();
    if (score === null) return;
    const worst = this.kept.at(-1);
    if (this.kept.length >= this.limit && worst && score >= worst.quality_score) return;
    this.kept.push({
      segment_id: segment.id,
      position: segment.position,
      quality_score: score,
      source_excerpt: excerpt(segment.text),
      quality_reasons: tally.reasons(),
    });
    // Lowest first; among equal scores, the earlier segment first.
    this.kept.sort((a, b) => a.quality_score - b.quality_score || a.position - b.position);
    if (this.kept.length > this.limit) this.kept.pop();
  }

  list(): LowQualitySegment[] {
    return [...this.kept];
  }
}
