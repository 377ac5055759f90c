import { type FormatFilter, type MergeOptions, type Segment, type SegmentSink } from "../filter";
import { OoxmlPackage } from "../ooxml/package";
import { streamedExtraction } from "../ooxml/streamed-extraction";
import { type Dialect, type PartEditor, prepareTranslation, readParagraph } from "../ooxml/paragraph";
import { drawingStory } from "../ooxml/drawingml";
import { MergePace } from "../ooxml/merge-pace";
import {
  detached,
  hasText,
  type PlannedPart,
  type PlannedUnit,
  planStory,
  saveEditors,
  saveWritten,
  type StoryMode,
  type StoryOptions,
} from "../ooxml/parts";
import { attr, childElements, firstChild, textContent, type XElement } from "../xml/tree";
import { IndexSet } from "./index-set";

const S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";

const KIND = {
  label: "Excel workbook",
  mainContentTypes: [
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
  ],
};

/** Excel's limit on the characters of one cell. */
const CELL_MAX = 32_767;

/** Shared strings (si) and inline strings (is): plain text, or rich runs plus phonetic runs kept last. */
export const sheetDialect: Dialect = {
  uri: S,
  run: "r",
  text: "t",
  leading: new Set(),
  trailing: new Set(["rPh", "phoneticPr"]),
  preserveSpace: true,
  escapes: true,
  classify(el) {
    if (el.uri === S && el.local === "t") return "text";
    if (el.uri === S && el.local === "r") return "run";
    return "opaque";
  },
  classifyInRun(el) {
    if (el.uri === S && el.local === "rPr") return "props";
    if (el.uri === S && el.local === "t") return "text";
    return "opaque";
  },
  slot() {
    return undefined;
  },
  ignoredInKey() {
    return false;
  },
};

interface Sheet {
  part: string;
  /** Hidden sheets usually hold lookup data that formulas match literally: left alone. */
  hidden: boolean;
  /** Cells in a table's header row ("B2"): excluded so `tableColumn@name` stays equal to them. */
  headers: Set<string>;
  /** It has inline strings to translate. */
  inline: boolean;
  /** It has excluded cells that use a shared string (see Copies). */
  excludedShared: boolean;
}

interface Workbook {
  sheets: Sheet[];
  sst?: string;
  /** Shared-string indices used by cells that are translated / left alone. */
  included: IndexSet;
  excluded: IndexSet;
}

/** The sheets, each read once for the shared strings its cells use (nothing of it is kept). */
async function read(pkg: OoxmlPackage): Promise<Workbook> {
  const wb = pkg.xml(pkg.mainPart);
  const rels = pkg.relationships(pkg.mainPart);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const sstPart = rels.find((r) => r.type === REL + "sharedStrings")?.part;
  const sst = sstPart && pkg.has(sstPart) ? sstPart : undefined;
  // No shared string is shorter than `<si/>`.
  const bound = sst ? Math.floor(pkg.declaredSize(sst) / 5) + 1 : 0;
  const book: Workbook = {
    sheets: [],
    ...(sst ? { sst } : {}),
    included: new IndexSet(bound),
    excluded: new IndexSet(bound),
  };
  const sheetsEl = firstChild(wb.root, S, "sheets");
  for (const s of sheetsEl ? childElements(sheetsEl, S, "sheet") : []) {
    const part = byId.get(attr(s, "id", R) ?? "")?.part;
    if (!part || !pkg.has(part) || book.sheets.some((x) => x.part === part)) continue;
    const state = attr(s, "state");
    const sheet: Sheet = {
      part,
      hidden: state === "hidden" || state === "veryHidden",
      headers: tableHeaders(pkg, part),
      inline: false,
      excludedShared: false,
    };
    await readSheet(
      pkg,
      sheet,
      { kind: "segments" },
      {
        shared: (_v, index, excluded) => {
          (excluded ? book.excluded : book.included).add(index);
          if (excluded) sheet.excludedShared = true;
        },
        inline: () => {
          sheet.inline = true;
          return false;
        },
      },
    );
    book.sheets.push(sheet);
  }
  return book;
}

/** A cell of the sheet's data (a `c` of a `row` of the `sheetData`). */
function isCell(el: XElement): boolean {
  const row = el.parent;
  const data = row?.parent;
  return (
    el.uri === S &&
    el.local === "c" &&
    row?.uri === S &&
    row.local === "row" &&
    data?.uri === S &&
    data.local === "sheetData" &&
    data.parent?.parent === undefined
  );
}

/** A cell holding a shared string (`shared`) or an inline string: a unit of the sheet (never split by a window). */
function isStringCell(el: XElement, shared: boolean): boolean {
  if (!isCell(el)) return false;
  const t = attr(el, "t");
  return t === "inlineStr" || (shared && t === "s");
}

/** A cell's value or formula: kept with the cell until it closes. */
function isCellContent(el: XElement): boolean {
  return el.uri === S && (el.local === "v" || el.local === "f") && el.parent !== undefined && isCell(el.parent);
}

/** The references of a sheet's cells as they close (computed when a cell omits `r`). */
class CellCursor {
  private row: XElement | undefined;
  private rowNumber = 0;
  private col = 0;
  private last: { cell: XElement; ref: string } | undefined;

  refOf(cell: XElement): string {
    if (this.last?.cell === cell) return this.last.ref;
    if (cell.parent && cell.parent !== this.row) this.rowClosed(cell.parent);
    const ref = attr(cell, "r");
    this.col = ref ? columnOf(ref) : this.col + 1;
    this.last = { cell, ref: ref ?? `${columnName(this.col)}${this.rowNumber}` };
    return this.last.ref;
  }

  /** A row opens at its first cell, or (without cells) when it closes. */
  rowClosed(row: XElement): void {
    if (row === this.row) return;
    this.row = row;
    this.rowNumber = Number(attr(row, "r") ?? this.rowNumber + 1);
    this.col = 0;
  }
}

interface CellHandlers {
  /** A shared-string cell, as it closes: its `v`, the index and whether it is left alone. */
  shared?: (v: XElement, index: number, excluded: boolean, editor: PartEditor | undefined) => void;
  /** `shared` edits the cells: they are units too, so that no window cuts one (their offsets hold). */
  editsShared?: boolean;
  /** An inline-string cell to translate: whether to read it as a unit. */
  inline: () => boolean;
}

/**
 * Reads a worksheet's cells as they close, inline-string cells as units (so a window never splits
 * one): shared-string cells go to `shared`, inline strings of cells that are translated become
 * units (id `<sheet>#<ref>`). Other cells are dropped as they close, each with its value. Never: formulas, cached formula results (t="str"), numbers, booleans, errors.
 */
async function readSheet(pkg: OoxmlPackage, sheet: Sheet, mode: StoryMode, on: CellHandlers): Promise<PlannedPart> {
  let cursor = new CellCursor();
  const excluded = (cell: XElement): boolean =>
    sheet.hidden || sheet.headers.has(cursor.refOf(cell)) || firstChild(cell, S, "f") !== undefined;
  return planStory(pkg, sheet.part, sheetDialect, {
    isParagraph: (el) => isStringCell(el, on.editsShared === true),
    keep: isCellContent,
    restart: () => {
      cursor = new CellCursor();
    },
    closing: (el, editor) => {
      if (el.uri === S && el.local === "row" && el.parent?.local === "sheetData") cursor.rowClosed(el);
      if (!isCell(el)) return;
      cursor.refOf(el);
      if (attr(el, "t") !== "s") return;
      const v = firstChild(el, S, "v");
      const index = v ? Number(textContent(v).trim()) : NaN;
      if (v && Number.isInteger(index)) on.shared?.(v, index, excluded(el), editor);
    },
    annotate: (cell) => {
      const is = attr(cell, "t") === "inlineStr" ? firstChild(cell, S, "is") : undefined;
      if (!is || excluded(cell) || !on.inline()) return undefined;
      return {
        id: `${sheet.part}#${cursor.refOf(cell)}`,
        unit: readParagraph(is, sheetDialect),
        dialect: sheetDialect,
      };
    },
    mode,
  });
}

function columnOf(ref: string): number {
  let n = 0;
  for (const ch of /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? "") n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function columnName(n: number): string {
  let s = "";
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** The header-row cells of every table on a sheet. */
function tableHeaders(pkg: OoxmlPackage, sheetPart: string): Set<string> {
  const out = new Set<string>();
  for (const rel of pkg.relationships(sheetPart)) {
    if (rel.type !== REL + "table" || !rel.part || !pkg.has(rel.part)) continue;
    const table = pkg.xml(rel.part).root;
    if (attr(table, "headerRowCount") === "0") continue;
    const m = /^([A-Z]+)(\d+)(?::([A-Z]+)\d+)?$/i.exec(attr(table, "ref") ?? "");
    if (!m?.[1] || !m[2]) continue;
    const first = columnOf(m[1]);
    const last = m[3] ? columnOf(m[3]) : first;
    for (let c = first; c <= last; c++) out.add(`${columnName(c)}${m[2]}`);
  }
  return out;
}

/**
 * A shared string used by both translated and excluded cells (a hidden sheet, a table header)
 * is denormalized: a copy of the source string is appended to the table and the excluded cells
 * are pointed at it, so they keep their text while the others get the translation. Decided as
 * the table is written: the copies are held until its end, and `uniqueCount` in its start tag
 * is set when the table is read whole (up to STORY_WINDOW.above); a larger table, written out
 * as it is read, keeps the `uniqueCount` it had.
 */
class Copies {
  /** Shared-string index → the copy's place among the copies. */
  readonly places = new Map<number, number>();
  private readonly appended: string[] = [];
  /** Strings in the table as read (the first copy's index). */
  strings = 0;
  private startTag = true;
  private editor: PartEditor | undefined;

  constructor(
    private readonly book: Workbook,
    private readonly translations: ReadonlyMap<string, string>,
  ) {}

  /** A translated string of the table, read: copied when excluded cells use it and it changes. */
  unit(index: number, u: PlannedUnit): void {
    if (!this.book.excluded.has(index) || !this.editor || !hasText(u.unit.text)) return;
    if (prepareTranslation(u.unit, this.translations.get(u.id)) === undefined) return;
    this.places.set(index, this.places.size);
    this.appended.push(detached(this.editor.doc.slice(u.unit.span.start, u.unit.span.end)));
  }

  newIndex(index: number): number | undefined {
    const place = this.places.get(index);
    return place === undefined ? undefined : this.strings + place;
  }

  readonly story: Pick<StoryOptions, "closing" | "holdFrom" | "forget" | "restart"> = {
    holdFrom: () => 0,
    forget: () => {
      this.startTag = false;
    },
    restart: () => {
      this.places.clear();
      this.appended.length = 0;
      this.strings = 0;
      this.startTag = true;
    },
    closing: (el, editor) => {
      this.editor = editor;
      if (el.parent !== undefined || !editor || this.appended.length === 0) return;
      // The table's end: the copies go last, numbered from the strings it had.
      editor.edit({ start: el.closeStart, end: el.closeStart, replacement: this.appended.join("") });
      this.appended.length = 0;
      if (!this.startTag) return;
      const startTag = editor.doc.slice(el.start, el.openEnd);
      if (/\suniqueCount="\d+"/.test(startTag)) {
        editor.edit({
          start: el.start,
          end: el.openEnd,
          replacement: startTag.replace(/(\suniqueCount=")\d+"/, `$1${this.strings + this.places.size}"`),
        });
      }
    },
  };
}

/** The shared-string table, its strings numbered from 0 as cells refer to them; unused ones are not sent. */
async function readSharedStrings(
  pkg: OoxmlPackage,
  book: Workbook,
  mode: StoryMode,
  copies?: Copies,
): Promise<PlannedPart | undefined> {
  const sst = book.sst;
  if (!sst) return undefined;
  let count = 0;
  return planStory(pkg, sst, sheetDialect, {
    ...copies?.story,
    restart: () => {
      count = 0;
      copies?.story.restart?.();
    },
    isParagraph: (el) => el.uri === S && el.local === "si" && el.parent?.parent === undefined,
    annotate: (_si, unit) => {
      const index = count++;
      if (copies) copies.strings = count;
      if (!book.included.has(index)) return undefined;
      const planned = { ...unit, id: `${sst}#${index}` };
      copies?.unit(index, planned);
      return planned;
    },
    mode,
  });
}

/** Legacy comments (rich text like shared strings), drawings' text boxes and their charts, of the visible sheets. */
async function readExtras(
  pkg: OoxmlPackage,
  book: Workbook,
  mode: StoryMode,
  done: (part: PlannedPart) => void,
): Promise<void> {
  const seen = new Set<string>();
  const fresh = (part: string | undefined): part is string =>
    part !== undefined && pkg.has(part) && !seen.has(part) && (seen.add(part), true);
  for (const sheet of book.sheets) {
    if (sheet.hidden) continue;
    for (const rel of pkg.relationships(sheet.part)) {
      if (rel.type === REL + "comments" && fresh(rel.part)) {
        done(
          await planStory(pkg, rel.part, sheetDialect, {
            isParagraph: (el) => el.uri === S && el.local === "text",
            mode,
          }),
        );
      }
      if (rel.type === REL + "drawing" && fresh(rel.part)) {
        const drawing = rel.part;
        done(await drawingStory(pkg, drawing, { mode }));
        for (const inner of pkg.relationships(drawing)) {
          if (inner.type === REL + "chart" && fresh(inner.part)) done(await drawingStory(pkg, inner.part, { mode }));
        }
      }
    }
  }
}

/** Every segment into `sink`, in reading order: shared strings, inline strings sheet by sheet, then comments, text boxes and charts. */
async function extractInto(pkg: OoxmlPackage, sink: SegmentSink): Promise<void> {
  const book = await read(pkg);
  const mode = {
    kind: "segments",
    sink: (batch: Segment[]) => sink(batch.map((s) => ({ ...s, maxLength: CELL_MAX }))),
  } as const;
  await readSharedStrings(pkg, book, mode);
  for (const sheet of book.sheets) if (sheet.inline) await readSheet(pkg, sheet, mode, { inline: () => true });
  await readExtras(pkg, book, mode, () => undefined);
}

/** Puts a part written while read back into the package. */
function save(pkg: OoxmlPackage, part: PlannedPart | undefined): void {
  if (!part) return;
  saveWritten(pkg, [part]);
  if (part.editor) saveEditors(pkg, new Map([[part.part, part.editor]]));
}

/**
 * Excel workbooks: shared strings (plain and rich, phonetic runs kept) and inline strings of
 * visible sheets. Formulas, cached formula results, numbers, defined names and sheet names are
 * never touched; table header cells and hidden sheets keep their text (see README).
 */
export const xlsxFilter: FormatFilter = {
  extensions: ["xlsx"],
  ...streamedExtraction(KIND, extractInto),
  // Part by part in extract order, each written while it is read and put back at once.
  mergesInOrder: true,
  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>, options: MergeOptions): Promise<Uint8Array> {
    const pkg = await OoxmlPackage.openYielding(file, KIND);
    const book = await read(pkg);
    const pace = options.ready ? new MergePace(options.ready) : undefined;
    const mode = { kind: "write", translations, ...(pace ? { pace } : {}) } as const;
    const copies = book.excluded.meets(book.included) ? new Copies(book, translations) : undefined;
    save(pkg, await readSharedStrings(pkg, book, mode, copies));
    const repoint = copies && copies.places.size > 0 ? copies : undefined;
    for (const sheet of book.sheets) {
      if (!sheet.inline && !(repoint && sheet.excludedShared)) continue;
      const written = await readSheet(pkg, sheet, mode, {
        inline: () => true,
        editsShared: repoint !== undefined,
        shared: (v, index, excluded, editor) => {
          const moved = excluded ? repoint?.newIndex(index) : undefined;
          if (moved !== undefined) editor?.edit({ start: v.openEnd, end: v.closeStart, replacement: String(moved) });
        },
      });
      save(pkg, written);
    }
    await readExtras(pkg, book, mode, (part) => save(pkg, part));
    return pkg.toBytes(file);
  },
};
