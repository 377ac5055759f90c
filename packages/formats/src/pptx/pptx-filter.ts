import { type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { A, drawingDialect } from "../ooxml/drawingml";
import { OoxmlPackage } from "../ooxml/package";
import { mergeParagraphs, type PlannedPart, type PlannedUnit, planParagraphs, saveEditors, segmentsOf } from "../ooxml/parts";
import { ancestor, attr, childElements, descendants, firstChild } from "../ooxml/xml";

const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";
const DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram";
const DSP = "http://schemas.microsoft.com/office/drawing/2008/diagram";

const KIND = {
  label: "PowerPoint presentation",
  mainContentTypes: [
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
  ],
};

/** What a slide links to that holds its text, in the order it is read. */
const SLIDE_PARTS = [
  REL + "chart",
  REL + "diagramData",
  "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing",
  REL + "notesSlide",
];

/** Slide parts in presentation order (sldIdLst), each followed by its charts, SmartArt and notes. */
function storyParts(pkg: OoxmlPackage): string[] {
  const pres = pkg.xml(pkg.mainPart);
  const rels = new Map(pkg.relationships(pkg.mainPart).map((r) => [r.id, r]));
  const list = firstChild(pres.root, P, "sldIdLst");
  const parts: string[] = [];
  const add = (part: string | undefined): void => {
    if (part && pkg.has(part) && !parts.includes(part)) parts.push(part);
  };
  for (const id of list ? childElements(list, P, "sldId") : []) {
    const slide = rels.get(attr(id, "id", R) ?? "")?.part;
    if (!slide || !pkg.has(slide)) continue;
    add(slide);
    const slideRels = pkg.relationships(slide);
    for (const type of SLIDE_PARTS) for (const r of slideRels) if (r.type === type) add(r.part);
  }
  return parts;
}

/**
 * PowerPoint redraws SmartArt from its data part; the drawing part is a cached rendering of the
 * same text. A drawing paragraph whose shape (modelId) and text match a data point's paragraph
 * takes that translation, so the text is sent once and both copies agree.
 */
function linkSmartArtDrawings(parts: readonly PlannedPart[]): void {
  const byModel = new Map<string, PlannedUnit[]>();
  for (const part of parts) {
    for (const u of part.units) {
      const pt = ancestor(u.unit.el, DGM, "pt");
      const model = pt ? attr(pt, "modelId") : undefined;
      if (model) byModel.set(model, [...(byModel.get(model) ?? []), u]);
    }
  }
  for (const part of parts) {
    part.units.forEach((u, i) => {
      const shape = ancestor(u.unit.el, DSP, "sp");
      const model = shape ? attr(shape, "modelId") : undefined;
      if (!shape || !model) return;
      const index = descendants(shape, A, "p").indexOf(u.unit.el);
      const twin = byModel.get(model)?.[index];
      if (twin && twin.unit.text === u.unit.text) part.units[i] = { ...u, aliasOf: twin.id };
    });
  }
}

function plan(pkg: OoxmlPackage): PlannedPart[] {
  const parts = storyParts(pkg).map((part) => {
    const doc = pkg.xml(part);
    return planParagraphs(part, doc, descendants(doc.root, A, "p"), drawingDialect);
  });
  linkSmartArtDrawings(parts);
  return parts;
}

/**
 * PowerPoint presentations: slides in presentation order (hidden slides included), their
 * tables, charts, SmartArt and speaker notes; one segment per paragraph. Masters and layouts
 * are left alone.
 */
export const pptxFilter: FormatFilter = {
  extensions: ["pptx"],
  async extract(file: Uint8Array, _options: FilterOptions): Promise<Segment[]> {
    return segmentsOf(plan(OoxmlPackage.open(file, KIND)));
  },
  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>, _options: FilterOptions): Promise<Uint8Array> {
    const pkg = OoxmlPackage.open(file, KIND);
    saveEditors(pkg, mergeParagraphs(plan(pkg), translations));
    return pkg.toBytes(file);
  },
};
