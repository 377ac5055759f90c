import { type Nodes, type Root } from "mdast";

import { templateTags } from "../common/template-tags";
import { type Range } from "./parse";

/**
 * Stretches of a Markdown block that are code although the Markdown parser reads them as text,
 * so they are never translated and come back byte for byte. The parser (mdast) knows nothing of
 * these extensions: markdown-it containers (`::: warning`, VitePress/ESLint `::: correct {…}`)
 * are not remark directives (a space after the colons), and template tags cut across code spans
 * (`{{ f({ comment: "use \`x\`" }) }}`), so they are found in the block's source text.
 */

/**
 * A container, admonition or directive line (`:::warning`, `::: correct { "sourceType": "script" }`,
 * `:::`, `::include{file=x}`), a kramdown attribute list line (`{: .note}`), a MkDocs admonition
 * (`!!! note "Title"`, `??? tip`) or a GitHub alert (`> [!WARNING]`), after any blockquote or
 * indentation prefix. The whole line is code: its name and attributes are syntax.
 */
const FENCE_LINE =
  /^[ \t>]*(?::{3,}.*|::[A-Za-z][^\n]*|\{:[^\n]*\}[ \t]*|(?:!!!|\?\?\?\+?)[ \t]+[A-Za-z][^\n]*|\[![A-Za-z]+\][ \t]*)$/;

/** Inline syntax written in text: HTML attributes (`class="able-transcript"`) and escaped tags (`&lt;div&gt;`, `\<div>`). */
const INLINE_SYNTAX = [
  /(?<![\w&#;-])[A-Za-z_:][\w:.-]*=(?:"[^"\n]{0,200}"|'[^'\n]{0,200}')/g,
  /&lt;\/?[A-Za-z][\w-]*(?:\s[^\n]{0,200}?)?&gt;/g,
  /\\<\/?[A-Za-z][\w-]*[^<>\n]{0,200}>/g,
];

/**
 * A link's destination the parser read as text (the title's inner quotes broke the link:
 * `[URL and title](/url/ "title with "quotes" in it")`). Looked for only inside text nodes: in a
 * real link the same characters are the link's own markup.
 */
const LINK_DESTINATION_AS_TEXT = /(?<=\])\([^\s()]+/g;

/** Inline HTML whose content is code or data, never prose: the element is one code, content included. */
const CODE_ELEMENT = /<(code|kbd|samp|var|tt|script|style|math|svg)\b[^>]*>[^]{0,2000}?<\/\1\s*>/gi;

/** Block nodes whose source is never text: template tags are not looked for inside them. */
const OPAQUE = new Set(["code", "html", "yaml", "toml", "math"]);

/** The file's template tags, found in the source between code blocks, HTML blocks and front matter. */
export function templateTagRanges(text: string, root: Root): Range[] {
  const opaque: Range[] = [];
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (OPAQUE.has(node.type) && start !== undefined && end !== undefined) opaque.push({ start, end });
    else if ("children" in node) node.children.forEach(visit);
  };
  visit(root);
  const tags: Range[] = [];
  let from = 0;
  for (const region of [...opaque, { start: text.length, end: text.length }]) {
    if (region.start > from)
      for (const tag of templateTags(text.slice(from, region.start)))
        tags.push({ start: from + tag.start, end: from + tag.end });
    from = Math.max(from, region.end);
  }
  return tags;
}

/** The block with its leading and trailing fence lines left out, and the code stretches inside it. */
export interface GuardedBlock {
  start: number;
  end: number;
  guards: Range[];
  /** Guards that count only inside a text node. */
  textGuards: Range[];
}

/** `range` is the block's source; `tags` the file's template tags (sorted). */
export function guardBlock(text: string, range: Range, tags: readonly Range[]): GuardedBlock | undefined {
  let { start, end } = range;
  const guards: Range[] = [];
  for (const tag of tags) {
    if (tag.end <= start || tag.start >= end) continue;
    // A tag reaching out of the block (across a blank line) leaves the whole block as it is.
    if (tag.start < start || tag.end > end) return undefined;
    guards.push(tag);
  }

  // Fence lines: leading and trailing ones are cut off the block, inner ones take their line breaks along.
  const lines = lineRanges(text, start, end);
  const isFence = (l: Range) => FENCE_LINE.test(text.slice(l.start, l.end));
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && isFence(lines[first] as Range)) first++;
  while (last >= first && isFence(lines[last] as Range)) last--;
  if (first > last) return { start: end, end, guards: [], textGuards: [] };
  start = Math.max(start, contentStart(text, lines[first] as Range));
  end = Math.min(end, contentEnd(text, lines[last] as Range));
  for (let i = first + 1; i < last; i++) {
    if (isFence(lines[i] as Range))
      guards.push({ start: contentEnd(text, lines[i - 1] as Range), end: contentStart(text, lines[i + 1] as Range) });
  }

  const raw = text.slice(start, end);
  for (const pattern of [...INLINE_SYNTAX, CODE_ELEMENT]) {
    for (const m of raw.matchAll(pattern)) guards.push({ start: start + m.index, end: start + m.index + m[0].length });
  }
  const textGuards = [...raw.matchAll(LINK_DESTINATION_AS_TEXT)].map((m) => ({
    start: start + m.index,
    end: start + m.index + m[0].length,
  }));
  return { start, end, guards: merged(guards), textGuards };
}

/** Sorted, overlapping ranges joined. */
export function merged(ranges: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const prev = out[out.length - 1];
    if (prev && r.start <= prev.end) prev.end = Math.max(prev.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** The block's source lines (without their line breaks), clipped to the block. */
function lineRanges(text: string, start: number, end: number): Range[] {
  const lines: Range[] = [];
  let at = text.lastIndexOf("\n", start - 1) + 1;
  while (at < end) {
    let next = text.indexOf("\n", at);
    if (next < 0 || next > end) next = end;
    const lineEnd = text.charAt(next - 1) === "\r" ? next - 1 : next;
    lines.push({ start: Math.max(at, start), end: Math.min(lineEnd, end) });
    at = next + 1;
  }
  return lines;
}

/** Where a line's content starts, after its container prefix. */
function contentStart(text: string, line: Range): number {
  let at = line.start;
  while (at < line.end && " \t>".includes(text.charAt(at))) at++;
  return at;
}

function contentEnd(text: string, line: Range): number {
  let at = line.end;
  while (at > line.start && " \t".includes(text.charAt(at - 1))) at--;
  return at;
}
