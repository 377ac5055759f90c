import {
  FormatError,
  escapeXmlText,
  readSimpleTree,
  type SimpleElement,
  type SimpleNode,
  XmlSyntaxError,
} from "@tolk/formats";

import { badRequest } from "../../errors";
import { invalidFile } from "./invalid-file";

export type XmlElement = SimpleElement;
export type XmlNode = SimpleNode;

/**
 * A whole XML document as a small element tree, for TMX and TBX imports, read by the formats'
 * safe-XML module like every XML file Tolk reads: strict XML (malformed markup is refused with
 * its line and column), a DOCTYPE refused outright (no DTD can define entities: no entity
 * expansion, no external fetches), bounded nesting.
 */
export function parseXmlDocument(text: string): XmlElement {
  try {
    return readSimpleTree(text.replace(/^\uFEFF/u, ""), "The file");
  } catch (err) {
    if (err instanceof XmlSyntaxError)
      throw invalidFile(`line ${err.line}, column ${err.column}`, err.detail.replace(/\.$/u, ""));
    if (err instanceof FormatError) throw badRequest(`${err.message} Nothing was imported.`, "file");
    throw err;
  }
}

export const childElements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter((c): c is XmlElement => typeof c !== "string" && (name === undefined || c.name === name));

/** All text inside an element, markup removed. */
export function textContent(element: XmlElement): string {
  return element.children.map((c) => (typeof c === "string" ? c : textContent(c))).join("");
}

/** The base language of an xml:lang ("en-US" → "en"). */
export const baseLanguage = (lang: string | undefined) => (lang ?? "").trim().toLowerCase().split(/[-_]/u)[0] ?? "";

/** Text as XML character data or a double-quoted attribute value (characters XML forbids dropped). */
export const escapeXml = (text: string): string => escapeXmlText(text).replace(/"/gu, "&quot;");
