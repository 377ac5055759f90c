import { SaxesParser, type SaxesTagNS } from "saxes";

import { FormatError } from "../filter";
import { FastScanner, Unsupported } from "./fast-xml";

/**
 * A light element tree with source offsets, built from saxes (a strict, namespace-aware,
 * well-formedness-checking parser). Filters read it to find text and splice new markup into the
 * original string, so everything they do not rewrite keeps its exact bytes (no re-serializer
 * re-quotes attributes or normalizes entities).
 */
export interface XElement {
  readonly kind: "element";
  /** Qualified name as written, e.g. "w:p". */
  readonly name: string;
  readonly local: string;
  readonly uri: string;
  /** Namespace declarations made on this element, if any (for resolving attribute prefixes). */
  readonly ns: Readonly<Record<string, string>> | undefined;
  /** The part's text: attributes are read from the start tag on demand (parts hold millions). */
  readonly source: { readonly text: string };
  readonly parent: XElement | undefined;
  readonly children: XNode[];
  /** Offset of "<" of the start tag. */
  readonly start: number;
  /** Offset just after the start tag's ">". */
  openEnd: number;
  /** Offset of "<" of the end tag (= end for a self-closing element). */
  closeStart: number;
  /** Offset just after the end tag. */
  end: number;
}

export interface XAttr {
  readonly name: string;
  readonly local: string;
  readonly uri: string;
  readonly value: string;
}

export interface XText {
  readonly kind: "text";
  /** Decoded text (entities resolved). */
  readonly text: string;
}

export type XNode = XElement | XText;

export interface XmlDocument {
  readonly text: string;
  readonly root: XElement;
}

/** Deepest element nesting accepted. */
export const MAX_DEPTH = 256;

export interface ParseOptions {
  /**
   * Called as each element closes: true drops it (and its subtree) from the tree, so a large
   * part keeps only what the filter reads (a worksheet keeps its string cells).
   */
  prune?: (el: XElement) => boolean;
  /**
   * Called when the fast scanner gives up part-way and saxes parses the part again: whatever
   * `prune` collected so far must be forgotten.
   */
  restart?: () => void;
  /** Awaited at each step of a yielding parse: lets a consumer of what prune produces catch up. */
  pause?: () => Promise<void>;
}

/**
 * Parses one part strictly. A DOCTYPE (and so any entity declaration, internal or external) is
 * refused as unsafe before it can matter; anything not well-formed is "invalid_file" naming the
 * part, line and column. The fast scanner reads what Office writes; whatever it does not
 * recognise (including every error) goes through saxes, which has the last word.
 */
export function parseXml(text: string, partName: string, options: ParseOptions = {}): XmlDocument {
  try {
    const scanner = new FastScanner(text, partName, options, MAX_DEPTH);
    scanner.run(Infinity);
    return scanner.finish();
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  options.restart?.();
  return parseXmlWithSaxes(text, partName, options);
}

/** The reference parse (saxes alone): the fast scanner's fallback, and its yardstick in tests. */
export function parseXmlWithSaxes(text: string, partName: string, options: ParseOptions = {}): XmlDocument {
  const tree = new TreeBuilder(text, partName, options);
  tree.feed(text);
  return tree.finish();
}

/**
 * The same, in steps of about a million characters with a turn of the event loop between them,
 * so parsing a large part does not stall a server for seconds.
 */
export async function parseXmlYielding(
  text: string,
  partName: string,
  options: ParseOptions = {},
  chunk = 1 << 20,
): Promise<XmlDocument> {
  try {
    const scanner = new FastScanner(text, partName, options, MAX_DEPTH);
    while (!scanner.done) {
      scanner.run(scanner.position + chunk);
      await new Promise((resolve) => setImmediate(resolve));
      await options.pause?.();
    }
    return scanner.finish();
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  options.restart?.();
  const tree = new TreeBuilder(text, partName, options);
  for (let at = 0; at < text.length && !tree.failed; at += chunk) {
    tree.feed(text.slice(at, at + chunk));
    await new Promise((resolve) => setImmediate(resolve));
    await options.pause?.();
  }
  return tree.finish();
}

class TreeBuilder {
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private root: XElement | undefined;
  private failure: FormatError | undefined;

  constructor(
    private readonly text: string,
    private readonly partName: string,
    options: ParseOptions,
  ) {
    const { parser } = this;
    const { prune } = options;
    const source = { text };
    let current: XElement | undefined;
    let lastEnd = 0;
    let depth = 0;
    parser.on("error", (e) => this.fail(new FormatError("invalid_file", `${partName} is not well-formed XML: ${e.message}`)));
    parser.on("doctype", () =>
      this.fail(new FormatError("unsafe_file", `${partName} declares a DTD; DTDs and external entities are not allowed.`)),
    );
    parser.on("text", (t) => {
      current?.children.push({ kind: "text", text: t });
      lastEnd = parser.position - 1;
    });
    parser.on("cdata", (t) => {
      current?.children.push({ kind: "text", text: t });
      lastEnd = parser.position;
    });
    parser.on("comment", () => (lastEnd = parser.position));
    parser.on("processinginstruction", () => (lastEnd = parser.position));
    parser.on("xmldecl", () => (lastEnd = parser.position));
    parser.on("opentag", (tag: SaxesTagNS) => {
      // Office nests a few dozen levels; a hostile part could nest deep enough to overflow the
      // stack of any recursive reader.
      if (++depth > MAX_DEPTH) {
        throw new FormatError("unsafe_file", `${partName} nests elements more than ${MAX_DEPTH} levels deep.`);
      }
      const el: XElement = {
        kind: "element",
        name: tag.name,
        local: tag.local,
        uri: tag.uri,
        ns: Object.keys(tag.ns).length > 0 ? tag.ns : undefined,
        source,
        parent: current,
        children: [],
        start: text.indexOf("<", lastEnd),
        openEnd: parser.position,
        closeStart: parser.position,
        end: parser.position,
      };
      if (current) current.children.push(el);
      else this.root = el;
      current = el;
      lastEnd = parser.position;
    });
    parser.on("closetag", (tag) => {
      depth--;
      if (!current) return;
      if (!tag.isSelfClosing) current.closeStart = text.lastIndexOf("<", parser.position - 1);
      current.end = parser.position;
      const closed = current;
      current = current.parent;
      if (current && prune?.(closed)) current.children.pop();
      lastEnd = parser.position;
    });
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  feed(chunk: string): void {
    this.guard(() => this.parser.write(chunk));
  }

  finish(): XmlDocument {
    if (!this.failure) this.guard(() => this.parser.close());
    if (this.failure) throw this.failure;
    if (!this.root) throw new FormatError("invalid_file", `${this.partName} has no root element.`);
    return { text: this.text, root: this.root };
  }

  private fail(error: FormatError): void {
    this.failure ??= error;
  }

  // saxes reports through the error handler; what is thrown comes from our own handlers.
  private guard(step: () => void): void {
    try {
      step();
    } catch (e) {
      if (e instanceof FormatError) this.fail(e);
      else throw e;
    }
  }
}

/** Child elements, optionally only those with a namespace URI and local name. */
export function childElements(el: XElement, uri?: string, local?: string): XElement[] {
  const out: XElement[] = [];
  for (const c of el.children) {
    if (c.kind === "element" && (uri === undefined || (c.uri === uri && c.local === local))) out.push(c);
  }
  return out;
}

export function firstChild(el: XElement, uri: string, local: string): XElement | undefined {
  for (const c of el.children) if (c.kind === "element" && c.uri === uri && c.local === local) return c;
  return undefined;
}

/** Every descendant element with this name, in document order (pre-order). */
export function descendants(el: XElement, uri: string, local: string): XElement[] {
  const out: XElement[] = [];
  const walk = (e: XElement): void => {
    for (const c of e.children) {
      if (c.kind !== "element") continue;
      if (c.uri === uri && c.local === local) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

export function ancestor(el: XElement, uri: string, local: string): XElement | undefined {
  for (let p = el.parent; p; p = p.parent) if (p.uri === uri && p.local === local) return p;
  return undefined;
}

const ATTRIBUTE = /\s([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const XML_NS = "http://www.w3.org/XML/1998/namespace";

/** The attributes of an element, parsed from its start tag (already checked well-formed by saxes). */
export function attributes(el: XElement): XAttr[] {
  const tag = el.source.text.slice(el.start + 1 + el.name.length, el.openEnd);
  const out: XAttr[] = [];
  for (const m of tag.matchAll(ATTRIBUTE)) {
    const name = m[1] ?? "";
    const colon = name.indexOf(":");
    const prefix = colon < 0 ? "" : name.slice(0, colon);
    if (name === "xmlns" || prefix === "xmlns") continue;
    out.push({
      name,
      local: colon < 0 ? name : name.slice(colon + 1),
      uri: prefix === "" ? "" : resolvePrefix(el, prefix),
      // Attribute-value normalization: literal line ends and tabs read as spaces.
      value: decodeEntities((m[2] ?? m[3] ?? "").replace(/\r\n?|[\t\n]/g, " ")),
    });
  }
  return out;
}

function resolvePrefix(el: XElement, prefix: string): string {
  if (prefix === "xml") return XML_NS;
  for (let e: XElement | undefined = el; e; e = e.parent) {
    const uri = e.ns?.[prefix];
    if (uri !== undefined) return uri;
  }
  return "";
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(ENTITY, (_, hex: string | undefined, dec: string | undefined, named: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(parseInt(dec, 10)) : (NAMED[named ?? ""] ?? ""),
  );
}

/** An attribute's value by local name (any namespace when `uri` is omitted). */
export function attr(el: XElement, local: string, uri?: string): string | undefined {
  for (const a of attributes(el)) if (a.local === local && (uri === undefined || a.uri === uri)) return a.value;
  return undefined;
}

/** The decoded text of all descendant text nodes. */
export function textContent(el: XElement): string {
  let out = "";
  for (const c of el.children) out += c.kind === "text" ? c.text : textContent(c);
  return out;
}

/** The prefix of a qualified name with its colon ("w:"), or "" for the default namespace. */
export function prefixOf(el: XElement): string {
  const colon = el.name.indexOf(":");
  return colon < 0 ? "" : el.name.slice(0, colon + 1);
}

/** Text as XML character data: escapes markup characters and drops characters XML forbids. */
export function escapeXmlText(text: string): string {
  return stripIllegalXmlChars(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text as an attribute value in double quotes; line breaks and tabs as references, so they survive normalization. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#xA;").replace(/\r/g, "&#xD;").replace(/\t/g, "&#x9;");
}

/** Control characters (other than tab, LF, CR), lone surrogates and U+FFFE/U+FFFF cannot appear in XML. */
export function stripIllegalXmlChars(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}

/** Applies non-overlapping replacements to a string, in one pass. */
export function splice(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error("splice: overlapping edits");
    out += text.slice(at, e.start) + e.replacement;
    at = e.end;
  }
  return out + text.slice(at);
}

export interface Edit {
  start: number;
  end: number;
  replacement: string;
}
