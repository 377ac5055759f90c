import { parse, type DefaultTreeAdapterTypes as T } from "parse5";

import { InlineCodes } from "../common/inline-codes";
import { templateTags } from "../common/template-tags";
import { decodeHTML, referenceStyle, type ReferenceStyle } from "./entities";

/** A span of the decoded source text. */
export interface Range {
  start: number;
  end: number;
}

/** A run of text inside one block: its translation replaces `range`; codes stand for source ranges. */
export interface TextUnit {
  kind: "text";
  id: string;
  context: string;
  text: string;
  range: Range;
  codes: InlineCodes<Range>;
  style: ReferenceStyle;
}

/** A translatable attribute value (`alt`, `title`, meta description, …). */
export interface AttributeUnit {
  kind: "attribute";
  id: string;
  context: string;
  text: string;
  /** The value's characters, without quotes. */
  value: Range;
  /** The quote around the value; undefined for an unquoted value (merge adds double quotes). */
  quote: '"' | "'" | undefined;
  style: ReferenceStyle;
}

export type HtmlUnit = TextUnit | AttributeUnit;

/** Inline elements that become paired codes inside a block's text. */
const PAIRED = new Set([
  "a",
  "b",
  "strong",
  "em",
  "i",
  "u",
  "span",
  "sub",
  "sup",
  "small",
  "abbr",
  "cite",
  "q",
  "mark",
  "s",
  "del",
  "ins",
  "time",
  "dfn",
  "bdi",
  "bdo",
  "font",
  "data",
  "label",
  "picture",
]);
/** Void inline elements that become isolated codes. */
const ISOLATED = new Set(["br", "wbr", "img", "input", "source", "track"]);
/** Never translated; inside a sentence they become one opaque isolated code. */
const SKIP_INLINE = new Set([
  "code",
  "kbd",
  "samp",
  "var",
  "svg",
  "math",
  "script",
  "style",
  "textarea",
  "iframe",
  "object",
  "canvas",
  "video",
  "audio",
]);
/** Never translated; they end the sentence around them. */
const SKIP_BLOCK = new Set(["pre", "template"]);

const ATTRIBUTES = new Set(["alt", "title", "placeholder", "aria-label", "label", "summary"]);
const BUTTON_INPUTS = new Set(["button", "submit", "reset"]);
const META_NAMES = new Set(["description", "twitter:title", "twitter:description", "twitter:image:alt"]);
const META_PROPERTIES = new Set(["og:title", "og:description", "og:site_name", "og:image:alt"]);

type Role = "text" | "comment" | "paired" | "isolated" | "opaque" | "block" | "skip";

const isElement = (node: T.Node): node is T.Element => "tagName" in node;
const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function noTranslate(el: T.Element): boolean {
  return (
    attr(el, "translate")?.toLowerCase() === "no" || (attr(el, "class") ?? "").split(/\s+/).includes("notranslate")
  );
}

const phrasing = (tag: string) => PAIRED.has(tag) || ISOLATED.has(tag) || SKIP_INLINE.has(tag);

function role(node: T.Node): Role {
  if (node.nodeName === "#text") return "text";
  if (node.nodeName === "#comment") return "comment";
  if (!isElement(node)) return "skip";
  const tag = node.tagName;
  if (noTranslate(node) || SKIP_INLINE.has(tag) || SKIP_BLOCK.has(tag)) return phrasing(tag) ? "opaque" : "skip";
  if (ISOLATED.has(tag)) return "isolated";
  if (PAIRED.has(tag))
    return node.childNodes.every((c) => role(c) !== "block" && role(c) !== "skip") ? "paired" : "block";
  return "block";
}

const RUN_ROLES = new Set<Role>(["text", "comment", "paired", "isolated", "opaque"]);

/** The parsed page and its translatable units, in reading order. */
export interface HtmlDocument {
  units: HtmlUnit[];
  /** The `<html>` element when the source has its start tag (for `lang`/`dir`). */
  html: T.Element | undefined;
}

export function readHtml(text: string): HtmlDocument {
  const document = parse(text, { sourceCodeLocationInfo: true, scriptingEnabled: false });
  const units: HtmlUnit[] = [];
  const nextId = () => String(units.length + 1);

  const addAttribute = (el: T.Element, name: string, context: string) => {
    const location = el.sourceCodeLocation?.attrs?.[name];
    if (!location) return;
    const raw = text.slice(location.startOffset, location.endOffset);
    const m = /=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))$/.exec(raw);
    if (!m) return;
    const valueRaw = m[1] ?? m[2] ?? m[3] ?? "";
    const quote = m[1] !== undefined ? '"' : m[2] !== undefined ? "'" : undefined;
    const start = location.endOffset - valueRaw.length - (quote ? 1 : 0);
    const value = decodeHTML(valueRaw)
      .replace(/[ \t\n\r\f]+/g, " ")
      .trim();
    if (!/\p{L}/u.test(value)) return;
    units.push({
      kind: "attribute",
      id: nextId(),
      context,
      text: value,
      value: { start, end: start + valueRaw.length },
      quote,
      style: referenceStyle(valueRaw),
    });
  };

  const collectAttributes = (el: T.Element) => {
    for (const a of el.attrs) {
      if (
        ATTRIBUTES.has(a.name) ||
        (a.name === "value" && el.tagName === "input" && BUTTON_INPUTS.has((attr(el, "type") ?? "").toLowerCase()))
      ) {
        addAttribute(el, a.name, `${el.tagName}@${a.name}`);
      }
    }
    if (el.tagName === "meta") {
      const key = (attr(el, "name") ?? "").toLowerCase();
      const property = (attr(el, "property") ?? "").toLowerCase();
      if (META_NAMES.has(key) || META_PROPERTIES.has(property)) addAttribute(el, "content", `meta ${key || property}`);
    }
  };

  const collectRunAttributes = (node: T.Node) => {
    if (!isElement(node)) return;
    const r = role(node);
    if (r !== "paired" && r !== "isolated") return;
    collectAttributes(node);
    node.childNodes.forEach(collectRunAttributes);
  };

  const flush = (run: T.ChildNode[], context: string, fallback = false) => {
    const built = buildRun(text, run);
    if (built === "broken") {
      // parse5 moved nodes (misnested or foster-parented markup): translate each text node alone.
      if (!fallback) for (const node of textNodes(run)) flush([node], context, true);
      return;
    }
    if (built && /\p{L}/u.test(built.plain)) {
      units.push({
        kind: "text",
        id: nextId(),
        context,
        text: built.text,
        range: built.range,
        codes: built.codes,
        style: referenceStyle(text.slice(built.range.start, built.range.end)),
      });
    }
  };

  const visit = (parent: T.ParentNode, context: string) => {
    let run: T.ChildNode[] = [];
    for (const child of parent.childNodes) {
      const r = role(child);
      if (RUN_ROLES.has(r)) {
        run.push(child);
        collectRunAttributes(child);
        continue;
      }
      flush(run, context);
      run = [];
      if (r === "block" && isElement(child)) {
        collectAttributes(child);
        visit(child, child.tagName);
      }
    }
    flush(run, context);
  };

  visit(document, "document");
  const html = document.childNodes.find(
    (n): n is T.Element => isElement(n) && n.tagName === "html" && Boolean(n.sourceCodeLocation?.startTag),
  );
  return { units, html };
}

function textNodes(nodes: readonly T.ChildNode[]): T.ChildNode[] {
  return nodes.flatMap((n) =>
    n.nodeName === "#text" ? [n] : isElement(n) && role(n) === "paired" ? textNodes(n.childNodes) : [],
  );
}

const WS = /[ \t\n\r\f]/;

/**
 * The segment text of a run with codes for its markup, or "broken" when the nodes do not tile
 * the source in order (then a splice could lose or duplicate bytes). Leading and trailing
 * whitespace, comments and isolated elements stay outside the segment.
 */
function buildRun(
  text: string,
  nodes: readonly T.ChildNode[],
): { text: string; plain: string; range: Range; codes: InlineCodes<Range> } | "broken" | undefined {
  const edge = (n: T.ChildNode) => {
    const r = role(n);
    if (r === "comment" || r === "isolated" || r === "opaque") return true;
    if (r !== "text") return false;
    const loc = n.sourceCodeLocation;
    return !loc || text.slice(loc.startOffset, loc.endOffset).trim() === "";
  };
  let from = 0;
  let to = nodes.length;
  while (from < to && edge(nodes[from] as T.ChildNode)) from++;
  while (to > from && edge(nodes[to - 1] as T.ChildNode)) to--;
  const first = nodes[from];
  const last = nodes[to - 1];
  if (!first || !last) return undefined;
  const firstLoc = first.sourceCodeLocation;
  const lastLoc = last.sourceCodeLocation;
  if (!firstLoc || !lastLoc) return "broken";
  let start = firstLoc.startOffset;
  if (first.nodeName === "#text") while (start < firstLoc.endOffset && WS.test(text.charAt(start))) start++;
  let end = lastLoc.endOffset;
  if (last.nodeName === "#text") while (end > lastLoc.startOffset && WS.test(text.charAt(end - 1))) end--;

  const codes = new InlineCodes<Range>();
  let cursor = start;
  let broken = false;
  let plain = "";
  const take = (range: Range) => {
    if (range.start !== cursor) broken = true;
    cursor = range.end;
  };
  const render = (node: T.ChildNode): string => {
    const loc = node.sourceCodeLocation;
    if (!loc) {
      broken = true;
      return "";
    }
    if (node.nodeName === "#text") {
      // parse5 merges text it moves (foster-parented, after </body>) into a neighbour whose
      // location then spans markup: only a node whose source decodes to its value is spliceable.
      const whole = decodeHTML(text.slice(loc.startOffset, loc.endOffset)).replace(/\r\n?/g, "\n");
      if ("value" in node && whole !== node.value) broken = true;
      const range = { start: Math.max(loc.startOffset, start), end: Math.min(loc.endOffset, end) };
      take(range);
      // Template tags (`{{ page.url }}`, `{% if %}`) are code: isolated codes, kept byte for byte.
      const raw = text.slice(range.start, range.end);
      const pieces = raw.includes("{") ? templateTags(raw) : [];
      let out = "";
      let at = 0;
      const textOf = (piece: string) => {
        const value = decodeHTML(piece).replace(/[ \t\n\r\f]+/g, " ");
        plain += value;
        return value;
      };
      for (const tag of pieces) {
        out +=
          textOf(raw.slice(at, tag.start)) +
          codes.single({ start: range.start + tag.start, end: range.start + tag.end });
        at = tag.end;
      }
      return out + textOf(raw.slice(at));
    }
    if (!isElement(node) || role(node) !== "paired") {
      const range = { start: loc.startOffset, end: loc.endOffset };
      take(range);
      return codes.single(range);
    }
    const startTag = node.sourceCodeLocation?.startTag;
    if (!startTag) {
      broken = true;
      return "";
    }
    const open = { start: startTag.startOffset, end: startTag.endOffset };
    take(open);
    const inner = node.childNodes.map(render).join("");
    const endTag = node.sourceCodeLocation?.endTag;
    const close = endTag ? { start: endTag.startOffset, end: endTag.endOffset } : { start: cursor, end: cursor };
    take(close);
    return codes.wrap(inner, open, close);
  };
  const segment = nodes.slice(from, to).map(render).join("");
  if (broken || cursor !== end) return "broken";
  return { text: segment, plain, range: { start, end }, codes };
}
