import { FormatError } from "../filter";
import { decodeHTML, encodeMarkupText, referenceStyle } from "../html/entities";
import { type SubtitleDialect } from "../subtitles/cue-text";
import { subtitleFilter, type Cue, type ParseReport } from "../subtitles/filter";
import { blocks, type Line } from "../subtitles/lines";

const HEADER = /^WEBVTT(?:[ \t].*)?$/;
const TIMESTAMP = String.raw`(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}`;
/** A cue timing with its optional settings (`align:start line:0`). */
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t].*)?$`);
const LOOSE_TIMESTAMP = String.raw`(?:\d+:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?`;
/** What players still read: no milliseconds, two-digit fractions, a comma. */
const LENIENT_TIMING = new RegExp(String.raw`^\s*${LOOSE_TIMESTAMP}[ \t]*-->[ \t]*${LOOSE_TIMESTAMP}(?:[ \t].*)?$`);
/** Blocks that hold no cue text: comments, style sheets, region definitions. */
const NON_CUE = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;

/**
 * WebVTT text uses HTML character references; `& < >` are escaped (so no `-->` can appear in a
 * payload) and other references the cue used (`&nbsp;`, `&lrm;`) are kept.
 */
const dialect: SubtitleDialect = {
  decode: (raw) => decodeHTML(raw),
  encoder: (source) => {
    const style = referenceStyle(source);
    return (text) => encodeMarkupText(text.replace(/\s*[\r\n]+\s*/g, " "), { style });
  },
};

/**
 * A block split where the WebVTT parser splits it: a line holding "-->" ends the cue text before
 * it and starts a new cue (YouTube writes the next timing right after a cue's text, with no
 * blank line). A first line without "-->" followed by one with it is a cue id and its timing.
 */
function cueBlocks(block: readonly Line[]): Line[][] {
  const out: Line[][] = [];
  let current: Line[] = [];
  block.forEach((line, i) => {
    const idThenTiming = i === 1 && !(block[0]?.text.includes("-->") ?? false);
    if (i > 0 && line.text.includes("-->") && !idThenTiming) {
      out.push(current);
      current = [];
    }
    current.push(line);
  });
  out.push(current);
  return out;
}

function parse(lines: readonly Line[], report: ParseReport): Cue[] {
  const [header] = lines;
  if (!header || !HEADER.test(header.text)) {
    throw new FormatError(
      "invalid_file",
      `Line 1: a WebVTT file starts with "WEBVTT", found "${(header?.text ?? "").slice(0, 60)}".`,
    );
  }
  const cues: Cue[] = [];
  let firstError: FormatError | undefined;
  const isTiming = (line: Line | undefined) =>
    line !== undefined && (TIMING.test(line.text) || LENIENT_TIMING.test(line.text));
  // The first block is the header (it may carry metadata lines) and is never rewritten.
  // A blank line inside a STYLE (or NOTE) block ends it for the WebVTT parser, which then drops
  // the lines that follow up to the next cue as a block without a timing; browsers accept such
  // files, so do we, and keep those lines as they are.
  let afterNonCue = false;
  for (const block of blocks(lines).slice(1).flatMap(cueBlocks)) {
    const [first, second] = block;
    if (!first) continue;
    if (NON_CUE.test(first.text) || (afterNonCue && !block.some((l) => l.text.includes("-->")))) {
      afterNonCue = true;
      continue;
    }
    afterNonCue = false;
    let timingAt: number;
    if (isTiming(first)) timingAt = 0;
    else if (!first.text.includes("-->") && isTiming(second)) timingAt = 1;
    else {
      const bad = !first.text.includes("-->") && second?.text.includes("-->") ? second : first;
      firstError ??= new FormatError(
        "invalid_file",
        `Line ${bad.number}: expected a cue timing like "00:00:01.000 --> 00:00:02.000", found "${bad.text.trim().slice(0, 60)}".`,
      );
      report.skip(bad);
      continue;
    }
    const timing = block[timingAt];
    if (timing && !TIMING.test(timing.text)) report.lenient(timing);
    const number = cues.length + 1;
    cues.push({
      id: String(number),
      context: `cue ${timingAt === 1 ? first.text.trim() : number} ${timing?.text.trim() ?? ""}`,
      payload: block.slice(timingAt + 1),
    });
  }
  // Blocks that are all unreadable: this is not a WebVTT file in any sense a player accepts.
  if (cues.length === 0 && firstError) throw firstError;
  return cues;
}

/** WebVTT captions and subtitles (always UTF-8, as the format requires). */
export const vttFilter = subtitleFilter({ extensions: ["vtt"], dialect, parse });
