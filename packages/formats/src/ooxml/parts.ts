import { stripCodes } from "../common/inline-codes";
import { type Segment, type SegmentSink } from "../filter";
import { type OoxmlPackage } from "./package";
import {
  type Dialect,
  PartEditor,
  type ParagraphUnit,
  prepareTranslation,
  readParagraph,
  writeParagraph,
} from "./paragraph";
import { type Deflated } from "../zip/archive";
import { DeflateStream } from "../zip/deflate-stream";
import { setAttribute } from "./language";
import { FormatError } from "../filter";
import { FastScanner, Unsupported } from "../xml/fast-scanner";
import { parseXmlYielding } from "../xml/parse";
import { attr, escapeXmlAttribute, type XElement, type XmlDocument } from "../xml/tree";
import { type MergePace } from "./merge-pace";
import { appendAll } from "../common/arrays";

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
  /** The paragraphs, when the part was planned to be read later ("plan" mode). */
  readonly units: PlannedUnit[];
  /** Its segments, when read in "segments" mode (units are not kept). */
  readonly segments?: Segment[];
  /** Its rewrites, when written while read ("write" mode; units are not kept). */
  readonly editor?: PartEditor;
  /** Its new content, deflated as it was written ("write" mode, a changed UTF-8 part). */
  readonly deflated?: Deflated;
}

/**
 * What planStory keeps of each paragraph. "plan" keeps every unit (for links across parts:
 * SmartArt, shared strings). A large story needs less: "segments" keeps only the segments
 * (extract), "write" writes each paragraph's translation as soon as it is read (merge); either
 * way a paragraph's codes and ranges are dropped with its subtree, and memory stays with the
 * part's text.
 */
export type StoryMode =
  | { readonly kind: "plan" }
  | {
      readonly kind: "segments";
      /** Takes the segments while the part is read (none are kept in the result). */
      readonly sink?: SegmentSink;
    }
  | {
      readonly kind: "write";
      readonly translations: ReadonlyMap<string, string>;
      readonly targetLang?: string;
      /** When translations are still arriving: read nothing before they are there. */
      readonly pace?: MergePace;
    };

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
  /**
   * Attributes holding text (alt text) in a top-level paragraph, each a segment of its own
   * (id `<part>#<name><n>`). Only in "segments" and "write" modes.
   */
  attributes?: (p: XElement) => { el: XElement; name: string }[];
  mode?: StoryMode;
  /**
   * Called for each element outside paragraphs as it closes (a top-level paragraph before it is
   * read; the root once the part is read), its subtree still there, with the part's editor in
   * "write" mode: for an edit that depends on the paragraphs inside the element (a text body's
   * autofit hint) or on what it holds besides them (a cell's shared-string index). Its offsets
   * are valid until `forget` is called.
   */
  closing?: (el: XElement, editor: PartEditor | undefined) => void;
  /**
   * Where writing a closed paragraph out must stop so that `closing` can still edit before it:
   * the start of the element the paragraph is in that `closing` edits (undefined: no hold).
   */
  holdFrom?: (p: XElement) => number | undefined;
  /** Text read so far was written out or dropped: elements still open can no longer be edited. */
  forget?: () => void;
  /** Reading starts over from the part's beginning (a windowed read gave up, the parser changed): what was seen is void. */
  restart?: () => void;
}

/** Text held in an attribute: its start tag's range, the attribute's name and decoded value. */
interface AttributeUnit {
  readonly id: string;
  readonly start: number;
  readonly openEnd: number;
  readonly name: string;
  readonly text: string;
}

/**
 * Reads a part's paragraphs while parsing it: each top-level paragraph becomes units (with the
 * paragraphs nested in it, such as text boxes) as soon as it closes, and its subtree is then
 * dropped, as is everything else outside paragraphs. Memory follows the text, not the XML.
 * Ids are the part name and the paragraph's position among the part's paragraphs.
 *
 * A large deflated part read for its segments or written ("segments", "write") is read in
 * windows as it inflates (see readInWindows); the result is the same as reading it whole.
 */
export async function planStory(
  pkg: OoxmlPackage,
  part: string,
  dialect: Dialect,
  options: StoryOptions,
): Promise<PlannedPart> {
  const mode = options.mode ?? { kind: "plan" };
  if (options.attributes && mode.kind === "plan")
    throw new Error("planStory: attributes need the segments or write mode");
  // Segments a windowed read handed to the sink before it gave up: the whole read gives the
  // same segments first, and hands over only those after them.
  const handed = { count: 0 };
  pkg.refuseOversized(part, MAX_STORY_CHARS);
  if (mode.kind !== "plan" && pkg.canReadInWindows(part, STORY_WINDOW.above, MAX_STORY_CHARS)) {
    const read = await readInWindows(pkg, part, dialect, options, mode, handed);
    if (read) return read;
  }
  options.restart?.();
  const text = pkg.largeText(part, MAX_STORY_CHARS);
  let editor = mode.kind === "write" ? new PartEditor(text) : undefined;
  // Once the part changes, its output is compressed as each top-level paragraph is written.
  let output: DeflateStream | undefined;
  const streamable = mode.kind === "write" && pkg.canStream(part);
  const bom = pkg.encodingOf(part)?.bom === true;
  let flushedTo = 0;
  const flushOutput = (upTo: number): void => {
    if (!streamable || !editor?.hasChanges || upTo <= flushedTo) return;
    flushedTo = upTo;
    if (!output) {
      output = new DeflateStream();
      if (bom) output.write("\ufeff");
    }
    for (const piece of editor.flush(upTo)) output.write(piece);
  };
  const reader = new StoryReader(part, dialect, options, mode, false);
  const prune = (el: XElement): boolean => {
    const top = reader.prune(el, editor);
    if (top === el) flushOutput(Math.min(el.end, options.holdFrom?.(el) ?? Infinity));
    return top !== undefined;
  };
  const restart = (): void => {
    reader.reset();
    options.restart?.();
    flushedTo = 0;
    if (editor) editor = new PartEditor(text);
    output?.discard();
    output = undefined;
  };
  const pause = async (): Promise<void> => output?.caughtUp();
  if (mode.kind === "write") await mode.pace?.before(text, 0, 0);
  const doc = await parseXmlYielding(text, part, { prune, restart, pause });
  options.closing?.(doc.root, editor);
  flushOutput(text.length);
  const deflated = output ? await output.end() : undefined;
  if (mode.kind === "segments" && mode.sink) await handOver(mode.sink, reader.segments.splice(0).slice(handed.count));
  return {
    part,
    doc,
    units: reader.units,
    ...(mode.kind === "segments" ? { segments: reader.segments } : {}),
    ...(deflated ? { deflated } : editor ? { editor } : {}),
  };
}

/**
 * When a part is read in windows: parts inflating past `above` bytes; about `chars` characters
 * are added to a window at a time, and it is read up to `reserve` characters short of its end,
 * then on to the end of the paragraph there; the part inflates `step` bytes at a time. Small
 * enough that the strings stay out of V8's large-object space (they die young); tests make
 * them tiny.
 */
export const STORY_WINDOW = { above: 4 << 20, chars: 1 << 16, reserve: 1 << 14, step: 1 << 15 };

/**
 * Reads a large part in windows, so that its inflated bytes and its text are never held whole:
 * the part inflates and decodes a chunk at a time, the fast scanner reads each window up to a
 * point between top-level paragraphs (every rewrite of the window then lies behind it), and
 * what has been read is dropped. In "write" mode each window's output goes straight into the
 * deflater; only the compressed output accumulates. Nothing depends on where windows end:
 * paragraphs (and their fields, links, text boxes) are never split, and the open ancestors stay
 * on the scanner's stack. Returns undefined when the part must be read whole after all (not
 * UTF-8, not what the fast scanner reads, a token longer than the reserve, an error: the whole
 * read then gives the exact message).
 */
async function readInWindows(
  pkg: OoxmlPackage,
  part: string,
  dialect: Dialect,
  options: StoryOptions,
  mode: Exclude<StoryMode, { kind: "plan" }>,
  handed: { count: number },
): Promise<PlannedPart | undefined> {
  const reader = new StoryReader(part, dialect, options, mode, true);
  let output: DeflateStream | undefined;
  const chunks = pkg.textChunks(part, STORY_WINDOW.step);
  try {
    let last = false;
    // The next window's worth of text (the first is whole, so the XML declaration is too).
    const gather = async (): Promise<string> => {
      let more = "";
      while (more.length < STORY_WINDOW.chars) {
        const next = await chunks.next();
        if (next.done) {
          last = true;
          break;
        }
        more += next.value;
      }
      return more;
    };
    const first = await gather();
    const encoding = pkg.encodingOf(part);
    if (!encoding) return undefined;
    if (mode.kind === "write") {
      output = new DeflateStream();
      if (encoding.bom) output.write("\ufeff");
    }
    let editor: PartEditor | undefined;
    let changed = false;
    const prune = (el: XElement): boolean => reader.prune(el, editor) !== undefined;
    // Hands what was read to the sink, so segments are never held past a step.
    const handOn = async (): Promise<void> => {
      if (mode.kind !== "segments" || !mode.sink || reader.segments.length === 0) return;
      const batch = reader.segments.splice(0);
      handed.count += batch.length;
      await mode.sink(batch);
    };
    const scanner = new FastScanner(first, part, { prune }, !last);
    if (mode.kind === "write") editor = new PartEditor(scanner.windowText);
    const flush = (upTo: number): void => {
      if (!editor || !output) return;
      changed ||= editor.hasChanges;
      for (const piece of editor.flush(upTo)) output.write(piece);
    };
    for (;;) {
      // Scans the window up to the reserve (all of it when it is the last), a turn of the event
      // loop now and then; a token the window's end cuts off waits for the next window.
      const soft = last ? Infinity : scanner.windowText.length - STORY_WINDOW.reserve;
      if (mode.kind === "write") await mode.pace?.before(scanner.windowText, scanner.position, scanner.depth);
      while (scanner.position < Math.min(soft, scanner.windowText.length)) {
        const from = scanner.position;
        scanner.run(Math.min(soft, from + (1 << 20)));
        await new Promise((resolve) => setImmediate(resolve));
        await output?.caughtUp();
        await handOn();
        if (scanner.position === from) break;
      }
      if (last) break;
      // On to where no paragraph is open: every rewrite then lies behind.
      while (scanner.isOpen(options.isParagraph)) {
        const from = scanner.position;
        scanner.run(from + 1);
        if (scanner.position === from) break;
      }
      // Drops what has been read (or, inside a paragraph to the window's end, grows the window).
      if (!scanner.isOpen(options.isParagraph)) {
        flush(scanner.position);
        scanner.cut();
        options.forget?.();
        editor = editor && new PartEditor(scanner.windowText);
      }
      scanner.append(await gather(), last);
      editor?.extend(scanner.windowText);
    }
    const doc = scanner.finish();
    options.closing?.(doc.root, editor);
    await handOn();
    flush(scanner.windowText.length);
    let deflated: Deflated | undefined;
    if (output && changed) deflated = await output.end();
    else output?.discard();
    output = undefined;
    return {
      part,
      // The whole text is never held: nothing reads a windowed part's text afterwards.
      doc: { text: "", root: doc.root },
      units: [],
      ...(mode.kind === "segments" ? { segments: reader.segments } : {}),
      ...(deflated ? { deflated } : {}),
    };
  } catch (e) {
    output?.discard();
    if (e instanceof Unsupported || e instanceof FormatError) return undefined;
    throw e;
  } finally {
    // Left early (a fallback, an error): the inflater stops and lets its memory go.
    await chunks.return(undefined);
  }
}

/**
 * What planStory does with each element as it closes: a top-level paragraph (with the
 * paragraphs nested in it) becomes units, segments or rewrites, by mode.
 */
class StoryReader {
  readonly units: PlannedUnit[] = [];
  readonly segments: Segment[] = [];
  private index = 0;
  private readonly attributeCount = new Map<string, number>();

  constructor(
    private readonly part: string,
    private readonly dialect: Dialect,
    private readonly options: StoryOptions,
    private readonly mode: StoryMode,
    /**
     * Copy the segments' text: substrings of a window would keep the whole window alive.
     */
    private readonly detach: boolean,
  ) {}

  /** Returns the element when it was a top-level paragraph, "drop" for other pruned elements, undefined to keep it. */
  prune(el: XElement, editor: PartEditor | undefined): XElement | "drop" | undefined {
    const { options, mode, part, dialect } = this;
    if (this.inParagraph(el)) return undefined;
    options.closing?.(el, editor);
    if (!options.isParagraph(el)) return this.kept(el) ? undefined : "drop";
    const earlier = new Map<XElement, PlannedUnit>();
    const read: PlannedUnit[] = [];
    for (const p of [el, ...descendantsWhere(el, options.isParagraph)]) {
      this.index++;
      const planned: PlannedUnit = { id: `${part}#${this.index}`, unit: readParagraph(p, dialect), dialect };
      const annotated = options.annotate ? options.annotate(p, planned, earlier) : planned;
      earlier.set(p, annotated ?? planned);
      if (annotated) read.push(annotated);
    }
    const attrs = this.attributeUnits(el);
    if (mode.kind === "plan") appendAll(this.units, read);
    else if (mode.kind === "segments") {
      for (const s of unitSegments(part, read)) this.segments.push(this.detach ? { ...s, text: detached(s.text) } : s);
      for (const a of attrs)
        this.segments.push({ id: a.id, text: this.detach ? detached(a.text) : a.text, context: part });
    } else if (editor) {
      // Attributes first: a paragraph rewritten afterwards takes them in with its markup.
      for (const a of attrs) writeAttribute(editor, a, mode.translations.get(a.id));
      writeUnits(editor, read, mode.translations, mode.targetLang);
      if (mode.pace) mode.pace.written += attrs.length + read.filter(isSegment).length;
    }
    return el;
  }

  /** Forgets everything read (the part is parsed again from the start). */
  reset(): void {
    this.units.length = 0;
    this.segments.length = 0;
    this.attributeCount.clear();
    this.index = 0;
  }

  private attributeUnits(p: XElement): AttributeUnit[] {
    const out: AttributeUnit[] = [];
    for (const { el, name } of this.options.attributes?.(p) ?? []) {
      const value = attr(el, name);
      if (value === undefined || value.trim() === "") continue;
      const n = (this.attributeCount.get(name) ?? 0) + 1;
      this.attributeCount.set(name, n);
      out.push({ id: `${this.part}#${name}${n}`, start: el.start, openEnd: el.openEnd, name, text: value });
    }
    return out;
  }

  private inParagraph(el: XElement): boolean {
    for (let a = el.parent; a; a = a.parent) if (this.options.isParagraph(a)) return true;
    return false;
  }

  private kept(el: XElement): boolean {
    for (let a: XElement | undefined = el; a; a = a.parent) if (this.options.keep?.(a)) return true;
    return false;
  }
}

/** Segments per batch a part read whole hands to a sink. */
const HAND_OVER_BATCH = 1024;

async function handOver(sink: SegmentSink, segments: Segment[]): Promise<void> {
  for (let at = 0; at < segments.length; at += HAND_OVER_BATCH) await sink(segments.slice(at, at + HAND_OVER_BATCH));
}

/** A copy of a string that shares no memory with the text it was cut from. */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
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
  for (const part of parts) appendAll(out, part.segments ?? unitSegments(part.part, part.units));
  return out;
}

function unitSegments(part: string, units: readonly PlannedUnit[]): Segment[] {
  const out: Segment[] = [];
  for (const u of units) if (isSegment(u)) out.push({ id: u.id, text: u.unit.text, context: part });
  return out;
}

/** A unit that extract gives as a segment: its own text (not an alias), not blank. */
function isSegment(u: PlannedUnit): boolean {
  return u.aliasOf === undefined && hasText(u.unit.text);
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
  for (const part of parts) {
    if (part.deflated) continue;
    if (part.editor) {
      editors.set(part.part, part.editor);
      continue;
    }
    const editor = new PartEditor(part.doc.text);
    const units = [...part.units].sort((a, b) => a.unit.span.end - b.unit.span.end);
    // A turn of the event loop now and then: a large document must not stall the server.
    for (let at = 0; at < units.length; at += 5000) {
      writeUnits(editor, units.slice(at, at + 5000), translations, targetLang);
      await new Promise((resolve) => setImmediate(resolve));
    }
    editors.set(part.part, editor);
  }
  return editors;
}

function writeAttribute(editor: PartEditor, a: AttributeUnit, translation: string | undefined): void {
  if (translation === undefined || translation === a.text) return;
  const startTag = editor.doc.slice(a.start, a.openEnd);
  editor.edit({
    start: a.start,
    end: a.openEnd,
    replacement: setAttribute(startTag, a.name, escapeXmlAttribute(translation)),
  });
}

/** Writes units' translations, innermost paragraphs first (units sorted by end, or one top-level paragraph's). */
function writeUnits(
  editor: PartEditor,
  units: readonly PlannedUnit[],
  translations: ReadonlyMap<string, string>,
  targetLang: string | undefined,
): void {
  const sorted = units.length > 1 ? [...units].sort((a, b) => a.unit.span.end - b.unit.span.end) : units;
  for (const u of sorted) {
    if (!hasText(u.unit.text)) continue;
    const t = prepareTranslation(u.unit, translations.get(u.aliasOf ?? u.id));
    if (t !== undefined) writeParagraph(editor, u.unit, t, u.dialect, targetLang);
  }
}

/** Puts the parts written while read ("write" mode) back into the package. */
export function saveWritten(pkg: OoxmlPackage, parts: readonly PlannedPart[]): void {
  for (const part of parts) if (part.deflated) pkg.replaceDeflated(part.part, part.deflated);
}

/** Puts every changed part back into the package. */
export function saveEditors(pkg: OoxmlPackage, editors: ReadonlyMap<string, PartEditor>): void {
  for (const [part, editor] of editors) if (editor.hasChanges) pkg.replacePieces(part, editor.pieces());
}
