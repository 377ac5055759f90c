import { FormatError } from "../filter";
import { decodeHTML, encodeMarkupText, referenceStyle } from "../html/entities";
import { type SubtitleDialect } from "../subtitles/cue-text";
import { subtitleFilter, type Cue } from "../subtitles/filter";
import { blocks, type Line } from "../subtitles/lines";

const HEADER = /^WEBVTT(?:[ \t].*)?$/;
const TIMESTAMP = String.raw`(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}`;
/** A cue timing with its optional settings (`align:start line:0`). */
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t].*)?$`);
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

function parse(lines: readonly Line[]): Cue[] {
  const [header] = lines;
  if (!header || !HEADER.test(header.text)) {
    throw new FormatError("invalid_file", `Line 1: a WebVTT file starts with "WEBVTT", found "${(header?.text ?? "").slice(0, 60)}".`);
  }
  const cues: Cue[] = [];
  // The first block is the header (it may carry metadata lines) and is never rewritten.
  // A blank line inside a STYLE (or NOTE) block ends it for the WebVTT parser, which then drops
  // the lines that follow up to the next cue as a block without a timing; browsers accept such
  // files, so do we, and keep those lines as they are.
  let afterNonCue = false;
  for (const block of blocks(lines).slice(1)) {
    const [first, second] = block;
    if (!first) continue;
    if (NON_CUE.test(first.text) || (afterNonCue && !block.some((l) => l.text.includes("-->")))) {
      afterNonCue = true;
      continue;
    }
    afterNonCue = false;
    let timingAt: number;
    if (TIMING.test(first.text)) timingAt = 0;
    else if (!first.text.includes("-->") && second && TIMING.test(second.text)) timingAt = 1;
    else {
      const bad = first.text.includes("-->") || !second ? first : second;
      throw new FormatError(
        "invalid_file",
        `Line ${bad.number}: expected a cue timing like "00:00:01.000 --> 00:00:02.000", found "${bad.text.trim().slice(0, 60)}".`,
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
  return cues;
}

/** WebVTT captions and subtitles (always UTF-8, as the format requires). */
export const vttFilter = subtitleFilter({ extensions: ["vtt"], dialect, parse });
