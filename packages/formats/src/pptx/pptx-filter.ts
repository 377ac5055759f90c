import { type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { DRAWING_TEXT_PARTS, drawingStory, linkSmartArtDrawings } from "../ooxml/drawingml";
import { OoxmlPackage } from "../ooxml/package";
import { hintAutofit } from "../ooxml/autofit";
import { chartCaptionSegments, writeChartCaptions } from "../ooxml/chart-captions";
import { mergeParagraphs, type PlannedPart, saveEditors, segmentsOf } from "../ooxml/parts";
import { attr, childElements, firstChild } from "../xml/tree";

const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";

const KIND = {
  label: "PowerPoint presentation",
  mainContentTypes: [
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
  ],
};

/** What a slide links to that holds its text, in the order it is read. */
const SLIDE_PARTS = [...DRAWING_TEXT_PARTS, REL + "notesSlide"];

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

async function plan(pkg: OoxmlPackage): Promise<PlannedPart[]> {
  const parts: PlannedPart[] = [];
  for (const part of storyParts(pkg)) parts.push(await drawingStory(pkg, part));
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
    const pkg = OoxmlPackage.open(file, KIND);
    // Each part's paragraphs, then (a chart's) cached series and category names.
    return (await plan(pkg)).flatMap((part) => [...segmentsOf([part]), ...chartCaptionSegments(part, (name) => pkg.xml(name))]);
  },
  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>, options: FilterOptions): Promise<Uint8Array> {
    const pkg = OoxmlPackage.open(file, KIND);
    const planned = await plan(pkg);
    const editors = await mergeParagraphs(planned, translations, options.targetLang);
    writeChartCaptions(planned, editors, translations);
    hintAutofit(planned, editors, translations);
    saveEditors(pkg, editors);
    return pkg.toBytes(file);
  },
};
