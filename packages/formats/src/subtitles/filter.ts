import iconv from "iconv-lite";

import { withNestingLimit } from "../common/nesting";
import { applyEdits, type TextEdit } from "../common/splice";
import { decodeText, dominantEol, encodeText } from "../common/text-encoding";
import { FormatError, type FormatFilter, type Segment } from "../filter";
import { cueUnits, renderUnit, type SubtitleDialect } from "./cue-text";
import { splitLines, type Line } from "./lines";

/** A cue as the format's parser found it; only `payload` is ever rewritten. */
export interface Cue {
  /** Stable segment id prefix: the cue's position among the file's cues (1-based). */
  id: string;
  /** For people: the cue's index or id line and its timing. */
  context: string;
  payload: Line[];
}

export interface SubtitleFormat {
  extensions: readonly string[];
  dialect: SubtitleDialect;
  /** Legacy encoding to read non-UTF-8 bytes with, when the format allows one. */
  fallbackEncoding?: string;
  /**
   * The cues of a decoded file. Blocks it cannot read are reported through `skip` (kept as they
   * are, untranslated) and non-standard timings it still reads through `lenient`; throws
   * FormatError("invalid_file") naming the line when the file is not of the format at all.
   */
  parse(lines: readonly Line[], report: ParseReport): Cue[];
}

/** What a lenient parse met, for the job's `warnings`. */
export interface ParseReport {
  /** A timing line that breaks the format's rules but that players read (`00:01:39 --> 00:01:41.04`). */
  lenient(line: Line): void;
  /** A block without a timing line: kept byte for byte, not translated. */
  skip(line: Line): void;
}

/**
 * Players skip a block they cannot read and accept timings without milliseconds, so a file with
 * a few such lines is translated rather than refused; the lines are listed in one warning each.
 */
function collectReport(warn: ((message: string) => void) | undefined): { report: ParseReport; flush: () => void } {
  const lenient: number[] = [];
  const skipped: number[] = [];
  const list = (numbers: number[]) =>
    numbers.length > 5 ? `${numbers.slice(0, 5).join(", ")}, …` : numbers.join(", ");
  return {
    report: { lenient: (line) => lenient.push(line.number), skip: (line) => skipped.push(line.number) },
    flush: () => {
      if (lenient.length > 0) {
        warn?.(
          `${lenient.length} cue timing line${lenient.length === 1 ? " is" : "s are"} not standard (line${lenient.length === 1 ? "" : "s"} ${list(lenient)}): kept as written, the cue text translated.`,
        );
      }
      if (skipped.length > 0) {
        warn?.(
          `${skipped.length} block${skipped.length === 1 ? " has" : "s have"} no cue timing that can be read (line${skipped.length === 1 ? "" : "s"} ${list(skipped)}): kept as written, not translated.`,
        );
      }
    },
  };
}

/** A filter for a cue-based subtitle format: one segment per cue or dialogue line. */
export function subtitleFilter(format: SubtitleFormat): FormatFilter {
  const read = (file: Uint8Array, warn?: (message: string) => void) => {
    if (file.length === 0) throw new FormatError("invalid_file", "The file is empty.");
    const decoded = decodeText(file, { fallback: format.fallbackEncoding });
    if (decoded.text.includes("\0"))
      throw new FormatError("invalid_file", "The file holds NUL characters; it is not a subtitle file.");
    const { report, flush } = collectReport(warn);
    const cues = format.parse(splitLines(decoded.text), report);
    flush();
    return { ...decoded, cues };
  };
  // Tags nested tens of thousands deep in one cue would overflow the stack while building codes.
  const unitsOf = (cue: Cue) =>
    withNestingLimit((format.extensions[0] ?? "subtitle").toUpperCase(), () =>
      cueUnits(cue.id, cue.payload, format.dialect),
    );

  return {
    extensions: format.extensions,

    async extract(file, options) {
      const { cues } = read(file, options.warn);
      const segments: Segment[] = [];
      for (const cue of cues) {
        for (const unit of unitsOf(cue)) {
          segments.push({ id: unit.id, text: unit.text, context: cue.context });
        }
      }
      return segments;
    },

    async merge(file, translations) {
      const { text, encoding, cues } = read(file);
      const splices: TextEdit[] = [];
      for (const cue of cues) {
        const first = cue.payload[0];
        const last = cue.payload[cue.payload.length - 1];
        if (!first || !last) continue;
        const raw = text.slice(first.start, last.end);
        const encode = format.dialect.encoder(raw);
        let lines = cue.payload.map((l) => l.text);
        let changed = false;
        // Units are in line order and cover disjoint lines; replace from the end so indexes hold.
        const units = unitsOf(cue).reverse();
        for (const unit of units) {
          const rendered = renderUnit(unit, translations.get(unit.id), encode);
          if (!rendered) continue;
          const at = cue.payload.indexOf(unit.lines[0] ?? first);
          // Not splice(..., ...rendered): a translation of many lines would be as many arguments.
          lines = [...lines.slice(0, at), ...rendered, ...lines.slice(at + unit.lines.length)];
          changed = true;
        }
        if (!changed) continue;
        const eol = cue.payload.length > 1 ? first.eol : dominantEol(text);
        splices.push({ start: first.start, end: last.end, text: lines.join(eol) });
      }
      const merged = applyEdits(text, splices);
      // A legacy file that cannot hold the translation's letters becomes UTF-8 with a BOM (which
      // players detect) rather than losing them to "?".
      if (encoding.name !== "utf-8" && !encoding.name.startsWith("utf-16") && !canEncode(merged, encoding.name)) {
        return encodeText(merged, { name: "utf-8", bom: true });
      }
      return encodeText(merged, encoding);
    },
  };
}

function canEncode(text: string, encoding: string): boolean {
  return iconv.decode(iconv.encode(text, encoding), encoding) === text;
}
