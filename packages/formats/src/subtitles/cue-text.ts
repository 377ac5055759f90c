import { InlineCodes, expandCodes, repairCodes, stripCodes } from "../common/inline-codes";
import { type Line } from "./lines";
import { rewrap } from "./rewrap";

/** How a subtitle format writes text between tags. */
export interface SubtitleDialect {
  /** Plain text of a raw stretch of cue text between tags. */
  decode(raw: string): string;
  /** Plain text back to cue syntax; `source` is the raw cue, so its entity style can be kept. */
  encoder(source: string): (text: string) => string;
}

/**
 * Markup inside a cue that becomes an inline code: HTML-like tags (`<i>`, `<v Bob>`, `<c.loud>`,
 * `<ruby>`, `<font color=…>`), inline timestamps (`<00:01.500>`) and ASS overrides (`{\an8}`).
 */
export const CUE_TAG = /<\/?[a-zA-Z][^<>\r\n]*>|<\d+:[\d:.]+>|\{\\[^{}\r\n]*\}/;

const INLINE_TIMESTAMP = /^<\d+:[\d:.]+>$/;

/** A dialogue line starts with a dash; each speaker's line is translated on its own. */
const DIALOGUE_DASH = /^\s*[-–—]\s*/;
/** The same, possibly after opening tags (`<i>- Hi</i>`); the dash then stays in the segment. */
const DIALOGUE_LINE = /^\s*(?:<[^<>]*>|\{\\[^{}]*\})*\s*[-–—]/;

/** One segment of a cue: the whole cue, or one dialogue line. */
export interface CueUnit {
  id: string;
  lines: Line[];
  /** Indentation, dialogue dash and leading standalone tags (`{\an8}`, `<v Anna>`) kept in front. */
  prefix: string;
  /** Trailing standalone tags kept at the end. */
  suffix: string;
  text: string;
  codes: InlineCodes;
}

/** The units of one cue's payload lines, in order; lines without letters are left alone. */
export function cueUnits(cueId: string, payload: readonly Line[], dialect: SubtitleDialect): CueUnit[] {
  const dialogue = payload.length > 1 && payload.slice(1).some((l) => DIALOGUE_LINE.test(l.text));
  const units: CueUnit[] = [];
  if (dialogue) {
    payload.forEach((line, i) => {
      const prefix = DIALOGUE_DASH.exec(line.text)?.[0] ?? /^\s*/.exec(line.text)?.[0] ?? "";
      const { lead, text, trail, codes } = toSegment(line.text.slice(prefix.length).trimEnd(), dialect);
      units.push({ id: `${cueId}.${i + 1}`, lines: [line], prefix: prefix + lead, suffix: trail, text, codes });
    });
  } else if (payload.length > 0) {
    const joined = payload.map((l) => l.text.trim()).join(" ");
    const { lead, text, trail, codes } = toSegment(joined, dialect);
    units.push({ id: cueId, lines: [...payload], prefix: lead, suffix: trail, text, codes });
  }
  return units.filter((u) => /\p{L}/u.test(stripCodes(u.text)));
}

/**
 * The new lines of a unit, or undefined when it keeps its source (no translation, the same
 * text, or an empty one). Output never holds a newline; the line count never grows.
 */
export function renderUnit(
  unit: CueUnit,
  translation: string | undefined,
  encode: (text: string) => string,
): string[] | undefined {
  if (translation === undefined || translation === unit.text || stripCodes(translation).trim() === "") return undefined;
  const markup = expandCodes(repairCodes(unit.text, translation), unit.codes, encode);
  const lines = rewrap(markup, unit.lines.length, CUE_TAG);
  const last = lines.length - 1;
  return lines.map((line, i) => (i === 0 ? unit.prefix : "") + line + (i === last ? unit.suffix : ""));
}

/**
 * A cue's text with its tags as codes. Standalone tags at the edges (a position override, an
 * unclosed voice tag) are left out of the segment: they belong to the line, not to the words.
 */
function toSegment(
  raw: string,
  dialect: SubtitleDialect,
): { lead: string; text: string; trail: string; codes: InlineCodes } {
  const tokens: { tag: boolean; raw: string }[] = [];
  let last = 0;
  for (const m of raw.matchAll(new RegExp(CUE_TAG.source, "g"))) {
    if (m.index > last) tokens.push({ tag: false, raw: raw.slice(last, m.index) });
    tokens.push({ tag: true, raw: m[0] });
    last = m.index + m[0].length;
  }
  if (last < raw.length) tokens.push({ tag: false, raw: raw.slice(last) });

  // Pair each closing tag with the nearest open tag of the same name; anything else is isolated.
  const closeOf = new Map<number, number>();
  const stack: { name: string; at: number }[] = [];
  tokens.forEach((t, i) => {
    const m = t.tag ? /^<(\/?)([a-zA-Z]+)/.exec(t.raw) : null;
    if (!m?.[2]) return;
    const name = m[2].toLowerCase();
    if (!m[1]) stack.push({ name, at: i });
    else if (stack[stack.length - 1]?.name === name) {
      const open = stack.pop();
      if (open) closeOf.set(open.at, i);
    }
  });

  // Karaoke captions (YouTube's) time every word: `this<00:05:04.199><c> will</c>`. A
  // translation reorders and merges words ("will happen" is one Spanish word), so the word
  // timings cannot follow; they and the class-less <c> around each word are left out of the
  // segment, and a translated cue shows its words at once (a cue left as it was keeps them).
  const karaoke = new Set<number>();
  if (tokens.some((t) => t.raw === "<c>") && tokens.some((t) => t.tag && INLINE_TIMESTAMP.test(t.raw))) {
    tokens.forEach((t, i) => {
      if (t.tag && INLINE_TIMESTAMP.test(t.raw)) karaoke.add(i);
    });
    for (const [open, close] of closeOf) {
      if (tokens[open]?.raw === "<c>") {
        karaoke.add(open);
        karaoke.add(close);
        closeOf.delete(open);
      }
    }
  }

  const paired = new Set([...closeOf.keys(), ...closeOf.values()]);
  const standalone = (t: { tag: boolean; raw: string } | undefined, i: number) =>
    t !== undefined && ((t.tag && !paired.has(i) && !karaoke.has(i)) || (!t.tag && t.raw.trim() === ""));
  let from = 0;
  while (from < tokens.length && standalone(tokens[from], from)) from++;
  let to = tokens.length;
  while (to > from && standalone(tokens[to - 1], to - 1)) to--;
  const slice = (a: number, b: number) =>
    tokens
      .slice(a, b)
      .map((t) => t.raw)
      .join("");

  const codes = new InlineCodes();
  const render = (from: number, to: number): string => {
    let out = "";
    for (let i = from; i < to; i++) {
      const t = tokens[i];
      if (!t) break;
      const close = closeOf.get(i);
      const closing = close === undefined ? undefined : tokens[close];
      if (!t.tag) out += dialect.decode(t.raw);
      else if (karaoke.has(i)) continue;
      else if (close !== undefined && closing) {
        out += codes.wrap(render(i + 1, close), t.raw, closing.raw);
        i = close;
      } else out += codes.single(t.raw);
    }
    return out;
  };
  return { lead: slice(0, from), text: render(from, to), trail: slice(to, tokens.length), codes };
}
