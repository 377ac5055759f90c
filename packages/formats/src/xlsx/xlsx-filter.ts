import { type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { OoxmlPackage } from "../ooxml/package";
import { type Dialect, type PartEditor, prepareTranslation, readParagraph } from "../ooxml/paragraph";
import { drawingStory } from "../ooxml/drawingml";
import { mergeParagraphs, type PlannedPart, type PlannedUnit, planStory, saveEditors, segmentsOf } from "../ooxml/parts";
import { attr, attributes, childElements, firstChild, textContent, type XElement, type XmlDocument } from "../xml/tree";
import { appendAll } from "../common/arrays";

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

/**
 * Worksheets are mostly numbers and formulas: only string cells (shared or inline) stay in the
 * tree, so a large sheet costs memory in proportion to its text, not its size.
 */
const SHEET_PARSE = {
  maxChars: 100_000_000,
  prune: (el: XElement): boolean => {
    if (el.uri !== S || (el.local !== "c" && el.local !== "row")) return false;
    const attrs = attributes(el);
    if (!attrs.some((a) => a.name === "r")) return false;
    if (el.local === "row") return !el.children.some((c) => c.kind === "element");
    const t = attrs.find((a) => a.name === "t")?.value;
    return t !== "s" && t !== "inlineStr";
  },
};

interface Sheet {
  part: string;
  doc: XmlDocument;
  /** Hidden sheets usually hold lookup data that formulas match literally: left alone. */
  hidden: boolean;
  /** Cells in a table's header row ("B2"): excluded so `tableColumn@name` stays equal to them. */
  headers: Set<string>;
}

interface SharedRef {
  v: XElement;
  sheet: string;
}

interface Workbook {
  sheets: Sheet[];
  sst?: { part: string; count: number };
  /** Shared-string index → the `v` elements of cells that are translated / left alone. */
  included: Map<number, SharedRef[]>;
  excluded: Map<number, SharedRef[]>;
  inline: PlannedPart[];
  /** Comments, text boxes and chart titles of visible sheets. */
  extra: PlannedPart[];
}

async function read(pkg: OoxmlPackage): Promise<Workbook> {
  const wb = pkg.xml(pkg.mainPart);
  const rels = pkg.relationships(pkg.mainPart);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const sheetsEl = firstChild(wb.root, S, "sheets");
  const sheets: Sheet[] = [];
  for (const s of sheetsEl ? childElements(sheetsEl, S, "sheet") : []) {
    const part = byId.get(attr(s, "id", R) ?? "")?.part;
    if (!part || !pkg.has(part) || sheets.some((x) => x.part === part)) continue;
    const state = attr(s, "state");
    sheets.push({ part, doc: await pkg.largeXml(part, SHEET_PARSE), hidden: state === "hidden" || state === "veryHidden", headers: tableHeaders(pkg, part) });
  }

  const sstPart = rels.find((r) => r.type === REL + "sharedStrings")?.part;
  const book: Workbook = {
    sheets,
    sst: sstPart && pkg.has(sstPart) ? { part: sstPart, count: 0 } : undefined,
    included: new Map(),
    excluded: new Map(),
    inline: [],
    extra: [],
  };

  for (const sheet of sheets) {
    const inlineUnits: PlannedUnit[] = [];
    for (const cell of cells(sheet.doc.root)) {
      const excluded = sheet.hidden || sheet.headers.has(cell.ref) || firstChild(cell.el, S, "f") !== undefined;
      const type = attr(cell.el, "t");
      if (type === "s") {
        const v = firstChild(cell.el, S, "v");
        const index = v ? Number(textContent(v).trim()) : NaN;
        if (!v || !Number.isInteger(index)) continue;
        const map = excluded ? book.excluded : book.included;
        const refs = map.get(index);
        if (refs) refs.push({ v, sheet: sheet.part });
        else map.set(index, [{ v, sheet: sheet.part }]);
      } else if (type === "inlineStr" && !excluded) {
        const is = firstChild(cell.el, S, "is");
        if (is) inlineUnits.push({ id: `${sheet.part}#${cell.ref}`, unit: readParagraph(is, sheetDialect), dialect: sheetDialect });
      }
    }
    // Never: formulas, cached formula results (t="str"), numbers, booleans, errors.
    book.inline.push({ part: sheet.part, doc: sheet.doc, units: inlineUnits });
    if (!sheet.hidden) appendAll(book.extra, await sheetExtras(pkg, sheet.part, book.extra));
  }
  return book;
}

/** Legacy comments (rich text like shared strings), drawings' text boxes and their charts. */
async function sheetExtras(pkg: OoxmlPackage, sheetPart: string, seen: readonly PlannedPart[]): Promise<PlannedPart[]> {
  const out: PlannedPart[] = [];
  const fresh = (part: string | undefined): part is string =>
    part !== undefined && pkg.has(part) && !seen.some((p) => p.part === part) && !out.some((p) => p.part === part);
  for (const rel of pkg.relationships(sheetPart)) {
    if (rel.type === REL + "comments" && fresh(rel.part)) {
      out.push(await planStory(pkg, rel.part, sheetDialect, { isParagraph: (el) => el.uri === S && el.local === "text" }));
    }
    if (rel.type === REL + "drawing" && fresh(rel.part)) {
      const drawing = rel.part;
      out.push(await drawingStory(pkg, drawing));
      for (const inner of pkg.relationships(drawing)) {
        if (inner.type === REL + "chart" && fresh(inner.part)) out.push(await drawingStory(pkg, inner.part));
      }
    }
  }
  return out;
}

/** The cells of a worksheet with their references (computed when a cell omits `r`). */
function cells(root: XElement): { el: XElement; ref: string }[] {
  const data = firstChild(root, S, "sheetData");
  const out: { el: XElement; ref: string }[] = [];
  let rowNumber = 0;
  for (const row of data ? childElements(data, S, "row") : []) {
    rowNumber = Number(attr(row, "r") ?? rowNumber + 1);
    let col = 0;
    for (const c of childElements(row, S, "c")) {
      const ref = attr(c, "r");
      col = ref ? columnOf(ref) : col + 1;
      out.push({ el: c, ref: ref ?? `${columnName(col)}${rowNumber}` });
    }
  }
  return out;
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

async function plan(pkg: OoxmlPackage, book: Workbook): Promise<PlannedPart[]> {
  const parts: PlannedPart[] = [];
  const sst = book.sst;
  if (sst) {
    // Shared strings are numbered from 0, as cells refer to them; unused ones are not sent.
    parts.push(
      await planStory(pkg, sst.part, sheetDialect, {
        isParagraph: (el) => el.uri === S && el.local === "si" && el.parent?.parent === undefined,
        annotate: (_si, unit) => {
          const index = sst.count++;
          return book.included.has(index) ? { ...unit, id: `${sst.part}#${index}` } : undefined;
        },
      }),
    );
  }
  return [...parts, ...book.inline, ...book.extra];
}

/**
 * A shared string used by both translated and excluded cells (a hidden sheet, a table header)
 * is denormalized: a copy of the source string is appended to the table and the excluded cells
 * are pointed at it, so they keep their text while the others get the translation.
 */
function denormalize(book: Workbook, sstPart: PlannedPart | undefined, translations: ReadonlyMap<string, string>, editors: Map<string, PartEditor>): void {
  const sst = book.sst;
  const editor = sst ? editors.get(sst.part) : undefined;
  if (!sst || !editor || !sstPart) return;
  const { doc, units: sstUnits } = sstPart;
  let next = sst.count;
  let appended = "";
  for (const u of sstUnits) {
    const index = Number(u.id.slice(u.id.lastIndexOf("#") + 1));
    const excluded = book.excluded.get(index);
    if (!excluded || prepareTranslation(u.unit, translations.get(u.id)) === undefined) continue;
    appended += doc.text.slice(u.unit.span.start, u.unit.span.end);
    for (const ref of excluded) {
      const sheetEditor = editors.get(ref.sheet);
      sheetEditor?.edit({ start: ref.v.openEnd, end: ref.v.closeStart, replacement: String(next) });
    }
    next++;
  }
  if (appended === "") return;
  editor.edit({ start: doc.root.closeStart, end: doc.root.closeStart, replacement: appended });
  const startTag = doc.text.slice(doc.root.start, doc.root.openEnd);
  if (/\suniqueCount="\d+"/.test(startTag)) {
    editor.edit({
      start: doc.root.start,
      end: doc.root.openEnd,
      replacement: startTag.replace(/(\suniqueCount=")\d+"/, `$1${next}"`),
    });
  }
}

/**
 * Excel workbooks: shared strings (plain and rich, phonetic runs kept) and inline strings of
 * visible sheets. Formulas, cached formula results, numbers, defined names and sheet names are
 * never touched; table header cells and hidden sheets keep their text (see README).
 */
export const xlsxFilter: FormatFilter = {
  extensions: ["xlsx"],
  async extract(file: Uint8Array, _options: FilterOptions): Promise<Segment[]> {
    const pkg = OoxmlPackage.open(file, KIND);
    return segmentsOf(await plan(pkg, await read(pkg))).map((s) => ({ ...s, maxLength: CELL_MAX }));
  },
  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>, _options: FilterOptions): Promise<Uint8Array> {
    const pkg = OoxmlPackage.open(file, KIND);
    const book = await read(pkg);
    const parts = await plan(pkg, book);
    const editors = await mergeParagraphs(parts, translations);
    // Every sheet has an editor (from its inline strings), so cells can be repointed.
    denormalize(book, book.sst ? parts[0] : undefined, translations, editors);
    saveEditors(pkg, editors);
    return pkg.toBytes(file);
  },
};
