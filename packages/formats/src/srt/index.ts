import { FormatError } from "../filter";
import { type SubtitleDialect } from "../subtitles/cue-text";
import { subtitleFilter, type Cue, type ParseReport } from "../subtitles/filter";
import { blocks, type Line } from "../subtitles/lines";

/** `00:00:01,000 --> 00:00:02,500` plus optional coordinates (`X1:100 X2:200 Y1:10 Y2:50`); a dot is tolerated. */
const TIMING = /^\s*\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}\s*-->\s*\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}(?:\s.*)?$/;
/** What players still read: no milliseconds, one- or two-digit fractions, no hours. */
const LENIENT_TIMING =
  /^\s*(?:\d+:)?\d{1,2}:\d{1,2}(?:[,.]\d{1,3})?\s*-->\s*(?:\d+:)?\d{1,2}:\d{1,2}(?:[,.]\d{1,3})?(?:\s.*)?$/;
const INDEX = /^\s*\d+\s*$/;

/**
 * SRT has no escapes: text is written as is. Line breaks and `-->` would break the cue
 * structure, so they are the only things rewritten.
 */
const dialect: SubtitleDialect = {
  decode: (raw) => raw,
  encoder: () => (text) => text.replace(/\s*[\r\n]+\s*/g, " ").replace(/-->/g, "→"),
};

function parse(lines: readonly Line[], report: ParseReport): Cue[] {
  const cues: Cue[] = [];
  let firstError: FormatError | undefined;
  const isTiming = (line: Line | undefined) =>
    line !== undefined && (TIMING.test(line.text) || LENIENT_TIMING.test(line.text));
  for (const block of blocks(lines)) {
    const [first, second] = block;
    if (!first) continue;
    let timingAt: number;
    if (isTiming(first)) timingAt = 0;
    else if (INDEX.test(first.text) && isTiming(second)) timingAt = 1;
    else {
      const bad = INDEX.test(first.text) && second ? second : first;
      firstError ??= new FormatError(
        "invalid_file",
        `Line ${bad.number}: expected a cue timing like "00:00:01,000 --> 00:00:02,000", found "${bad.text.trim().slice(0, 60)}".`,
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
  // Prose or any other file without a single cue is not a subtitle file.
  if (cues.length === 0)
    throw firstError ?? new FormatError("invalid_file", "Line 1: the file holds no subtitle cues.");
  return cues;
}

/** SubRip subtitles; legacy files that are not UTF-8 are read and written as windows-1252. */
export const srtFilter = subtitleFilter({ extensions: ["srt"], dialect, fallbackEncoding: "windows-1252", parse });
