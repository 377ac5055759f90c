import { stripCodes } from "../common/inline-codes";
import { type PartEditor } from "./paragraph";
import { type PlannedPart } from "./parts";
import { A } from "./drawingml";
import { parseXml } from "../xml/parse";
import { childElements, descendants, firstChild, prefixOf, textContent, type XElement } from "../xml/tree";

const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const AUTOFIT = new Set(["normAutofit", "noAutofit", "spAutofit"]);

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
 * Paragraph ids are the part's `a:p` elements in document order (as `planStory` numbers them).
 */
export function hintAutofit(parts: readonly PlannedPart[], editors: ReadonlyMap<string, PartEditor>, translations: ReadonlyMap<string, string>): void {
  for (const part of parts) {
    const editor = editors.get(part.part);
    if (!editor?.hasChanges || !(part.doc.root.uri === P)) continue;
    const doc = parseXml(editor.doc, part.part);
    const index = new Map(descendants(doc.root, A, "p").map((p, i) => [p, `${part.part}#${i + 1}`]));
    for (const body of descendants(doc.root, P, "txBody")) {
      const bodyPr = firstChild(body, A, "bodyPr");
      if (!bodyPr || childElements(bodyPr).some((c) => c.uri === A && AUTOFIT.has(c.local))) continue;
      let source = 0;
      let target = 0;
      for (const p of descendants(body, A, "p")) {
        const text = descendants(p, A, "t").map(textContent).join("");
        const translation = translations.get(index.get(p) ?? "");
        source += text.length;
        target += translation === undefined ? text.length : stripCodes(translation).length;
      }
      if (source > 0 && target > source * GROWTH) editor.edit(insertNormAutofit(editor.doc, bodyPr));
    }
  }
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
