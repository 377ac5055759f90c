// The element tree every XML reader of Tolk builds (see parse.ts), and what reads and edits it.

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
    hex
      ? String.fromCodePoint(parseInt(hex, 16))
      : dec
        ? String.fromCodePoint(parseInt(dec, 10))
        : (NAMED[named ?? ""] ?? ""),
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
  return escapeXmlText(text)
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "&#xA;")
    .replace(/\r/g, "&#xD;")
    .replace(/\t/g, "&#x9;");
}

/** Control characters (other than tab, LF, CR), lone surrogates and U+FFFE/U+FFFF cannot appear in XML. */
export function stripIllegalXmlChars(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "",
  );
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
