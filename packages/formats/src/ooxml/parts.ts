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
}

export interface PlannedPart {
  readonly part: string;
  readonly doc: XmlDocument;
  readonly units: PlannedUnit[];
}

/** Paragraph ids: the part name and the paragraph's index among all paragraphs of the part. */
export function planParagraphs(part: string, doc: XmlDocument, paragraphs: readonly XElement[], dialect: Dialect): PlannedPart {
  return {
    part,
    doc,
    units: paragraphs.map((p, i) => ({ id: `${part}#${i + 1}`, unit: readParagraph(p, dialect), dialect })),
  };
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
export function mergeParagraphs(parts: readonly PlannedPart[], translations: ReadonlyMap<string, string>): Map<string, PartEditor> {
  const editors = new Map<string, PartEditor>();
  for (const part of parts) {
    const editor = new PartEditor(part.doc.text);
    const units = [...part.units].sort((a, b) => a.unit.el.end - b.unit.el.end);
    for (const u of units) {
      if (!hasText(u.unit.text)) continue;
      const t = prepareTranslation(u.unit, translations.get(u.aliasOf ?? u.id));
      if (t !== undefined) writeParagraph(editor, u.unit, t, u.dialect);
    }
    editors.set(part.part, editor);
  }
  return editors;
}

/** Puts every changed part back into the package. */
export function saveEditors(pkg: OoxmlPackage, editors: ReadonlyMap<string, PartEditor>): void {
  for (const [part, editor] of editors) if (editor.hasChanges) pkg.replace(part, editor.result());
}
