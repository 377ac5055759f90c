import { stripCodes } from "../common/inline-codes";
import { A } from "./drawingml";
import { hasText, type PlannedUnit, type StoryOptions } from "./parts";
import { ancestor, childElements, descendants, firstChild, prefixOf, textContent, type XElement } from "../xml/tree";

const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
/**
 * The schema's EG_TextAutofit choice: at most one of these in an `a:bodyPr`. Spelled as the schema
 * spells them (`spAutoFit` has a capital F, the other two do not).
 */
export const AUTOFIT = new Set(["noAutofit", "normAutofit", "spAutoFit"]);

/**
 * A translation this much longer than its source (in characters, codes left out) is likely to
 * overflow a fixed text box: Spanish or German run 15-30 % longer than English, so a fifth
 * separates ordinary growth from growth worth a hint.
 */
const GROWTH = 1.2;

/**
 * A shape's text that grew past its box gets no help from PowerPoint unless the body asks for
 * it: where a slide's text body (`p:txBody`) sets no autofit of its own and its translation is
 * notably longer than its source, `a:normAutofit` is added to its `a:bodyPr`, so PowerPoint
 * shrinks the text to fit when it next lays the slide out. The schema's order in `a:bodyPr` is
 * `prstTxWarp`, then the autofit choice, then `scene3d`, `sp3d`/`flatTx`, `extLst`.
 *
 * Decided while the part is written as it is read (planStory's "write" mode): each paragraph's
 * source and translated lengths are added to its body as it closes, and the body is hinted when
 * it closes. The writer holds the body's text back until then (`holdFrom`); a body that a
 * window of a large part cuts through (its start already written out) gets no hint.
 */
export class AutofitHints {
  /** The open text bodies whose `a:bodyPr` is still editable, with their lengths so far. */
  private readonly bodies = new Map<XElement, { source: number; target: number }>();

  constructor(private readonly translations: ReadonlyMap<string, string>) {}

  /** Adds a paragraph of the part (called as it closes, its subtree still there). */
  paragraph(p: XElement, unit: PlannedUnit): void {
    const body = ancestor(p, P, "txBody");
    const lengths = body && this.bodies.get(body);
    if (!lengths) return;
    const text = descendants(p, A, "t").map(textContent).join("");
    // Only segments have translations (a reader of stored translations counts any other read as a miss).
    const translation =
      unit.aliasOf === undefined && hasText(unit.unit.text) ? this.translations.get(unit.id) : undefined;
    lengths.source += text.length;
    lengths.target += translation === undefined ? text.length : stripCodes(translation).length;
  }

  /** What planStory needs to let the hints edit the bodies. */
  readonly story: Pick<StoryOptions, "keep" | "closing" | "holdFrom" | "forget" | "restart"> = {
    keep: (el) => isBodyPr(el),
    holdFrom: (p) => ancestor(p, P, "txBody")?.start,
    forget: () => this.bodies.clear(),
    restart: () => this.bodies.clear(),
    closing: (el, editor) => {
      if (isBodyPr(el) && el.parent) this.bodies.set(el.parent, { source: 0, target: 0 });
      if (!(el.uri === P && el.local === "txBody")) return;
      const lengths = this.bodies.get(el);
      this.bodies.delete(el);
      const bodyPr = firstChild(el, A, "bodyPr");
      if (
        !lengths ||
        !editor?.hasChanges ||
        !bodyPr ||
        childElements(bodyPr).some((c) => c.uri === A && AUTOFIT.has(c.local))
      )
        return;
      if (lengths.source > 0 && lengths.target > lengths.source * GROWTH)
        editor.edit(insertNormAutofit(editor.doc, bodyPr));
    },
  };
}

function isBodyPr(el: XElement): boolean {
  return el.uri === A && el.local === "bodyPr" && el.parent?.uri === P && el.parent.local === "txBody";
}

function insertNormAutofit(doc: string, bodyPr: XElement): { start: number; end: number; replacement: string } {
  const tag = `<${prefixOf(bodyPr)}normAutofit/>`;
  if (bodyPr.closeStart === bodyPr.end) {
    // Self-closing: written out with the new child.
    const open = doc.slice(bodyPr.start, bodyPr.end).replace(/\s*\/>$/, ">");
    return { start: bodyPr.start, end: bodyPr.end, replacement: `${open}${tag}</${bodyPr.name}>` };
  }
  const warp = firstChild(bodyPr, A, "prstTxWarp");
  const at = warp ? warp.end : bodyPr.openEnd;
  return { start: at, end: at, replacement: tag };
}
