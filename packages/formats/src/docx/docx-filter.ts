import { type FilterOptions, type FormatFilter, type MergeOptions, type Segment, type SegmentSink } from "../filter";
import { chartCaptionSegments, writeChartCaptions } from "../ooxml/chart-captions";
import { DRAWING_TEXT_PARTS, drawingStory, linkSmartArtDrawings } from "../ooxml/drawingml";
import { MergePace } from "../ooxml/merge-pace";
import { OoxmlPackage } from "../ooxml/package";
import { retagWordRunProps } from "../ooxml/language";
import { type Dialect } from "../ooxml/paragraph";
import {
  mergeParagraphs,
  type PlannedPart,
  type PlannedUnit,
  planStory,
  saveEditors,
  saveWritten,
  segmentsOf,
  type StoryMode,
} from "../ooxml/parts";
import { ancestor, attr, descendants, firstChild, type XElement } from "../xml/tree";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const MC = "http://schemas.openxmlformats.org/markup-compatibility/2006";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";

const KIND = {
  label: "Word document",
  mainContentTypes: [
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
  ],
};

/** Parts with translatable paragraphs besides the body, by relationship type. */
const STORY_PARTS = ["footnotes", "endnotes", "header", "footer", "comments"].map((t) => REL + t);
const WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing";

/** Wrappers whose content is ordinary text of the paragraph: they become paired codes. */
const CONTAINERS = new Set(["hyperlink", "fldSimple", "ins", "moveTo", "smartTag", "customXml", "dir", "bdo", "sdt"]);

const OFF = new Set(["0", "false", "off"]);

function isOn(el: XElement | undefined): boolean {
  if (!el) return false;
  const val = attr(el, "val", W);
  return val === undefined || !OFF.has(val);
}

function isDataBound(sdt: XElement): boolean {
  const pr = firstChild(sdt, W, "sdtPr");
  return pr !== undefined && firstChild(pr, W, "dataBinding") !== undefined;
}

/** The `_GoBack` bookmark only records where the cursor was; Word recreates it. */
function isGoBack(el: XElement): boolean {
  if (el.local === "bookmarkStart") return attr(el, "name", W) === "_GoBack";
  if (el.local !== "bookmarkEnd") return false;
  const id = attr(el, "id", W);
  let p = el.parent;
  while (p && !(p.uri === W && p.local === "p")) p = p.parent;
  return (
    p !== undefined &&
    descendants(p, W, "bookmarkStart").some((b) => attr(b, "name", W) === "_GoBack" && attr(b, "id", W) === id)
  );
}

export const wordDialect: Dialect = {
  uri: W,
  run: "r",
  text: "t",
  // Paragraph properties, and the properties that open a wrapper.
  leading: new Set(["pPr", "smartTagPr", "customXmlPr", "fldData"]),
  trailing: new Set(),
  preserveSpace: true,
  escapes: false,
  classify(el) {
    if (el.uri !== W) return "opaque";
    if (el.local === "r") {
      const rPr = firstChild(el, W, "rPr");
      // Hidden text stays as it is, where it is.
      return rPr && isOn(firstChild(rPr, W, "vanish")) ? "opaque" : "run";
    }
    if (el.local === "sdt") return isDataBound(el) ? "opaque" : "container";
    if (CONTAINERS.has(el.local)) return "container";
    if (el.local === "proofErr" || isGoBack(el)) return "drop";
    // Deletions, bookmarks, comment ranges, permissions: kept exactly, as isolated codes.
    return "opaque";
  },
  classifyInRun(el) {
    if (el.uri === W && el.local === "rPr") return "props";
    if (el.uri === W && el.local === "t") return "text";
    if (el.uri === W && el.local === "lastRenderedPageBreak") return "drop";
    // Tabs, breaks, symbols, field characters and instructions, note references, drawings.
    return "opaque";
  },
  slot(el) {
    return el.local === "sdt" ? firstChild(el, W, "sdtContent") : el;
  },
  retag: retagWordRunProps,
  ignoredInKey(local) {
    return local === "lang" || local === "noProof" || local === "proofErr";
  },
};

async function plan(pkg: OoxmlPackage, mode: StoryMode): Promise<PlannedPart[]> {
  const parts = [pkg.mainPart];
  const drawingParts: string[] = [];
  const rels = pkg.relationships(pkg.mainPart);
  for (const rel of rels) {
    if (rel.part && STORY_PARTS.includes(rel.type) && pkg.has(rel.part) && !parts.includes(rel.part))
      parts.push(rel.part);
  }
  // Charts and SmartArt (DrawingML text) of the body, headers and footers.
  for (const part of parts) {
    for (const rel of part === pkg.mainPart ? rels : pkg.relationships(part)) {
      if (rel.part && DRAWING_TEXT_PARTS.includes(rel.type) && pkg.has(rel.part) && !drawingParts.includes(rel.part))
        drawingParts.push(rel.part);
    }
  }
  const stories: PlannedPart[] = [];
  for (const part of parts) {
    stories.push(
      await planStory(pkg, part, wordDialect, {
        isParagraph: (el) => el.uri === W && el.local === "p",
        annotate: (p, unit, earlier) => (isInDataBoundControl(p) ? undefined : linkFallback(p, unit, earlier)),
        // Alt text of pictures and shapes (wp:docPr@descr), read with their paragraph.
        attributes: (p) =>
          ancestor(p, W, "p") ? [] : descendants(p, WP, "docPr").map((el) => ({ el, name: "descr" })),
        // Content-control properties are read when their paragraphs close.
        keep: (el) => el.uri === W && el.local === "sdtPr",
        mode,
      }),
    );
  }
  const drawings: PlannedPart[] = [];
  for (const part of drawingParts) drawings.push(await drawingStory(pkg, part));
  linkSmartArtDrawings(drawings);
  return [...stories, ...drawings];
}

/** The segments of planned parts, each chart's cached series and category names after its paragraphs. */
function withCaptions(pkg: OoxmlPackage, planned: readonly PlannedPart[]): Segment[] {
  return planned.flatMap((part) => [...segmentsOf([part]), ...chartCaptionSegments(part, (name) => pkg.xml(name))]);
}

/** Word refills data-bound content controls from their custom XML part: not translated. */
function isInDataBoundControl(p: XElement): boolean {
  for (let a = ancestor(p, W, "sdt"); a; a = ancestor(a, W, "sdt")) if (isDataBound(a)) return true;
  return false;
}

/**
 * A text box is stored twice: in mc:Choice (DrawingML) and in mc:Fallback (VML). A fallback
 * paragraph takes the translation of the matching choice paragraph when their text is the same,
 * so the engine sees (and bills) the text once.
 */
function linkFallback(p: XElement, unit: PlannedUnit, earlier: ReadonlyMap<XElement, PlannedUnit>): PlannedUnit {
  const fallback = ancestor(p, MC, "Fallback");
  const choice = fallback?.parent ? firstChild(fallback.parent, MC, "Choice") : undefined;
  if (!fallback || !choice) return unit;
  const twin = descendants(choice, W, "p")[descendants(fallback, W, "p").indexOf(p)];
  const twinUnit = twin ? earlier.get(twin) : undefined;
  return twinUnit && twinUnit.unit.text === unit.unit.text
    ? { ...unit, aliasOf: twinUnit.aliasOf ?? twinUnit.id }
    : unit;
}

/**
 * Word documents: the body, headers and footers, footnotes and endnotes, text boxes; one
 * segment per paragraph. Deleted, hidden and data-bound text and field instructions are kept
 * as they are.
 */
export const docxFilter: FormatFilter = {
  extensions: ["docx"],
  async extract(file: Uint8Array, _options: FilterOptions): Promise<Segment[]> {
    const pkg = await OoxmlPackage.openYielding(file, KIND);
    return withCaptions(pkg, await plan(pkg, { kind: "segments" }));
  },
  // Story parts hand their segments over paragraph by paragraph as they inflate; charts and
  // SmartArt (read whole, linked across parts) follow.
  async extractTo(file: Uint8Array, _options: FilterOptions, sink: SegmentSink): Promise<void> {
    const pkg = await OoxmlPackage.openYielding(file, KIND);
    const rest = withCaptions(pkg, await plan(pkg, { kind: "segments", sink }));
    for (let at = 0; at < rest.length; at += 1024) await sink(rest.slice(at, at + 1024));
  },
  mergesInOrder: true,
  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>, options: MergeOptions): Promise<Uint8Array> {
    const pkg = await OoxmlPackage.openYielding(file, KIND);
    // Story parts are written while read, in extract order; drawings (linked across parts) afterwards.
    const pace = options.ready ? new MergePace(options.ready) : undefined;
    const mode = { kind: "write", translations, targetLang: options.targetLang, ...(pace ? { pace } : {}) } as const;
    const planned = await plan(pkg, mode);
    saveWritten(pkg, planned);
    await pace?.all();
    const editors = await mergeParagraphs(planned, translations, options.targetLang);
    writeChartCaptions(planned, editors, translations);
    saveEditors(pkg, editors);
    return pkg.toBytes(file);
  },
};
