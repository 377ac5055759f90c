import { type CodeToken, type InlineCodes, tokenizeCodes } from "./inline-codes";

interface Range {
  start: number;
  end: number;
}

/**
 * The source bytes of each stretch of text between two codes of a segment, keyed by the codes
 * around it, so a stretch a translation leaves as it was ("|" between the links of a language
 * switcher, the spaces and line breaks around it) is written back as the source wrote it
 * instead of with its whitespace collapsed and its characters re-encoded.
 */
export class SourceStretches {
  private readonly stretches = new Map<string, { text: string; raw: string }>();

  constructor(segment: string, codes: InlineCodes<Range>, range: Range, source: string) {
    const tokens = tokenizeCodes(segment);
    tokens.forEach((token, i) => {
      if (token.kind !== "text") return;
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      const start = before ? markupOf(before, codes)?.end : range.start;
      const end = after ? markupOf(after, codes)?.start : range.end;
      if (start === undefined || end === undefined || end < start) return;
      this.stretches.set(keyOf(before, after), { text: collapse(token.text), raw: source.slice(start, end) });
    });
  }

  /** The source bytes for `text` between `before` and `after`, when it is the source's text there. */
  raw(text: string, before: CodeToken | undefined, after: CodeToken | undefined): string | undefined {
    const stretch = this.stretches.get(keyOf(before, after));
    return stretch && stretch.text === collapse(text) ? stretch.raw : undefined;
  }
}

const collapse = (text: string) => text.replace(/\s+/g, " ");

function keyOf(before: CodeToken | undefined, after: CodeToken | undefined): string {
  const name = (t: CodeToken | undefined) => (t === undefined || t.kind === "text" ? "" : `${t.kind}${t.id}`);
  return `${name(before)}|${name(after)}`;
}

function markupOf(token: CodeToken, codes: InlineCodes<Range>): Range | undefined {
  if (token.kind === "text") return undefined;
  if (token.kind === "isolated") return codes.isolated.get(token.id);
  const pair = codes.paired.get(token.id);
  return token.kind === "open" ? pair?.open : pair?.close;
}
