import { type InlineCodes } from "../common/inline-codes";
import { type XElement, attributes, escapeXmlAttribute } from "../xml/tree";

/**
 * Reading and writing XLIFF markup in the original text: element content becomes segment text
 * with inline codes (each code's markup sliced from the file, so it is re-emitted byte-exact),
 * and start tags are edited attribute by attribute.
 */

/** Elements whose content is translatable text between an opening and a closing code. */
const PAIRED = new Set(["g", "mrk", "pc"]);

/** The offset just after an element's start tag (quoted attribute values may contain `>`). */
export function startTagEnd(text: string, element: XElement): number {
  let quote = "";
  for (let i = element.start + 1; i < element.end; i++) {
    const c = text.charAt(i);
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i + 1;
  }
  return element.end;
}

/** The offset where an element's end tag starts (its own end for `<x/>`). */
export function endTagStart(text: string, element: XElement): number {
  if (text.charAt(element.end - 2) === "/") return element.end;
  return text.lastIndexOf("</", element.end - 1);
}

/** The local name, without a namespace prefix. */
export const localName = (element: XElement) => element.name.slice(element.name.indexOf(":") + 1);

const attributeRecords = new WeakMap<XElement, Readonly<Record<string, string | undefined>>>();

/** An element's attributes by name as written (`xml:lang`), decoded. */
export function attributesOf(element: XElement): Readonly<Record<string, string | undefined>> {
  let record = attributeRecords.get(element);
  if (!record) {
    record = Object.fromEntries(attributes(element).map((a) => [a.name, a.value]));
    attributeRecords.set(element, record);
  }
  return record;
}

/** An element's content as segment text; inline elements become codes recorded in `codes`. */
export function contentToText(text: string, element: XElement, codes: InlineCodes): string {
  // Comments and processing instructions inside a source are not in the tree: not part of the message.
  let out = "";
  for (const child of element.children) {
    if (child.kind === "text") out += child.text;
    else {
      const markup = text.slice(child.start, child.end);
      const hasContent = child.children.length > 0;
      if (PAIRED.has(localName(child)) && hasContent && !child.name.includes(":")) {
        const open = text.slice(child.start, startTagEnd(text, child));
        const close = text.slice(endTagStart(text, child), child.end);
        out += codes.wrap(contentToText(text, child, codes), open, close);
      } else out += codes.single(markup);
    }
  }
  return out;
}

/** A start tag with attributes set: existing values replaced in place, new ones appended. */
export function setAttributes(startTag: string, attributes: readonly (readonly [string, string])[]): string {
  let tag = startTag;
  for (const [name, value] of attributes) {
    const existing = new RegExp(`(\\s${name.replace(/[.:-]/g, "\\$&")}\\s*=\\s*)(["'])[^"']*\\2`);
    if (existing.test(tag))
      tag = tag.replace(existing, (_, head: string, q: string) => `${head}${q}${escapeXmlAttribute(value)}${q}`);
    else
      tag = tag.replace(
        /\s*(\/?>)$/,
        (end: string, close: string) =>
          ` ${name}="${escapeXmlAttribute(value)}"${end.slice(0, end.length - close.length)}${close}`,
      );
  }
  return tag;
}
