import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";

import { repairCodes } from "../common/inline-codes";
import { checkJsonNesting, withNestingLimit } from "../common/nesting";
import { isTextAt, MESSAGE_KEY, type ValuePath } from "../common/key-like";
import { isTranslatableValue } from "../common/non-text";
import { applyEdits, lineColumn, type TextEdit } from "../common/splice";
import { decodeText, encodeText } from "../common/text-encoding";
import { type FilterOptions, FormatError, type FormatFilter, type Segment } from "../filter";
import { detectEscapeStyle, encodeJsonString } from "./escape";

/**
 * JSON localization files (flat or nested key → string, i18next, ARB). Only string leaves are
 * translated (array items included); keys, numbers (big integers too: nothing is re-serialized),
 * duplicate keys, spacing and order stay as they are. Each changed string is re-encoded in the
 * file's escape style and spliced in place.
 *
 * ARB: top-level `@key` metadata is skipped and `@@locale` is set to the target language.
 * Comments and trailing commas (JSONC) are tolerated and kept.
 */

interface JsonString {
  id: string;
  node: Node;
  value: string;
}

interface ParsedJson {
  text: string;
  strings: JsonString[];
  /** The `@@locale` value node of an ARB file. */
  arbLocale?: Node;
}

function parse(file: Uint8Array): ParsedJson & { encoding: ReturnType<typeof decodeText>["encoding"] } {
  return withNestingLimit("JSON", () => parseNested(file));
}

function parseNested(file: Uint8Array): ParsedJson & { encoding: ReturnType<typeof decodeText>["encoding"] } {
  const { text, encoding } = decodeText(file);
  checkJsonNesting(text);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(text, first.offset);
    throw new FormatError(
      "invalid_file",
      `Invalid JSON at line ${line}, column ${column}: ${printParseErrorCode(first.error)}.`,
    );
  }
  if (!root) throw new FormatError("invalid_file", "The file is empty: no JSON value.");

  const strings: JsonString[] = [];
  const seen = new Map<string, number>();
  let arbLocale: Node | undefined;
  const visit = (node: Node, path: string, depth: number, keys: ValuePath): void => {
    if (node.type === "string") {
      const value = String(node.value);
      if (!isTranslatableValue(value) || !isTextAt(keys, value)) return;
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      // Duplicate keys share a path; later ones get a suffix so ids stay unique and stable.
      strings.push({ id: count === 1 ? path : `${path}#${count}`, node, value });
      return;
    }
    if (node.type === "array") {
      (node.children ?? []).forEach((child, i) => visit(child, `${path}/${i}`, depth + 1, [...keys, i]));
      return;
    }
    if (node.type !== "object") return;
    // Entries are below the root: a root key named "message" is an ordinary key.
    const message = depth > 0 && hasMessage(node);
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = String(keyNode.value);
      if (message && key !== MESSAGE_KEY) continue;
      if (depth === 0 && key === "@@locale" && valueNode.type === "string") arbLocale = valueNode;
      // ARB metadata (`@key` descriptions, placeholders, `@@…` globals) is not user-facing text.
      if (depth === 0 && key.startsWith("@")) continue;
      visit(valueNode, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, depth + 1, [...keys, key]);
    }
  };
  visit(root, "", 0, []);
  return { text, encoding, strings, arbLocale };
}

/** An entry with a `message` string, whose other members are notes and placeholders (see key-like.ts). */
const hasMessage = (node: Node) =>
  (node.children ?? []).some((p) => p.children?.[0]?.value === MESSAGE_KEY && p.children[1]?.type === "string");

export const jsonFilter: FormatFilter = {
  extensions: ["json"],

  async extract(file: Uint8Array): Promise<Segment[]> {
    const { strings } = parse(file);
    return strings.map((s) => ({ id: s.id, text: s.value, context: s.id }));
  },

  async merge(
    file: Uint8Array,
    translations: ReadonlyMap<string, string>,
    options: FilterOptions,
  ): Promise<Uint8Array> {
    const { text, encoding, strings, arbLocale } = parse(file);
    const style = detectEscapeStyle(text);
    const edits: TextEdit[] = [];
    const replace = (node: Node, value: string) =>
      edits.push({ start: node.offset, end: node.offset + node.length, text: encodeJsonString(value, style) });
    for (const s of strings) {
      const translation = translations.get(s.id);
      if (translation === undefined) continue;
      const repaired = repairCodes(s.value, translation);
      if (repaired !== s.value) replace(s.node, repaired);
    }
    if (arbLocale && arbLocale.value !== options.targetLang) replace(arbLocale, options.targetLang);
    return edits.length === 0 ? file : encodeText(applyEdits(text, edits), encoding);
  },
};
