/**
 * Apertium's stream format, done in-process so that a segment costs no extra process
 * (`apertium-destxt` and `apertium-retxt` do not work in null-flush mode: destxt drops the NULs).
 *
 * `deformat` mirrors `apertium-destxt`: stream metacharacters are backslash-escaped, whitespace
 * other than a single space goes into a superblank (`[…]`, copied through unchanged by every
 * stage), and `.[]` closes the segment (a sentence end for the tagger and transfer, removed
 * again on the way out, as `apertium-retxt` does). On top of destxt, the characters that
 * Apertium uses as word marks in its output (`*` unknown to the analyser, `#` generation error,
 * `@` unknown to the bilingual dictionary) and `~` (dropped by lt-proc) travel in superblanks
 * too. So every `*`, `#` or `@` outside a superblank in the output, bare or backslash-escaped
 * (the post-generator `lt-proc -p` escapes `@`), is a mark the engine added, never user text.
 */

const DEFORMAT = /[[\]\\^$/<>{}]|[*#@~]| *[^\S ]\s*| {2,}|\0/g;

/** What closes a segment: the sentence end destxt inserts, removed by `reformat`. */
export const SEGMENT_END = ".[]";

function deformatChar(match: string): string {
  switch (match) {
    case "\0":
      return "";
    case "*":
    case "#":
    case "@":
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

const REFORMAT = /\\?([*#@])([\p{L}\p{M}\p{N}'’-]*)|\\([\s\S])|\.\[\]|\[((?:[^\]\\]|\\[\s\S])*)\]/gu;
const UNESCAPE = /\\([\s\S])/g;

export interface Reformatted {
  text: string;
  /** Words marked `*` (unknown to the analyser) or `@` (not in the bilingual dictionary). */
  unknownWords: number;
  /** Marks removed, of any kind (`#` included). */
  marks: number;
}

/**
 * The plain text of one translated segment, with Apertium's marks removed and counted. A word
 * marked `*` is the source word as written. One marked `@` is the source word's lemma
 * ("Magpies" comes back as "@Magpie"): it is replaced by the word of `source` (the segment's
 * plain text) it is the start of, when there is one, so the user reads what they wrote. A word
 * marked `#` is a target lemma the generator could not inflect: only the mark goes.
 */
export function reformat(output: string, source = ""): Reformatted {
  let unknownWords = 0;
  let marks = 0;
  const sourceWords = source.match(SOURCE_WORD) ?? [];
  const text = output.replace(REFORMAT, (_m, mark?: string, word?: string, escaped?: string, blank?: string) => {
    if (mark !== undefined) {
      marks++;
      if (mark !== "#") unknownWords++;
      return mark === "@" && word ? asWritten(word, sourceWords) : (word ?? "");
    }
    if (escaped !== undefined) return escaped;
    if (blank !== undefined) return blank.includes("\\") ? blank.replace(UNESCAPE, "$1") : blank;
    return ""; // the `.[]` segment end
  });
  return { text, unknownWords, marks };
}

const SOURCE_WORD = /[\p{L}\p{M}\p{N}'’-]+/gu;

/** The source word a lemma is the start of ("Magpie" → "Magpies"), or the lemma itself. */
function asWritten(lemma: string, sourceWords: readonly string[]): string {
  if (sourceWords.includes(lemma)) return lemma;
  const lower = lemma.toLowerCase();
  const found = sourceWords.find((w) => w.length - lemma.length <= 3 && w.toLowerCase().startsWith(lower));
  return found ?? lemma;
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
