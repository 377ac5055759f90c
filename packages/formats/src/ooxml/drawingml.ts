import { retagDrawingRunProps } from "./language";
import { type Dialect } from "./paragraph";
import { type OoxmlPackage } from "./package";
import { type PlannedPart, type PlannedUnit, planStory, type StoryOptions } from "./parts";
import { ancestor, attr, type XElement } from "../xml/tree";

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
  retag: retagDrawingRunProps,
  ignoredInKey(local) {
    return NOISE.has(local);
  },
};

/** How a drawing part is read (plan mode by default), and what else sees its paragraphs. */
export type DrawingStoryOptions = Pick<
  StoryOptions,
  "mode" | "keep" | "closing" | "holdFrom" | "forget" | "restart"
> & {
  /** Sees each paragraph as it closes (its subtree still there). */
  observe?: (p: XElement, unit: PlannedUnit) => void;
};

/**
 * PowerPoint redraws SmartArt from its data part; the drawing part is a cached rendering of the
 * same text. Data paragraphs share "modelId#n" keys and drawing paragraphs follow them (the
 * shape's modelId names its data point); `linkSmartArtDrawings` then makes a drawing paragraph
 * whose text matches take the data point's translation, so the text is sent once.
 */
export async function drawingStory(
  pkg: OoxmlPackage,
  part: string,
  more: DrawingStoryOptions = {},
): Promise<PlannedPart> {
  const counters = new WeakMap<XElement, number>();
  const keyOf = (p: XElement, owner: XElement | undefined): string | undefined => {
    const model = owner ? attr(owner, "modelId") : undefined;
    if (!owner || !model) return undefined;
    const n = counters.get(owner) ?? 0;
    counters.set(owner, n + 1);
    return `${model}#${n}`;
  };
  const { observe, ...options } = more;
  return planStory(pkg, part, drawingDialect, {
    ...options,
    isParagraph: (el) => el.uri === A && el.local === "p",
    annotate: (p, unit) => {
      observe?.(p, unit);
      const shareKey = keyOf(p, ancestor(p, DGM, "pt"));
      if (shareKey) return { ...unit, shareKey };
      const followKey = keyOf(p, ancestor(p, DSP, "sp"));
      return followKey ? { ...unit, followKey } : unit;
    },
  });
}

export function linkSmartArtDrawings(parts: readonly PlannedPart[]): void {
  const shared = new Map<string, PlannedUnit>();
  for (const part of parts) for (const u of part.units) if (u.shareKey) shared.set(u.shareKey, u);
  for (const part of parts) {
    part.units.forEach((u, i) => {
      const twin = u.followKey ? shared.get(u.followKey) : undefined;
      if (twin && twin.unit.text === u.unit.text) part.units[i] = { ...u, aliasOf: twin.id };
    });
  }
}
