import { findPlaceholders } from "./placeholders";
import { type TermSet, followCase } from "./term-matcher";

/**
 * Repairing a fuzzy translation-memory match: when the new source differs from the unit's source
 * only in numbers, placeholders or glossary terms, the unit's target is reused with those
 * differences carried over.
 *
 * Both sources are cut into pieces: placeholders (placeholders.ts), glossary terms (term-matcher),
 * numbers (digits with inner "." or ","), and the text between them. The sources must have the
 * same sequence of pieces, with identical text between them; a differing piece must be of the
 * same kind on both sides. Each difference old → new is then applied to the unit's target:
 * - number, placeholder: `old` must occur in the target exactly once (a number not inside a
 *   longer number); it is replaced by `new`.
 * - glossary term: the target of the old term must occur in the target exactly once (as a whole
 *   word, in any case); it is replaced by the target of the new term, in the case found there.
 * Anything else (a changed word, an ambiguous or missing occurrence) is not repaired: the
 * segment goes to the engine.
 */

type Kind = "text" | "number" | "placeholder" | "term";
interface Piece {
  kind: Kind;
  text: string;
  /** For terms: the listed target. */
  target?: string;
}

const NUMBER = /\p{Nd}+(?:[.,]\p{Nd}+)*/gu;

function pieces(text: string, terms: TermSet | undefined): Piece[] {
  const placeholders = findPlaceholders(text);
  const marks: { start: number; end: number; kind: Kind; target?: string }[] = placeholders.map((p) => ({
    ...p,
    kind: "placeholder" as const,
  }));
  for (const m of terms?.find(text, placeholders) ?? [])
    marks.push({ start: m.start, end: m.end, kind: "term", target: m.term.target });
  marks.sort((a, b) => a.start - b.start);
  const out: Piece[] = [];
  let at = 0;
  const plain = (chunk: string) => {
    let last = 0;
    for (const n of chunk.matchAll(NUMBER)) {
      if (n.index > last) out.push({ kind: "text", text: chunk.slice(last, n.index) });
      out.push({ kind: "number", text: n[0] });
      last = n.index + n[0].length;
    }
    if (last < chunk.length) out.push({ kind: "text", text: chunk.slice(last) });
  };
  for (const m of marks) {
    plain(text.slice(at, m.start));
    out.push({ kind: m.kind, text: text.slice(m.start, m.end), target: m.target });
    at = m.end;
  }
  plain(text.slice(at));
  return out;
}

export interface Repair {
  from: string;
  to: string;
}

/** The unit's target adapted to `source`, or null when the differences are not repairable. */
export function repairFuzzyMatch(
  source: string,
  unit: { source: string; target: string },
  terms: TermSet | undefined,
): { text: string; repaired: Repair[] } | null {
  const a = pieces(unit.source, terms);
  const b = pieces(source, terms);
  if (a.length !== b.length) return null;
  let text = unit.target;
  const repaired: Repair[] = [];
  for (let i = 0; i < a.length; i++) {
    const old = a[i];
    const now = b[i];
    if (!old || !now) return null;
    if (old.kind !== now.kind) return null;
    if (old.text === now.text) continue;
    if (old.kind === "text") return null;
    let next: string | null;
    if (old.kind === "term") {
      next = replaceWord(text, old.target ?? "", now.target ?? "");
      if (next !== null) repaired.push({ from: old.target ?? "", to: now.target ?? "" });
    } else {
      next = replaceExact(text, old.text, now.text, old.kind === "number");
      if (next !== null) repaired.push({ from: old.text, to: now.text });
    }
    if (next === null) return null;
    text = next;
  }
  return repaired.length > 0 ? { text, repaired } : null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

function replaceExact(text: string, from: string, to: string, isNumber: boolean): string | null {
  const pattern = isNumber
    ? new RegExp(`(?<![\\p{Nd}.,]|[\\p{Nd}][.,])${escape(from)}(?![\\p{Nd}]|[.,][\\p{Nd}])`, "gu")
    : new RegExp(escape(from), "gu");
  const found = [...text.matchAll(pattern)];
  if (found.length !== 1 || !found[0]) return null;
  const at = found[0].index;
  return text.slice(0, at) + to + text.slice(at + from.length);
}

function replaceWord(text: string, from: string, to: string): string | null {
  if (from.length === 0) return null;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(from)}(?![\\p{L}\\p{N}])`, "giu");
  const found = [...text.matchAll(pattern)];
  if (found.length !== 1 || !found[0]) return null;
  const at = found[0].index;
  const matched = found[0][0];
  return text.slice(0, at) + followCase(matched, to) + text.slice(at + matched.length);
}
