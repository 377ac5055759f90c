/**
 * Breaks one line of cue markup into at most `count` lines of balanced visible length, at spaces
 * outside tags, so a translated cue keeps the original cue's line count (players and styling
 * guides assume it) without ever producing an empty line.
 */
export function rewrap(markup: string, count: number, tag: RegExp): string[] {
  const line = markup.replace(/[ \t\r\n]+/g, " ").replace(/^ | $/g, "");
  if (count <= 1 || line === "") return [line];

  // Candidate breaks: spaces outside tags, with the visible length before each.
  const breaks: { at: number; visible: number }[] = [];
  const tags = [...line.matchAll(new RegExp(tag.source, "g"))].map((m) => [m.index, m.index + m[0].length] as const);
  let visible = 0;
  let t = 0;
  for (let i = 0; i < line.length; i++) {
    const current = tags[t];
    if (current && i >= current[0]) {
      if (i < current[1]) continue;
      t++;
    }
    // A line starting with a dash would read as a dialogue line of its own.
    if (line[i] === " " && !/[-–—]/.test(line[i + 1] ?? "")) breaks.push({ at: i, visible });
    visible++;
  }
  const total = visible;
  const chosen: number[] = [];
  let from = 0;
  for (let k = 1; k < count && from < breaks.length; k++) {
    const target = (total * k) / count;
    let best = -1;
    // Leave at least one break for each later line.
    const last = breaks.length - (count - 1 - k);
    for (let b = from; b < last; b++) {
      const candidate = breaks[b];
      if (!candidate) break;
      const bestBreak = breaks[best];
      if (best < 0 || (bestBreak && Math.abs(candidate.visible - target) < Math.abs(bestBreak.visible - target)))
        best = b;
    }
    const picked = breaks[best];
    if (best < 0 || !picked) break;
    chosen.push(picked.at);
    from = best + 1;
  }
  const lines: string[] = [];
  let start = 0;
  for (const at of chosen) {
    lines.push(line.slice(start, at));
    start = at + 1;
  }
  lines.push(line.slice(start));
  return lines.filter((l) => l.trim() !== "");
}
