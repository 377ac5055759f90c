import { definitionStubs, markdownChunks } from "./chunks";
import { parseMarkdown } from "./parse";
import { markdownUnits, placeUnit, type MarkdownUnit } from "./units";

/** The file's units, parsed chunk by chunk so memory stays proportional to a chunk. */
export function readMarkdownUnits(text: string, chunkSize?: number): MarkdownUnit[] {
  const chunks = markdownChunks(text, chunkSize);
  if (chunks.length === 1) return markdownUnits(text, parseMarkdown(text));
  const stubs = definitionStubs(text);
  const units: MarkdownUnit[] = [];
  for (const chunk of chunks) {
    const own = text.slice(chunk.start, chunk.end);
    const source = `${own}\n\n${stubs}\n`;
    for (const unit of markdownUnits(source, parseMarkdown(source))) {
      if (unit.range.end <= own.length) units.push(placeUnit(unit, chunk.start, String(units.length + 1)));
    }
  }
  return units;
}
