import { stripCodes } from "../common/inline-codes";
import { type Segment } from "../filter";
import { type OoxmlPackage } from "./package";
import { type Dialect, PartEditor, type ParagraphUnit, prepareTranslation, readParagraph, writeParagraph } from "./paragraph";
import { type XElement, type XmlDocument } from "./xml";

/** One paragraph of a part, with the segment id that is its merge key. */
export interface PlannedUnit {
  readonly id: string;
  readonly unit: ParagraphUnit;
  readonly dialect: Dialect;
  /** Another unit with the same text whose translation this one takes (a text box's fallback copy). */
  readonly aliasOf?: string;
  /** A key other units can follow (a SmartArt data point's paragraph). */
  readonly shareKey?: string;
  /** The key of the unit this one copies when their texts agree (a SmartArt drawing's paragraph). */
  readonly followKey?: string;
}

export interface PlannedPart {
  readonly part: string;
  readonly doc: XmlDocument;
  readonly units: PlannedUnit[];
}

export interface StoryOptions {
  /** The paragraph elements of the part (w:p, a:p, si). */
  isParagraph: (el: XElement) => boolean;
  /**
   * Called for each paragraph, in document order, while the tree around it still exists:
   * returns the unit to plan (possibly re-identified or linked), or undefined to skip it.
   * `earlier` holds the units of the same top-level paragraph read so far (its text boxes).
   */
  annotate?: (p: XElement, unit: PlannedUnit, earlier: ReadonlyMap<XElement, PlannedUnit>) => PlannedUnit | undefined;
  /** Elements outside paragraphs that `annotate` reads later (w:sdtPr): kept, with their content. */
  keep?: (el: XElement) => boolean;
}

/**
 * Reads a part's paragraphs while parsing it: each top-level paragraph becomes units (with the
 * paragraphs nested in it, such as text boxes) as soon as it closes, and its subtree is then
 * dropped, as is everything else outside paragraphs. Memory follows the text, not the XML.
 * Ids are the part name and the paragraph's position among the part's paragraphs.
 */
export async function planStory(pkg: OoxmlPackage, part: string, dialect: Dialect, options: StoryOptions): Promise<PlannedPart> {
  const units: PlannedUnit[] = [];
  let index = 0;
  const inParagraph = (el: XElement): boolean => {
    for (let a = el.parent; a; a = a.parent) if (options.isParagraph(a)) return true;
    return false;
  };
  const kept = (el: XElement): boolean => {
    for (let a: XElement | undefined = el; a; a = a.parent) if (options.keep?.(a)) return true;
    return false;
  };
  const prune = (el: XElement): boolean => {
    if (inParagraph(el)) return false;
    if (!options.isParagraph(el)) return !kept(el);
    const earlier = new Map<XElement, PlannedUnit>();
    for (const p of [el, ...descendantsWhere(el, options.isParagraph)]) {
      index++;
      const planned: PlannedUnit = { id: `${part}#${index}`, unit: readParagraph(p, dialect), dialect };
      const annotated = options.annotate ? options.annotate(p, planned, earlier) : planned;
      earlier.set(p, annotated ?? planned);
      if (annotated) units.push(annotated);
    }
    return true;
  };
  const restart = (): void => {
    units.length = 0;
    index = 0;
  };
  return { part, doc: await pkg.largeXml(part, { prune, restart, maxChars: MAX_STORY_CHARS }), units };
}

/**
 * The largest story part (document, slide, shared strings) read paragraph by paragraph: the
 * part's text is held whole (for splicing), about 2 bytes per character.
 */
export const MAX_STORY_CHARS = 150_000_000;

function descendantsWhere(el: XElement, test: (e: XElement) => boolean): XElement[] {
  const out: XElement[] = [];
  const walk = (e: XElement): void => {
    for (const c of e.children) {
      if (c.kind !== "element") continue;
      if (test(c)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** The segments of planned parts, in order; paragraphs without text and aliases give none. */
export function segmentsOf(parts: readonly PlannedPart[]): Segment[] {
  const out: Segment[] = [];
  for (const part of parts) {
    for (const u of part.units) {
      if (u.aliasOf === undefined && hasText(u.unit.text)) out.push({ id: u.id, text: u.unit.text, context: part.part });
    }
  }
  return out;
}

export function hasText(text: string): boolean {
  return stripCodes(text).trim() !== "";
}

/**
 * Writes the translations into each part's editor (innermost paragraphs first, so an outer
 * paragraph carries its text boxes' new text) and returns the editors for further edits.
 */
export async function mergeParagraphs(
  parts: readonly PlannedPart[],
  translations: ReadonlyMap<string, string>,
  /** Marks translated runs with this language, where the format carries one. */
  targetLang?: string,
): Promise<Map<string, PartEditor>> {
  const editors = new Map<string, PartEditor>();
  let written = 0;
  for (const part of parts) {
    const editor = new PartEditor(part.doc.text);
    const units = [...part.units].sort((a, b) => a.unit.span.end - b.unit.span.end);
    for (const u of units) {
      // A turn of the event loop now and then: a large document must not stall the server.
      if (++written % 5000 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (!hasText(u.unit.text)) continue;
      const t = prepareTranslation(u.unit, translations.get(u.aliasOf ?? u.id));
      if (t !== undefined) writeParagraph(editor, u.unit, t, u.dialect, targetLang);
    }
    editors.set(part.part, editor);
  }
  return editors;
}

/** Puts every changed part back into the package. */
export function saveEditors(pkg: OoxmlPackage, editors: ReadonlyMap<string, PartEditor>): void {
  for (const [part, editor] of editors) if (editor.hasChanges) pkg.replacePieces(part, editor.pieces());
}
