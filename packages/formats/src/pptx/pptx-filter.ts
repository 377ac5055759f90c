import { type FormatFilter, type MergeOptions, type Segment, type SegmentSink } from "../filter";
import { DRAWING_TEXT_PARTS, drawingStory, linkSmartArtDrawings } from "../ooxml/drawingml";
import { OoxmlPackage } from "../ooxml/package";
import { streamedExtraction } from "../ooxml/streamed-extraction";
import { AutofitHints } from "../ooxml/autofit";
import { chartCaptionSegments, writeChartCaptions } from "../ooxml/chart-captions";
import { MergePace } from "../ooxml/merge-pace";
import { mergeParagraphs, type PlannedPart, saveEditors, saveWritten, segmentsOf } from "../ooxml/parts";
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

/**
 * A part's text and how it is read: a slide or its notes as a story, written while read (any
 * size, in windows when large); a chart or SmartArt part whole, its SmartArt drawing linked to
 * the data of the same slide.
 */
interface StoryPart {
  part: string;
  whole: boolean;
}

/** Slide parts in presentation order (sldIdLst), each followed by its charts, SmartArt and notes: a group per slide. */
function slideGroups(pkg: OoxmlPackage): StoryPart[][] {
  const pres = pkg.xml(pkg.mainPart);
  const rels = new Map(pkg.relationships(pkg.mainPart).map((r) => [r.id, r]));
  const list = firstChild(pres.root, P, "sldIdLst");
  const seen = new Set<string>();
  const groups: StoryPart[][] = [];
  for (const id of list ? childElements(list, P, "sldId") : []) {
    const slide = rels.get(attr(id, "id", R) ?? "")?.part;
    if (!slide || !pkg.has(slide) || seen.has(slide)) continue;
    const group: StoryPart[] = [];
    const add = (part: string | undefined, whole: boolean): void => {
      if (!part || !pkg.has(part) || seen.has(part)) return;
      seen.add(part);
      group.push({ part, whole });
    };
    add(slide, false);
    const slideRels = pkg.relationships(slide);
    for (const type of SLIDE_PARTS)
      for (const r of slideRels) if (r.type === type) add(r.part, type !== REL + "notesSlide");
    groups.push(group);
  }
  return groups;
}

/** A group's charts and SmartArt, read whole and linked. */
async function planWhole(pkg: OoxmlPackage, group: readonly StoryPart[]): Promise<Map<string, PlannedPart>> {
  const planned: PlannedPart[] = [];
  for (const { part, whole } of group) if (whole) planned.push(await drawingStory(pkg, part));
  linkSmartArtDrawings(planned);
  return new Map(planned.map((p) => [p.part, p]));
}

/** A part read whole: its paragraphs, then (a chart's) cached series and category names. */
function wholeSegments(pkg: OoxmlPackage, part: PlannedPart): Segment[] {
  const out = segmentsOf([part]);
  for (const caption of chartCaptionSegments(part, (name) => pkg.xml(name))) out.push(caption);
  return out;
}

/**
 * The presentation's segments into `sink`, in reading order, a part at a time: slides and notes
 * as they are read (see planStory), each slide's charts and SmartArt after the slide.
 */
async function extractInto(pkg: OoxmlPackage, sink: SegmentSink): Promise<void> {
  for (const group of slideGroups(pkg)) {
    const whole = await planWhole(pkg, group);
    for (const { part } of group) {
      const planned = whole.get(part);
      if (planned) await handOver(sink, wholeSegments(pkg, planned));
      else await drawingStory(pkg, part, { mode: { kind: "segments", sink } });
      await turn();
    }
  }
}

/** A turn of the event loop between parts: a deck of thousands of slides read one after another must not stall the server. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function handOver(sink: SegmentSink, segments: Segment[]): Promise<void> {
  for (let at = 0; at < segments.length; at += 1024) await sink(segments.slice(at, at + 1024));
}

/**
 * PowerPoint presentations: slides in presentation order (hidden slides included), their
 * tables, charts, SmartArt and speaker notes; one segment per paragraph. Masters and layouts
 * are left alone.
 */
export const pptxFilter: FormatFilter = {
  extensions: ["pptx"],
  ...streamedExtraction(KIND, extractInto),
  // Part by part in extract order: slides and notes written as they are read, charts and
  // SmartArt once their segments are translated; each part goes back into the package at once.
  mergesInOrder: true,
  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>, options: MergeOptions): Promise<Uint8Array> {
    const pkg = await OoxmlPackage.openYielding(file, KIND);
    const pace = options.ready ? new MergePace(options.ready) : undefined;
    const mode = { kind: "write", translations, targetLang: options.targetLang, ...(pace ? { pace } : {}) } as const;
    for (const group of slideGroups(pkg)) {
      const whole = await planWhole(pkg, group);
      for (const { part } of group) {
        const planned = whole.get(part);
        if (planned) {
          await pace?.next(wholeSegments(pkg, planned).length);
          const editors = await mergeParagraphs([planned], translations, options.targetLang);
          writeChartCaptions([planned], editors, translations);
          saveEditors(pkg, editors);
          whole.delete(part);
          continue;
        }
        const hints = new AutofitHints(translations);
        const written = await drawingStory(pkg, part, {
          mode,
          ...hints.story,
          observe: (p, unit) => hints.paragraph(p, unit),
        });
        saveWritten(pkg, [written]);
        if (written.editor) saveEditors(pkg, new Map([[part, written.editor]]));
        await turn();
      }
    }
    return pkg.toBytes(file);
  },
};
