import { type Dialect } from "./paragraph";
import { type PlannedPart, type PlannedUnit } from "./parts";
import { ancestor, attr, descendants } from "./xml";

export const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
const DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram";
const DSP = "http://schemas.microsoft.com/office/drawing/2008/diagram";

/** Relationship types of the parts that hold DrawingML text next to a slide or document. */
export const DRAWING_TEXT_PARTS = [
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart",
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData",
  "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing",
];

/** Run-property attributes that record proofing and editing state, not how the text looks. */
const NOISE = new Set(["lang", "altLang", "err", "dirty", "noProof", "smtClean", "smtId", "spc", "bmk"]);

/**
 * DrawingML text (slides, notes, charts, SmartArt, shapes): a:p holds a:r runs; line breaks
 * (a:br) and fields (a:fld: slide number, date) are isolated codes; a:endParaRPr stays last.
 */
export const drawingDialect: Dialect = {
  uri: A,
  run: "r",
  text: "t",
  leading: new Set(["pPr"]),
  trailing: new Set(["endParaRPr"]),
  preserveSpace: false,
  escapes: false,
  classify(el) {
    return el.uri === A && el.local === "r" ? "run" : "opaque";
  },
  classifyInRun(el) {
    if (el.uri === A && el.local === "rPr") return "props";
    if (el.uri === A && el.local === "t") return "text";
    return "opaque";
  },
  slot() {
    return undefined;
  },
  ignoredInKey(local) {
    return NOISE.has(local);
  },
};

/**
 * PowerPoint redraws SmartArt from its data part; the drawing part is a cached rendering of the
 * same text. A drawing paragraph whose shape (modelId) and text match a data point's paragraph
 * takes that translation, so the text is sent once and both copies agree.
 */
export function linkSmartArtDrawings(parts: readonly PlannedPart[]): void {
  const byModel = new Map<string, PlannedUnit[]>();
  for (const part of parts) {
    for (const u of part.units) {
      const pt = ancestor(u.unit.el, DGM, "pt");
      const model = pt ? attr(pt, "modelId") : undefined;
      if (!model) continue;
      const list = byModel.get(model);
      if (list) list.push(u);
      else byModel.set(model, [u]);
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

