import { parseXml } from "./parse";
import { attributes, type XElement } from "./tree";

/** An element of a small document read whole (TMX, TBX imports): local name, attributes as written, children. */
export interface SimpleElement {
  /** Local name, without a namespace prefix ("tbx:termEntry" → "termEntry"). */
  name: string;
  /** Attributes by name as written ("xml:lang"), decoded. */
  attributes: Record<string, string>;
  children: SimpleNode[];
  /** Line of the start tag, for error messages. */
  line: number;
}
export type SimpleNode = SimpleElement | string;

/**
 * A whole document as a small element tree, through the same strict reader and rules as every
 * other XML Tolk reads (xml/safety.ts): no DTD, bounded depth; markup that is not well-formed
 * throws `XmlSyntaxError` with its line and column. Comments and processing instructions are
 * left out; CDATA is text.
 */
export function readSimpleTree(text: string, what: string): SimpleElement {
  const doc = parseXml(text, what);
  let line = 1;
  let counted = 0;
  const lineAt = (offset: number): number => {
    for (let at = text.indexOf("\n", counted); at >= 0 && at < offset; at = text.indexOf("\n", at + 1)) line++;
    counted = Math.max(counted, offset);
    return line;
  };
  // Elements are met in document order, so the line count only moves forward.
  const convert = (el: XElement): SimpleElement => {
    const out: SimpleElement = {
      name: el.local,
      attributes: Object.fromEntries(attributes(el).map((a) => [a.name, a.value])),
      children: [],
      line: lineAt(el.start),
    };
    for (const c of el.children) out.children.push(c.kind === "text" ? c.text : convert(c));
    return out;
  };
  return convert(doc.root);
}
