import { InlineCodes, repairCodes, tokenizeCodes } from "../common/inline-codes";
import { attributes, type Edit, escapeXmlText, prefixOf, splice, textContent, type XElement } from "../xml/tree";
import { appendAll } from "../common/arrays";

/**
 * The run logic shared by WordprocessingML paragraphs (w:p), DrawingML paragraphs (a:p, in
 * slides, notes, charts, SmartArt) and SpreadsheetML rich strings (si / is). A paragraph becomes
 * one segment: runs whose visible formatting is equal are merged, the most common formatting is
 * plain text, other formatting becomes paired codes, wrappers (links, simple fields, content
 * controls, insertions) become paired codes around their text, and everything else (tabs,
 * breaks, fields, drawings, notes references, deleted text) becomes isolated codes holding the
 * exact original markup. Merge replaces only the paragraph's content range with new runs; the
 * paragraph properties and everything outside stay byte-identical.
 */
export interface Dialect {
  /** Namespace of the run, run-properties and text elements. */
  readonly uri: string;
  readonly run: string;
  readonly text: string;
  /** Children kept as they are before the content (w:pPr, a:pPr). */
  readonly leading: ReadonlySet<string>;
  /** Children kept as they are after the content (a:endParaRPr, x:rPh, x:phoneticPr). */
  readonly trailing: ReadonlySet<string>;
  /** Write `xml:space="preserve"` on text elements (Word and Excel need it for edge spaces). */
  readonly preserveSpace: boolean;
  /** SpreadsheetML `_xHHHH_` escapes: kept as codes, and a literal `_xHHHH_` in a translation escaped. */
  readonly escapes: boolean;
  /** A child of a paragraph or of a wrapper. */
  classify(el: XElement): "run" | "text" | "container" | "drop" | "opaque";
  /** A child of a run. */
  classifyInRun(el: XElement): "text" | "props" | "drop" | "opaque";
  /** Where a wrapper's children are (w:sdt → w:sdtContent), or undefined to treat it as opaque. */
  slot(el: XElement): XElement | undefined;
  /** Run-property attributes and children that do not change how text looks (rsid, lang, proofing). */
  ignoredInKey(local: string): boolean;
  /** Run properties (source) of a translated run, marked with the target language. */
  retag?(rPr: string, lang: string): string;
}

/**
 * A source range. Units keep ranges, never elements, so a paragraph's subtree can be dropped
 * as soon as its unit is read (large parts are parsed paragraph by paragraph).
 */
export interface Span {
  readonly start: number;
  readonly end: number;
}

const span = (el: XElement): Span => ({ start: el.start, end: el.end });

type IsoPart =
  | { kind: "node"; span: Span }
  | { kind: "runChildren"; runOpen: Span; runName: string; props: Span | undefined; children: Span[] };

export type Markup =
  | { kind: "format"; rPr: Span | undefined }
  | { kind: "pair"; open: Span; close: Span; base: Span | undefined }
  | { kind: "iso"; parts: IsoPart[] }
  | { kind: "literal"; text: string };

type Piece =
  | { kind: "text"; text: string; rPr: Span | undefined; key: string }
  | { kind: "iso"; parts: IsoPart[] }
  | { kind: "literal"; text: string }
  | { kind: "pair"; open: Span; close: Span; children: Piece[] };

export interface ParagraphUnit {
  /** The paragraph element's range. */
  readonly span: Span;
  /** Its namespace prefix with the colon ("w:"), for the runs merge writes. */
  readonly prefix: string;
  /** The segment text with inline codes. */
  readonly text: string;
  readonly codes: InlineCodes<Markup>;
  /** Run properties of text outside any formatting code. */
  readonly base: Span | undefined;
  /** Only direct text (a plain shared string): written back as one text element. */
  readonly plain: boolean;
  readonly contentStart: number;
  readonly contentEnd: number;
  /** Markup kept outside the segment, before and after its text. */
  readonly head: readonly IsoPart[];
  readonly tail: readonly IsoPart[];
}

const ESCAPE = /_x[0-9A-Fa-f]{4}_/g;

/** Reads one paragraph into a segment. */
export function readParagraph(p: XElement, d: Dialect): ParagraphUnit {
  let contentStart = p.openEnd;
  let contentEnd = p.closeStart;
  const elements = p.children.filter((c): c is XElement => c.kind === "element");
  for (const c of elements) {
    if (c.uri === d.uri && d.leading.has(c.local)) contentStart = c.end;
    else break;
  }
  for (let i = elements.length - 1; i >= 0; i--) {
    const c = elements[i];
    if (c && c.start >= contentStart && c.uri === d.uri && d.trailing.has(c.local)) contentEnd = c.start;
    else break;
  }
  const content = elements.filter((c) => c.start >= contentStart && c.end <= contentEnd);
  const pieces = collect(content, d);
  // Markup before the first and after the last text (a bookmark, a footnote mark, a field
  // around the whole paragraph) stays out of the segment: the engine cannot misplace it.
  const head: IsoPart[] = [];
  const tail: IsoPart[] = [];
  if (pieces.some((x) => x.kind !== "iso")) {
    while (pieces[0]?.kind === "iso") appendAll(head, (pieces.shift() as { parts: IsoPart[] }).parts);
    const trailing: IsoPart[][] = [];
    while (pieces[pieces.length - 1]?.kind === "iso") trailing.push((pieces.pop() as { parts: IsoPart[] }).parts);
    for (let i = trailing.length - 1; i >= 0; i--) appendAll(tail, trailing[i] ?? []);
  }
  const codes = new InlineCodes<Markup>();
  const { text, base } = build(pieces, codes);
  const plain =
    pieces.every((x) => (x.kind === "text" && x.rPr === undefined) || x.kind === "literal") &&
    content.every((c) => d.classify(c) === "text");
  return { span: span(p), prefix: prefixOf(p), text, codes, base, plain, contentStart, contentEnd, head, tail };
}

function collect(children: readonly XElement[], d: Dialect): Piece[] {
  const out: Piece[] = [];
  const pushText = (text: string, rPr: Span | undefined, key: string): void => {
    if (!d.escapes) {
      out.push({ kind: "text", text, rPr, key });
      return;
    }
    let at = 0;
    for (const m of text.matchAll(ESCAPE)) {
      if (m.index > at) out.push({ kind: "text", text: text.slice(at, m.index), rPr, key });
      out.push({ kind: "literal", text: m[0] });
      at = m.index + m[0].length;
    }
    if (at < text.length) out.push({ kind: "text", text: text.slice(at), rPr, key });
  };
  const pushIso = (part: IsoPart): void => {
    const last = out[out.length - 1];
    if (last?.kind !== "iso") {
      out.push({ kind: "iso", parts: [part] });
      return;
    }
    const prev = last.parts[last.parts.length - 1];
    if (part.kind === "runChildren" && prev?.kind === "runChildren" && prev.runOpen.start === part.runOpen.start)
      appendAll(prev.children, part.children);
    else last.parts.push(part);
  };

  for (const el of children) {
    switch (d.classify(el)) {
      case "drop":
        break;
      case "text":
        pushText(textContent(el), undefined, "");
        break;
      case "run": {
        const runChildren = el.children.filter((c): c is XElement => c.kind === "element");
        const rPrEl = runChildren.find((c) => d.classifyInRun(c) === "props");
        const rPr = rPrEl ? span(rPrEl) : undefined;
        const key = rPrEl ? runKey(rPrEl, d) : "";
        const runOpen = { start: el.start, end: el.openEnd };
        for (const c of runChildren) {
          const kind = d.classifyInRun(c);
          if (kind === "text") pushText(textContent(c), rPr, key);
          else if (kind === "opaque")
            pushIso({ kind: "runChildren", runOpen, runName: el.name, props: rPr, children: [span(c)] });
        }
        break;
      }
      case "container": {
        const slot = d.slot(el);
        const inner = slot?.children.filter((c): c is XElement => c.kind === "element") ?? [];
        // A wrapper's own properties (w:smartTagPr, w:customXmlPr, w:fldData) open it.
        let openEnd = slot?.openEnd ?? el.openEnd;
        while (inner[0] && inner[0].uri === d.uri && d.leading.has(inner[0].local))
          openEnd = inner.shift()?.end ?? openEnd;
        if (slot && inner.length > 0) {
          const open = { start: el.start, end: openEnd };
          const close = { start: slot.closeStart, end: el.end };
          out.push({ kind: "pair", open, close, children: collect(inner, d) });
        } else pushIso({ kind: "node", span: span(el) });
        break;
      }
      case "opaque":
        pushIso({ kind: "node", span: span(el) });
        break;
    }
  }
  return out;
}

/** The formatting of a run as a comparable string, without what does not change its look. */
function propsKey(el: XElement, d: Dialect): string {
  const attrs = attributes(el)
    .filter((a) => !d.ignoredInKey(a.local) && !a.local.startsWith("rsid"))
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
    .join(" ");
  const children = el.children
    .filter((c): c is XElement => c.kind === "element" && !d.ignoredInKey(c.local))
    .map((c) => propsKey(c, d))
    .join("");
  return `<${el.name} ${attrs}>${children}</>`;
}

/**
 * Keys by the run properties' exact source, per part and dialect: a document repeats a few
 * hundred distinct `w:rPr` strings across hundreds of thousands of runs, and parsing their
 * attributes each time was most of the time spent reading paragraphs. The key is a function of
 * the source alone (qualified names, decoded values). Held by the part's source object, so the
 * cache (whose keys are slices of the part's text) goes when the part does.
 */
const runKeys = new WeakMap<object, WeakMap<Dialect, Map<string, string>>>();

function runKeyCache(rPr: XElement, d: Dialect): Map<string, string> {
  let byDialect = runKeys.get(rPr.source);
  if (!byDialect) runKeys.set(rPr.source, (byDialect = new WeakMap()));
  let cache = byDialect.get(d);
  if (!cache) byDialect.set(d, (cache = new Map<string, string>()));
  return cache;
}

/** Run properties that are empty once normalized look like no properties at all. */
function runKey(rPr: XElement, d: Dialect): string {
  const cache = runKeyCache(rPr, d);
  const raw = rPr.source.text.slice(rPr.start, rPr.end);
  let key = cache.get(raw);
  if (key === undefined) {
    const full = propsKey(rPr, d);
    key = full === `<${rPr.name} ></>` ? "" : full;
    cache.set(raw, key);
  }
  return key;
}

function build(pieces: readonly Piece[], codes: InlineCodes<Markup>): { text: string; base: Span | undefined } {
  // The formatting that covers the most characters is plain text; others become paired codes.
  const lengths = new Map<string, number>();
  let baseKey = "";
  let base: Span | undefined;
  let best = -1;
  for (const p of pieces) {
    if (p.kind !== "text") continue;
    const n = (lengths.get(p.key) ?? 0) + p.text.length;
    lengths.set(p.key, n);
    if (n > best) {
      best = n;
      baseKey = p.key;
      base = p.rPr;
    }
  }

  const single = (p: Piece): string => {
    if (p.kind === "iso") return codes.single({ kind: "iso", parts: p.parts });
    if (p.kind === "literal") return codes.single({ kind: "literal", text: p.text });
    return "";
  };
  let out = "";
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    if (!p) continue;
    if (p.kind === "text" && p.key !== baseKey) {
      // A formatting group runs to the last text with the same key; codes between go inside.
      let last = i;
      for (let k = i + 1; k < pieces.length; k++) {
        const q = pieces[k];
        if (!q || q.kind === "pair") break;
        if (q.kind === "text") {
          if (q.key !== p.key) break;
          last = k;
        }
      }
      let inner = "";
      for (let k = i; k <= last; k++) {
        const q = pieces[k];
        if (q) inner += q.kind === "text" ? q.text : single(q);
      }
      out += codes.wrap(inner, { kind: "format", rPr: p.rPr }, { kind: "format", rPr: p.rPr });
      i = last;
    } else if (p.kind === "text") out += p.text;
    else if (p.kind === "pair") {
      const inner = build(p.children, codes);
      const markup: Markup = { kind: "pair", open: p.open, close: p.close, base: inner.base };
      out += codes.wrap(inner.text, markup, markup);
    } else out += single(p);
  }
  return { text: out, base };
}

/**
 * Collects the paragraph rewrites of one part. Paragraphs nest (a text box sits in a run of
 * another paragraph), so rewrites are added innermost first (by end offset) and an outer
 * paragraph's copied markup takes in the rewrites of the paragraphs inside it.
 */
export class PartEditor {
  /** Rewrites not yet taken in by an outer one, sorted by start offset. */
  private pending: Edit[] = [];
  private changed = false;

  constructor(private text: string) {}

  /** The document the offsets point into. */
  get doc(): string {
    return this.text;
  }

  /** The same document with more text after it (a part read in windows that has grown). */
  extend(doc: string): void {
    this.text = doc;
  }

  /** The source between two offsets with the pending rewrites inside it applied (and taken). */
  slice(start: number, end: number): string {
    const first = this.firstAtOrAfter(start);
    let last = first;
    for (let e = this.pending[last]; e && e.start < end && e.end <= end; e = this.pending[last]) last++;
    if (last === first) return this.doc.slice(start, end);
    const inside = this.pending.splice(first, last - first);
    return splice(
      this.doc.slice(start, end),
      inside.map((e) => ({ start: e.start - start, end: e.end - start, replacement: e.replacement })),
    );
  }

  /** Adds a rewrite; `replacement` is called now, so it can take in the inner rewrites. */
  rewrite(start: number, end: number, replacement: (slice: (s: number, e: number) => string) => string): void {
    const text = replacement((s, e) => this.slice(s, e));
    this.edit({ start, end, replacement: text });
  }

  /** An edit that is not a paragraph (an attribute, an appended element). */
  edit(edit: Edit): void {
    this.pending.splice(this.firstAtOrAfter(edit.start), 0, edit);
    this.changed = true;
  }

  get hasChanges(): boolean {
    return this.changed;
  }

  result(): string {
    return splice(this.doc, this.pending);
  }

  /** The result as pieces (source ranges and rewrites), so a large part is never one new string. */
  pieces(): string[] {
    return this.flush(this.doc.length);
  }

  /**
   * The result from where the last flush stopped up to `upTo`, taking the rewrites that end
   * there or before (a caller flushes only where no later rewrite can reach back: after a
   * top-level paragraph). What is flushed is forgotten, so a part can be written out as it is read.
   */
  flush(upTo: number): string[] {
    const out: string[] = [];
    let at = this.flushed;
    let taken = 0;
    for (const e of this.pending) {
      if (e.end > upTo) break;
      out.push(this.doc.slice(at, e.start), e.replacement);
      at = e.end;
      taken++;
    }
    this.pending.splice(0, taken);
    out.push(this.doc.slice(at, upTo));
    this.flushed = upTo;
    return out;
  }

  private flushed = 0;

  /** Binary search: the index of the first pending edit starting at or after `offset`. */
  private firstAtOrAfter(offset: number): number {
    let lo = 0;
    let hi = this.pending.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.pending[mid]?.start ?? Infinity) < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * The translation of a paragraph checked against its source: codes repaired and the source's
 * edge whitespace restored. Returns undefined when nothing would change.
 */
export function prepareTranslation(unit: ParagraphUnit, translation: string | undefined): string | undefined {
  if (translation === undefined) return undefined;
  let t = repairCodes(unit.text, translation);
  const lead = /^\s+/.exec(unit.text)?.[0];
  const trail = /\s+$/.exec(unit.text)?.[0];
  if (lead && !/^\s/.test(t)) t = lead + t;
  if (trail && !/\s$/.test(t)) t += trail;
  return t === unit.text ? undefined : t;
}

/** Writes a translated paragraph's content range (the caller checked it changed). */
export function writeParagraph(
  editor: PartEditor,
  unit: ParagraphUnit,
  translation: string,
  d: Dialect,
  targetLang?: string,
): void {
  const prefix = unit.prefix;
  const runTag = `${prefix}${d.run}`;
  const textTag = `${prefix}${d.text}`;
  const space = d.preserveSpace ? ' xml:space="preserve"' : "";
  const escape = (s: string): string => {
    const escaped = escapeXmlText(s);
    // A literal "_x0041_" in a translation must not read back as an escape.
    return d.escapes ? escaped.replace(ESCAPE, (m) => `_x005F_${m.slice(1)}`) : escaped;
  };

  editor.rewrite(unit.contentStart, unit.contentEnd, (slice) => {
    // In document order, so inner rewrites are taken in the order they appear.
    const head = renderIso(unit.head, slice);
    const body = renderContent(slice);
    return head + body + renderIso(unit.tail, slice);
  });

  function renderContent(slice: (s: number, e: number) => string): string {
    const tokens = tokenizeCodes(translation);
    if (unit.plain) {
      let inner = "";
      for (const t of tokens) {
        if (t.kind === "text") inner += escape(t.text);
        else if (t.kind === "isolated") {
          const m = unit.codes.isolated.get(t.id);
          if (m?.kind === "literal") inner += m.text;
        }
      }
      return `<${textTag}${space}>${inner}</${textTag}>`;
    }

    let out = "";
    let pendingProps: Span | undefined;
    let pendingText = "";
    const flush = (): void => {
      if (pendingText === "") return;
      const source = pendingProps ? editor.doc.slice(pendingProps.start, pendingProps.end) : "";
      const props = source && targetLang && d.retag ? d.retag(source, targetLang) : source;
      out += `<${runTag}>${props}<${textTag}${space}>${pendingText}</${textTag}></${runTag}>`;
      pendingText = "";
    };
    const addText = (xml: string, props: Span | undefined): void => {
      if (pendingText !== "" && pendingProps?.start !== props?.start) flush();
      pendingProps = props;
      pendingText += xml;
    };
    const stack: { props: Span | undefined; close?: string }[] = [{ props: unit.base }];
    const top = (): Span | undefined => stack[stack.length - 1]?.props;

    for (const t of tokens) {
      if (t.kind === "text") {
        if (t.text !== "") addText(escape(t.text), top());
      } else if (t.kind === "isolated") {
        const m = unit.codes.isolated.get(t.id);
        if (m?.kind === "literal") addText(m.text, top());
        else if (m?.kind === "iso") {
          flush();
          out += renderIso(m.parts, slice);
        }
      } else if (t.kind === "open") {
        const m = unit.codes.paired.get(t.id)?.open;
        flush();
        if (m?.kind === "format") stack.push({ props: m.rPr });
        else if (m?.kind === "pair") {
          out += slice(m.open.start, m.open.end);
          stack.push({ props: m.base, close: slice(m.close.start, m.close.end) });
        }
      } else {
        flush();
        const closed = stack.length > 1 ? stack.pop() : undefined;
        if (closed?.close !== undefined) out += closed.close;
      }
    }
    flush();
    return out;
  }
}

function renderIso(parts: readonly IsoPart[], slice: (s: number, e: number) => string): string {
  let out = "";
  for (const part of parts) {
    if (part.kind === "node") out += slice(part.span.start, part.span.end);
    else {
      out += slice(part.runOpen.start, part.runOpen.end);
      if (part.props) out += slice(part.props.start, part.props.end);
      for (const c of part.children) out += slice(c.start, c.end);
      out += `</${part.runName}>`;
    }
  }
  return out;
}
