import { MAX_DEPTH, tooDeep } from "./safety";
import { type ParseOptions, type XElement } from "./tree";

/**
 * A fast path for the strict parse: a scanner for the XML Office writes, several times faster
 * than saxes on large parts. It builds the same tree (same offsets, decoded text, namespace
 * URIs) and is at least as strict: anything it does not positively recognise as well-formed
 * (a DTD, a non-ASCII name, an unbound prefix, a bad entity, a forbidden character, a
 * mismatched tag) makes it give up with `Unsupported`, and the caller re-parses with saxes,
 * which either accepts the part or reports the error with its line and column.
 */
export class Unsupported extends Error {}

const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
const WS = "[ \\t\\r\\n]";
const XML_DECL = new RegExp(
  `<\\?xml${WS}+version${WS}*=${WS}*(["'])1\\.[0-9]+\\1(?:${WS}+encoding${WS}*=${WS}*(["'])[A-Za-z][A-Za-z0-9._-]*\\2)?` +
    `(?:${WS}+standalone${WS}*=${WS}*(["'])(?:yes|no)\\3)?${WS}*\\?>`,
  "y",
);
const ONLY_WS = /^[ \t\r\n]*$/;
// Characters XML 1.0 forbids anywhere, and lone surrogates.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const REF = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/y;
const NAMED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function isXmlChar(c: number): boolean {
  return (
    c === 0x9 ||
    c === 0xa ||
    c === 0xd ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/** Decodes entity and character references, giving up on anything not predefined or not a valid character. */
function decode(raw: string): string {
  let out = "";
  let at = 0;
  for (let amp = raw.indexOf("&"); amp >= 0; amp = raw.indexOf("&", at)) {
    REF.lastIndex = amp;
    const m = REF.exec(raw);
    if (!m) throw new Unsupported();
    let ch: string;
    if (m[3] !== undefined) ch = NAMED[m[3]] ?? "";
    else {
      const code = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2] ?? "", 10);
      if (!isXmlChar(code)) throw new Unsupported();
      ch = String.fromCodePoint(code);
    }
    out += raw.slice(at, amp) + ch;
    at = REF.lastIndex;
  }
  return at === 0 ? raw : out + raw.slice(at);
}

/** Text as the parser reports it: line ends normalized, references decoded. */
function textValue(raw: string): string {
  if (raw.includes("]]>")) throw new Unsupported();
  const normalized = raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw;
  return normalized.includes("&") ? decode(normalized) : normalized;
}

/** An attribute value as the parser reports it: literal line ends and tabs are spaces, references decoded. */
function attributeValue(raw: string): string {
  const spaced = /[\t\n\r]/.test(raw) ? raw.replace(/\r\n?|[\t\n]/g, " ") : raw;
  return spaced.includes("&") ? decode(spaced) : spaced;
}

/**
 * V8's own copy of a string (the one property keys and literals share), so the filters'
 * `el.uri === W`, asked of every element, compares pointers instead of 60 characters: a tenth of
 * a large Word part's scan went to that comparison.
 */
const internalized = (s: string): string => Object.keys({ [s]: 0 })[0] ?? s;

// Tags are read character by character rather than with sticky regular expressions: every
// match allocated an array and its captures, and on a large Word part those were a quarter of
// everything a document translation allocated (each part is read twice: extract and merge).
const isNameStart = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f; // a-z A-Z _
const isNameChar = (c: number): boolean => isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d; // 0-9 . -
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/**
 * Where a name starting at `at` ends, or -1 when none starts there. Names are what Office
 * writes, `[A-Za-z_][A-Za-z0-9._-]*` with one optional `:`-prefix; anything else goes to saxes.
 */
function nameEnd(text: string, at: number): number {
  if (!isNameStart(text.charCodeAt(at))) return -1;
  let i = at + 1;
  while (isNameChar(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === 0x3a /* : */ && isNameStart(text.charCodeAt(i + 1))) {
    i += 2;
    while (isNameChar(text.charCodeAt(i))) i++;
  }
  return i;
}

function skipSpace(text: string, at: number): number {
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** More attributes on one tag than this are left to saxes (the checks here are pairwise). */
const MAX_ATTRIBUTES = 64;

/**
 * Prefixed attributes must be bound, and no two may share an expanded name. Two can only share
 * one when their local names are equal (their qualified names differ), which Office never
 * writes, so the URIs are compared only then: Word's run properties carry a dozen `w:`
 * attributes, and building a URI key for each was a tenth of the scan.
 */
function checkPrefixedAttributes(
  names: readonly string[],
  scope: Readonly<Record<string, string>>,
  partsOf: (name: string) => NameParts,
): void {
  for (let i = 0; i < names.length; i++) {
    const { prefix, local } = partsOf(names[i] ?? "");
    if (prefix === "" || prefix === "xmlns") continue;
    const uri = uriOf(prefix, scope);
    if (uri === undefined) throw new Unsupported();
    for (let j = 0; j < i; j++) {
      const other = partsOf(names[j] ?? "");
      if (other.prefix === "" || other.prefix === "xmlns" || other.local !== local) continue;
      if (uriOf(other.prefix, scope) === uri) throw new Unsupported();
    }
  }
}

/** A qualified name's parts: `w:p` is prefix `w`, local `p`; an unprefixed name has prefix "". */
interface NameParts {
  prefix: string;
  local: string;
}

const uriOf = (prefix: string, scope: Readonly<Record<string, string>>): string | undefined =>
  prefix === "xml" ? XML_NS : scope[prefix];

/**
 * The longest token (a tag, a comment) a partial window waits for when the window's end cuts it
 * off; a token that still does not parse with this much text after its start is a surprise.
 */
const MAX_TOKEN = 8 << 20;

interface Frame {
  el: XElement;
  scope: Record<string, string>;
}

/**
 * A resumable scan: `run(limit)` goes on until the position passes `limit` (for yielding).
 *
 * It can also read a part in windows (`partial`): the text is the current window, `append`
 * adds what has been decoded since, and `cut` drops what has been read, so offsets restart at
 * the window's start. Elements keep the window they were read from as their source. A token
 * the window's end cuts off does not parse; in a partial window, one that starts within
 * `MAX_TOKEN` of the end waits there for more text (every token handler checks before it
 * changes anything), so only a token that fails with text enough behind it is a surprise.
 */
export class FastScanner {
  private pos = 0;
  private readonly stack: Frame[] = [];
  private root: XElement | undefined;
  private source: { readonly text: string };
  private rootScope: Record<string, string> = Object.create(null) as Record<string, string>;
  /** The attribute names of the tag being read (one array for every tag; only `open` uses it). */
  private readonly attrNames: string[] = [];
  /** The parts of each element and attribute name seen (Office repeats a few dozen), made once. */
  private readonly nameParts = new Map<string, NameParts>();
  private readonly partsOf = (name: string): NameParts => {
    let parts = this.nameParts.get(name);
    if (!parts) {
      const colon = name.indexOf(":");
      parts = colon < 0 ? { prefix: "", local: name } : { prefix: name.slice(0, colon), local: name.slice(colon + 1) };
      // A part with endless distinct names (no Office part has them) gets no more entries.
      if (this.nameParts.size < 4096) this.nameParts.set(name, parts);
    }
    return parts;
  };

  constructor(
    private text: string,
    private readonly partName: string,
    private readonly options: ParseOptions,
    /** More text will be appended: trailing character data is left for the next window. */
    private partial = false,
  ) {
    this.source = { text };
    if (FORBIDDEN.test(text)) throw new Unsupported();
    XML_DECL.lastIndex = 0;
    if (XML_DECL.exec(text)) this.pos = XML_DECL.lastIndex;
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  get position(): number {
    return this.pos;
  }

  /** Elements open at the current position. */
  get depth(): number {
    return this.stack.length;
  }

  /** The current window's text. */
  get windowText(): string {
    return this.text;
  }

  /** Whether an element that passes the test is still open. */
  isOpen(test: (el: XElement) => boolean): boolean {
    for (const f of this.stack) if (test(f.el)) return true;
    return false;
  }

  /** Adds text to the window; `last` when it is the end of the part. Offsets do not move. */
  append(more: string, last: boolean): void {
    if (FORBIDDEN.test(more)) throw new Unsupported();
    this.text += more;
    // The elements of this window read their start tags from the grown text.
    (this.source as { text: string }).text = this.text;
    if (last) this.partial = false;
  }

  /** Drops the text read so far: the window starts at the current position (offset 0). */
  cut(): void {
    this.text = this.text.slice(this.pos);
    this.source = { text: this.text };
    this.pos = 0;
  }

  run(limit: number): void {
    const { text } = this;
    const end = Math.min(limit, text.length);
    while (this.pos < end) {
      const lt = text.indexOf("<", this.pos);
      if (lt < 0 && this.partial) break; // the character data goes on in the next window
      const stop = lt < 0 ? text.length : lt;
      if (stop > this.pos) this.text_(this.pos, stop);
      if (lt < 0) {
        this.pos = text.length;
        break;
      }
      this.pos = lt;
      try {
        this.markup(text.charCodeAt(lt + 1));
      } catch (e) {
        // Cut off by the window's end, perhaps: the position stays at the token's start.
        if (!(e instanceof Unsupported) || !this.partial || lt < text.length - MAX_TOKEN) throw e;
        this.pos = lt;
        break;
      }
    }
  }

  private markup(next: number): void {
    if (next === 0x2f /* / */) this.close();
    else if (next === 0x21 /* ! */) this.bang();
    else if (next === 0x3f /* ? */) this.pi();
    else this.open();
  }

  finish(): { text: string; root: XElement } {
    if (this.stack.length > 0 || !this.root) throw new Unsupported();
    return { text: this.text, root: this.root };
  }

  private text_(start: number, stop: number): void {
    const raw = this.text.slice(start, stop);
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (!ONLY_WS.test(raw)) throw new Unsupported();
      return;
    }
    top.el.children.push({ kind: "text", text: textValue(raw) });
  }

  private open(): void {
    const { text } = this;
    const start = this.pos;
    const nameStop = nameEnd(text, start + 1);
    if (nameStop < 0) throw new Unsupported();
    const name = text.slice(start + 1, nameStop);
    let at = nameStop;
    const parent = this.stack[this.stack.length - 1];
    if (!parent && this.root) throw new Unsupported(); // a second root
    let scope = parent?.scope ?? this.rootScope;
    let ns: Record<string, string> | undefined;
    const { attrNames } = this;
    attrNames.length = 0;
    // Attributes: space, name, `=` (spaces around it allowed), a quoted value without `<`.
    for (;;) {
      const attrStart = skipSpace(text, at);
      if (attrStart === at) break;
      const attrStop = nameEnd(text, attrStart);
      if (attrStop < 0) break;
      let i = skipSpace(text, attrStop);
      if (text.charCodeAt(i) !== 0x3d /* = */) throw new Unsupported();
      i = skipSpace(text, i + 1);
      const quote = text.charCodeAt(i);
      if (quote !== 0x22 /* " */ && quote !== 0x27 /* ' */) throw new Unsupported();
      const valueStart = i + 1;
      let amp = false;
      for (i = valueStart; ; i++) {
        const c = text.charCodeAt(i);
        if (c === quote) break;
        if (c === 0x3c /* < */ || Number.isNaN(c)) throw new Unsupported(); // NaN: past the text's end
        if (c === 0x26 /* & */) amp = true;
      }
      at = i + 1;
      const attrName = text.slice(attrStart, attrStop);
      // The checks below compare attributes pairwise; saxes takes a tag with hundreds.
      if (attrNames.includes(attrName) || attrNames.length === MAX_ATTRIBUTES) throw new Unsupported();
      attrNames.push(attrName);
      const xmlns = attrName === "xmlns" || attrName.startsWith("xmlns:");
      if (!amp && !xmlns) continue;
      const value = text.slice(valueStart, i);
      if (amp) decode(value);
      if (xmlns) {
        const prefix = attrName === "xmlns" ? "" : attrName.slice(6);
        // Trimmed, as saxes does; reserved prefixes and URIs are left to saxes to judge.
        const uri = attributeValue(value).trim();
        if (
          prefix === "xml" ||
          prefix === "xmlns" ||
          (prefix !== "" && uri === "") ||
          uri === XML_NS ||
          uri === XMLNS_NS
        )
          throw new Unsupported();
        ns ??= {};
        ns[prefix] = internalized(uri);
      }
    }
    // The end of the start tag: spaces, then `>` or `/>`.
    let openEnd = skipSpace(text, at);
    const selfClosing = text.charCodeAt(openEnd) === 0x2f; /* / */
    if (selfClosing) openEnd++;
    if (text.charCodeAt(openEnd) !== 0x3e /* > */) throw new Unsupported();
    openEnd++;
    if (ns) {
      scope = Object.create(scope) as Record<string, string>;
      for (const [k, v] of Object.entries(ns)) scope[k] = v;
    }
    if (attrNames.length > 0) checkPrefixedAttributes(attrNames, scope, this.partsOf);
    const { prefix, local } = this.partsOf(name);
    if (prefix === "xmlns") throw new Unsupported();
    const uri = prefix === "xml" ? XML_NS : (scope[prefix] ?? (prefix === "" ? "" : undefined));
    if (uri === undefined) throw new Unsupported();
    if (this.stack.length + 1 > MAX_DEPTH) throw tooDeep(this.partName);
    const el: XElement = {
      kind: "element",
      name,
      local,
      uri,
      ns,
      source: this.source,
      parent: parent?.el,
      children: [],
      start,
      openEnd,
      closeStart: openEnd,
      end: openEnd,
    };
    if (parent) parent.el.children.push(el);
    else this.root = el;
    this.pos = openEnd;
    if (selfClosing) this.closed(el, parent);
    else this.stack.push({ el, scope });
  }

  private close(): void {
    const { text } = this;
    const top = this.stack[this.stack.length - 1];
    const nameStart = this.pos + 2;
    const nameStop = nameEnd(text, nameStart);
    // The name must be the open element's, compared in place (no string made for it).
    if (!top || nameStop - nameStart !== top.el.name.length || !text.startsWith(top.el.name, nameStart))
      throw new Unsupported();
    const gt = skipSpace(text, nameStop);
    if (text.charCodeAt(gt) !== 0x3e /* > */) throw new Unsupported();
    this.stack.pop();
    top.el.closeStart = this.pos;
    top.el.end = gt + 1;
    this.pos = gt + 1;
    this.closed(top.el, this.stack[this.stack.length - 1]);
  }

  private closed(el: XElement, parent: Frame | undefined): void {
    if (parent && this.options.prune?.(el)) parent.el.children.pop();
  }

  /** Comments and CDATA; anything else after "<!" (a DOCTYPE) is left to saxes. */
  private bang(): void {
    const { text } = this;
    if (text.startsWith("<!--", this.pos)) {
      const end = text.indexOf("-->", this.pos + 4);
      if (end < 0) throw new Unsupported();
      const body = text.slice(this.pos + 4, end);
      if (body.includes("--") || body.endsWith("-")) throw new Unsupported();
      this.pos = end + 3;
    } else if (text.startsWith("<![CDATA[", this.pos)) {
      const top = this.stack[this.stack.length - 1];
      const end = text.indexOf("]]>", this.pos + 9);
      if (!top || end < 0) throw new Unsupported();
      const raw = text.slice(this.pos + 9, end);
      top.el.children.push({ kind: "text", text: raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw });
      this.pos = end + 3;
    } else throw new Unsupported();
  }

  /** A processing instruction: `<?target?>` or `<?target` space, anything, `?>`; never `<?xml`. */
  private pi(): void {
    const { text } = this;
    const nameStart = this.pos + 2;
    const nameStop = nameEnd(text, nameStart);
    if (nameStop < 0 || text.slice(nameStart, nameStop).toLowerCase() === "xml") throw new Unsupported();
    let end = nameStop;
    if (!text.startsWith("?>", end)) {
      if (!isSpace(text.charCodeAt(end))) throw new Unsupported();
      end = text.indexOf("?>", end + 1);
      if (end < 0) throw new Unsupported();
    }
    this.pos = end + 2;
  }
}
