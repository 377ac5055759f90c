// The safe-XML module: the one strict XML reader, its DTD guard and limits, for every format and import.
export { XmlSyntaxError } from "./parse";
export { readSimpleTree, type SimpleElement, type SimpleNode } from "./element-tree";
export { escapeXmlAttribute, escapeXmlText } from "./tree";
