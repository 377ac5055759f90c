/**
 * Apertium's stream format, done in-process so that a segment costs no extra process
 * (`apertium-destxt` and `apertium-retxt` do not work in null-flush mode: destxt drops the NULs).
 *
 * `deformat` mirrors `apertium-destxt`: stream metacharacters are backslash-escaped, whitespace
 * other than a single space goes into a superblank (`[…]`, copied through unchanged by every
 * stage), and `.[]` closes the segment (a sentence end for the tagger and transfer, removed
 * again on the way out, as `apertium-retxt` does). On top of destxt, the characters that
 * Apertium uses as word marks in its output (`*` unknown, `#` generation error, `@` transfer
 * error; `@` is already escaped by destxt) and `~` (dropped by lt-proc) travel in superblanks
 * too. So every bare `*`, `#` or `@` in the output is a mark the engine added, never user text.
 */

const DEFORMAT = /[[\]\\^$/<>@{}]|[*#~]| *[^\S ]\s*| {2,}|\0/g;

/** What closes a segment: the sentence end destxt inserts, removed by `reformat`. */
export const SEGMENT_END = ".[]";

function deformatChar(match: string): string {
  switch (match) {
    case "\0":
      return "";
    case "*":
    case "#":
    case "~":
      return `[${match}]`;
    default:
      // A metacharacter (one character) or a whitespace run (kept verbatim in a superblank).
      return match.length === 1 && match.trim() !== "" ? `\\${match}` : `[${match}]`;
  }
}

/** A plain-text segment in Apertium's stream format, ending with `.[]`. */
export function deformat(segment: string): string {
  return segment.replace(DEFORMAT, deformatChar) + SEGMENT_END;
}

const REFORMAT = /\\([\s\S])|\.\[\]|\[((?:[^\]\\]|\\[\s\S])*)\]|([*#@])/g;
const UNESCAPE = /\\([\s\S])/g;

export interface Reformatted {
  text: string;
  /** `*` (not in the dictionaries) and `@` (not in the bilingual dictionary) marks removed. */
  unknownWords: number;
}

/** The plain text of one translated segment, with Apertium's marks removed and counted. */
export function reformat(output: string): Reformatted {
  let unknownWords = 0;
  const text = output.replace(REFORMAT, (_m, escaped?: string, blank?: string, mark?: string) => {
    if (escaped !== undefined) return escaped;
    if (blank !== undefined) return blank.includes("\\") ? blank.replace(UNESCAPE, "$1") : blank;
    if (mark === "*" || mark === "@") unknownWords++;
    return ""; // a mark, or the `.[]` segment end
  });
  return { text, unknownWords };
}

const SPACE = /\s/;

/** Leading and trailing whitespace of a segment: kept out of the engine, put back exactly. */
export function splitOuterWhitespace(segment: string): { lead: string; core: string; trail: string } {
  let start = 0;
  let end = segment.length;
  while (start < end && SPACE.test(segment.charAt(start))) start++;
  while (end > start && SPACE.test(segment.charAt(end - 1))) end--;
  return { lead: segment.slice(0, start), core: segment.slice(start, end), trail: segment.slice(end) };
}
