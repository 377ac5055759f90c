import { SaxesParser } from "saxes";

import { invalidFile } from "./invalid-file";

export interface XmlElement {
  /** Local name, without a namespace prefix ("tbx:termEntry" → "termEntry"). */
  name: string;
  /** Attributes as written ("xml:lang"). */
  attributes: Record<string, string>;
  children: XmlNode[];
  /** Line of the start tag, for error messages. */
  line: number;
}
export type XmlNode = XmlElement | string;

/**
 * A whole XML document as a small element tree, for TMX and TBX imports. Strict XML (saxes):
 * malformed markup is refused with its line and column. A DOCTYPE is refused outright, so no DTD,
 * internal or external, can define entities (no entity expansion, no external fetches); only the
 * five predefined entities and character references exist.
 */
export function parseXmlDocument(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: Error | null = null;
  const fail = (where: string, detail: string) => {
    failure ??= invalidFile(where, detail);
  };

  parser.on("doctype", () => fail(`line ${parser.line}`, "DOCTYPE declarations (DTDs) are not accepted"));
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attributes[k] = v;
    const element: XmlElement = { name: tag.name.replace(/^.*:/u, ""), attributes, children: [], line: parser.line };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  const addText = (t: string) => {
    const parent = stack.at(-1);
    if (parent) parent.children.push(t);
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("error", (err) => {
    const match = /^(\d+):(\d+): (.*)$/su.exec(err.message);
    fail(match ? `line ${match[1]}, column ${match[2]}` : `line ${parser.line}`, match?.[3] ?? err.message);
  });

  try {
    parser.write(text.replace(/^\uFEFF/u, "")).close();
  } catch (err) {
    if (!failure) throw err;
  }
  if (failure) throw failure;
  if (!root) throw invalidFile("line 1", "the file has no root element");
  return root;
}

export const childElements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter((c): c is XmlElement => typeof c !== "string" && (name === undefined || c.name === name));

/** All text inside an element, markup removed. */
export function textContent(element: XmlElement): string {
  return element.children.map((c) => (typeof c === "string" ? c : textContent(c))).join("");
}

/** The base language of an xml:lang ("en-US" → "en"). */
export const baseLanguage = (lang: string | undefined) => (lang ?? "").trim().toLowerCase().split(/[-_]/u)[0] ?? "";

export function escapeXml(text: string): string {
  return text.replace(/&/gu, "&amp;").replace(/</gu, "&lt;").replace(/>/gu, "&gt;").replace(/"/gu, "&quot;");
}
