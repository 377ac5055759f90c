import { FormatError } from "../filter";
import { type SubtitleDialect } from "../subtitles/cue-text";
import { subtitleFilter, type Cue } from "../subtitles/filter";
import { blocks, type Line } from "../subtitles/lines";

/** `00:00:01,000 --> 00:00:02,500` plus optional coordinates (`X1:100 X2:200 Y1:10 Y2:50`); a dot is tolerated. */
const TIMING = /^\s*\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}\s*-->\s*\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}(?:\s.*)?$/;
const INDEX = /^\s*\d+\s*$/;

/**
 * SRT has no escapes: text is written as is. Line breaks and `-->` would break the cue
 * structure, so they are the only things rewritten.
 */
const dialect: SubtitleDialect = {
  decode: (raw) => raw,
  encoder: () => (text) => text.replace(/\s*[\r\n]+\s*/g, " ").replace(/-->/g, "→"),
};

function parse(lines: readonly Line[]): Cue[] {
  const cues: Cue[] = [];
  for (const block of blocks(lines)) {
    const [first, second] = block;
    if (!first) continue;
    let timingAt: number;
    if (TIMING.test(first.text)) timingAt = 0;
    else if (INDEX.test(first.text) && second && TIMING.test(second.text)) timingAt = 1;
    else {
      const bad = INDEX.test(first.text) && second ? second : first;
      throw new FormatError(
        "invalid_file",
        `Line ${bad.number}: expected a cue timing like "00:00:01,000 --> 00:00:02,000", found "${bad.text.trim().slice(0, 60)}".`,
      );
    }
    const timing = block[timingAt];
    const number = cues.length + 1;
    cues.push({
      id: String(number),
      context: `cue ${timingAt === 1 ? first.text.trim() : number} ${timing?.text.trim() ?? ""}`,
      payload: block.slice(timingAt + 1),
    });
  }
  if (cues.length === 0) throw new FormatError("invalid_file", "Line 1: the file holds no subtitle cues.");
  return cues;
}

/** SubRip subtitles; legacy files that are not UTF-8 are read and written as windows-1252. */
export const srtFilter = subtitleFilter({ extensions: ["srt"], dialect, fallbackEncoding: "windows-1252", parse });
