import { isTranslatableValue } from "../common/non-text";
import { type Segment } from "../filter";
import { type PartEditor } from "./paragraph";
import { type PlannedPart } from "./parts";
import { parseXml } from "../xml/parse";
import { escapeXmlText, textContent, type XElement, type XmlDocument } from "../xml/tree";

const C = "http://schemas.openxmlformats.org/drawingml/2006/chart";

/** String caches that hold series names and categories: a reference's cache, a literal, a multi-level cache. */
const CACHES = new Set(["strCache", "strLit", "multiLvlStrCache"]);

/**
 * A chart draws its series names (`c:tx`) and categories (`c:cat`) from string caches of the
 * embedded workbook's cells, not from DrawingML text: each cached `c:v` is a caption. Captions
 * with the same text are one segment (the first one's id), so every cache that repeats a
 * category (each series of a bar chart has its own copy) gets the same translation and the
 * caches stay consistent. The embedded workbook keeps its cells: PowerPoint and Word show the
 * caches until someone edits the chart's data.
 */
function captionValues(doc: XmlDocument): XElement[] {
  const out: XElement[] = [];
  const walk = (el: XElement, inCaption: boolean, inCache: boolean): void => {
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      const caption = inCaption || (c.uri === C && (c.local === "tx" || c.local === "cat"));
      const cache = inCache || (caption && c.uri === C && CACHES.has(c.local));
      if (cache && c.uri === C && c.local === "v" && el.uri === C && el.local === "pt") out.push(c);
      else walk(c, caption, cache);
    }
  };
  walk(doc.root, false, false);
  return out;
}

const isChart = (part: PlannedPart): boolean => part.doc.root.uri === C && part.doc.root.local === "chartSpace";

/**
 * The names a new chart's data gets from Office or a chart library (`Series 1`, `Category 2`,
 * `Column1`, `Row 3`, `Item 4`): they name the embedded workbook's rows and columns, not text
 * an author wrote, and stay as the workbook has them.
 */
const DEFAULT_NAME = /^(?:Series|Category|Column|Row|Item|Point|Value)\s?\d+$/;

/** The caption's segment id by text, in document order. */
function captionIds(part: string, values: readonly XElement[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const v of values) {
    const text = textContent(v);
    if (!ids.has(text) && isTranslatableValue(text) && !DEFAULT_NAME.test(text.trim()))
      ids.set(text, `${part}#caption${ids.size + 1}`);
  }
  return ids;
}

/** The captions of a planned chart part (none for other parts), one segment per distinct text. */
export function chartCaptionSegments(part: PlannedPart, read: (part: string) => XmlDocument): Segment[] {
  if (!isChart(part)) return [];
  return [...captionIds(part.part, captionValues(read(part.part)))].map(([text, id]) => ({
    id,
    text,
    context: part.part,
  }));
}

/** Writes the captions' translations into each chart part's editor. */
export function writeChartCaptions(
  parts: readonly PlannedPart[],
  editors: ReadonlyMap<string, PartEditor>,
  translations: ReadonlyMap<string, string>,
): void {
  for (const part of parts) {
    const editor = editors.get(part.part);
    if (!editor || !isChart(part)) continue;
    const values = captionValues(parseXml(editor.doc, part.part));
    const ids = captionIds(part.part, values);
    for (const v of values) {
      const text = textContent(v);
      const id = ids.get(text);
      const translation = id === undefined ? undefined : translations.get(id);
      if (translation === undefined || translation === text || translation.trim() === "") continue;
      editor.edit({ start: v.openEnd, end: v.closeStart, replacement: escapeXmlText(translation) });
    }
  }
}
