/**
 * Inline codes in segment text (see ../filter.ts): paired `<gN>…</gN>` and isolated `<xN/>`.
 * A filter builds codes with `InlineCodes` while extracting, and turns a translation back into
 * its format with `expandCodes` while merging, after `repairCodes` has fixed what an engine broke.
 */

export type CodeToken = { kind: "text"; text: string } | { kind: "open" | "close" | "isolated"; id: number };

const CODE = /<(\/?)g(\d+)>|<x(\d+)\/>/g;

/** Splits text into plain text and code tokens. */
export function tokenizeCodes(text: string): CodeToken[] {
  const tokens: CodeToken[] = [];
  let last = 0;
  for (const m of text.matchAll(CODE)) {
    const at = m.index;
    if (at > last) tokens.push({ kind: "text", text: text.slice(last, at) });
    if (m[3] !== undefined) tokens.push({ kind: "isolated", id: Number(m[3]) });
    else tokens.push({ kind: m[1] ? "close" : "open", id: Number(m[2]) });
    last = at + m[0].length;
  }
  if (last < text.length) tokens.push({ kind: "text", text: text.slice(last) });
  return tokens;
}

/** The plain text of a segment, codes removed (for counting, TM keys, "is there anything to translate"). */
export function stripCodes(text: string): string {
  return text.replace(CODE, "");
}

/**
 * Collects the original markup behind each code of one segment, so merge can put it back
 * exactly. Ids start at 1 and are unique within the segment.
 */
export class InlineCodes<T = string> {
  private next = 1;
  readonly paired = new Map<number, { open: T; close: T }>();
  readonly isolated = new Map<number, T>();

  /** Wraps `inner` (already segment text) in a new paired code. */
  wrap(inner: string, open: T, close: T): string {
    const id = this.next++;
    this.paired.set(id, { open, close });
    return `<g${id}>${inner}</g${id}>`;
  }

  /** A new isolated code standing for `markup`. */
  single(markup: T): string {
    const id = this.next++;
    this.isolated.set(id, markup);
    return `<x${id}/>`;
  }

  get size(): number {
    return this.paired.size + this.isolated.size;
  }
}

/**
 * Makes a translation's codes agree with its source's: codes the source does not have are
 * removed; paired codes that are missing, duplicated or badly nested are dropped (their text
 * kept); isolated codes lost by the engine are appended at the end so nothing functional (a
 * line break, a field) disappears.
 */
export function repairCodes(source: string, translation: string): string {
  const sourceTokens = tokenizeCodes(source);
  const pairedIds = new Set(sourceTokens.filter((t) => t.kind === "open").map((t) => (t as { id: number }).id));
  const isolatedIds = sourceTokens.filter((t) => t.kind === "isolated").map((t) => (t as { id: number }).id);

  const tokens = tokenizeCodes(translation);
  // Paired codes survive only when each id opens once, closes once, after opening, properly nested.
  const opens = new Map<number, number>();
  const closes = new Map<number, number>();
  const stack: number[] = [];
  const goodPairs = new Set<number>();
  const badPairs = new Set<number>();
  for (const t of tokens) {
    if (t.kind === "open") opens.set(t.id, (opens.get(t.id) ?? 0) + 1);
    if (t.kind === "close") closes.set(t.id, (closes.get(t.id) ?? 0) + 1);
  }
  for (const id of pairedIds) {
    if (opens.get(id) === 1 && closes.get(id) === 1) goodPairs.add(id);
  }
  for (const t of tokens) {
    if (t.kind === "open" && goodPairs.has(t.id)) stack.push(t.id);
    if (t.kind === "close" && goodPairs.has(t.id)) {
      if (stack[stack.length - 1] === t.id) stack.pop();
      else {
        badPairs.add(t.id);
        const at = stack.indexOf(t.id);
        if (at >= 0) stack.splice(at, 1);
      }
    }
  }
  for (const id of stack) badPairs.add(id);

  const seenIsolated = new Set<number>();
  let out = "";
  for (const t of tokens) {
    if (t.kind === "text") out += t.text;
    else if (t.kind === "isolated") {
      if (isolatedIds.includes(t.id) && !seenIsolated.has(t.id)) {
        seenIsolated.add(t.id);
        out += `<x${t.id}/>`;
      }
    } else if (goodPairs.has(t.id) && !badPairs.has(t.id)) {
      out += t.kind === "open" ? `<g${t.id}>` : `</g${t.id}>`;
    }
  }
  for (const id of isolatedIds) if (!seenIsolated.has(id)) out += `<x${id}/>`;
  return out;
}

/**
 * A repaired translation back in its format: plain text through `escape`, codes through the
 * markup `InlineCodes` recorded (`render` turns a recorded value into output text).
 */
export function expandCodes<T>(
  translation: string,
  codes: InlineCodes<T>,
  escape: (text: string, before: CodeToken | undefined, after: CodeToken | undefined) => string,
  render: (markup: T) => string = String,
): string {
  let out = "";
  const tokens = tokenizeCodes(translation);
  for (const [i, t] of tokens.entries()) {
    if (t.kind === "text") out += escape(t.text, tokens[i - 1], tokens[i + 1]);
    else if (t.kind === "isolated") {
      const markup = codes.isolated.get(t.id);
      if (markup !== undefined) out += render(markup);
    } else {
      const pair = codes.paired.get(t.id);
      if (pair) out += render(t.kind === "open" ? pair.open : pair.close);
    }
  }
  return out;
}
