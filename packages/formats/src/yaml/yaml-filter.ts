import {
  type Document,
  isAlias,
  type YAMLMap,
  isMap,
  isScalar,
  isSeq,
  parse as parseYamlValue,
  parseAllDocuments,
  type Scalar,
} from "yaml";

import { repairCodes } from "../common/inline-codes";
import { checkYamlNesting, withNestingLimit } from "../common/nesting";
import { isTextAt, issueFormText, looksLikeIssueForm, type ValuePath } from "../common/key-like";
import { isTranslatableValue } from "../common/non-text";
import { applyEdits, type TextEdit } from "../common/splice";
import { type DecodedText, decodeText, dominantEol, encodeText } from "../common/text-encoding";
import { type FilterOptions, FormatError, type FormatFilter, type Segment } from "../filter";
import { mayReadAsData, renderScalar } from "./render";

/**
 * YAML localization files (Rails, Symfony, plain nested maps; several documents allowed). Only
 * string values are translated: keys, numbers, booleans (YAML 1.1's `yes`/`no`/`on`/`off`
 * included: a 1.1 reader would see a boolean), nulls, tagged scalars and aliases are left alone;
 * an anchored string is translated once and its aliases follow. Each changed scalar is
 * re-encoded in its own style (plain, quoted, literal or folded block with its header and
 * indentation) and spliced in, so comments, anchors and blank lines stay put.
 *
 * Rails: a document whose root is the single key of the source language (`en:`) gets the target
 * language as its root key.
 */

interface YamlString {
  id: string;
  node: Scalar;
  value: string;
  /** Inside `[…]` or `{…}`, where `,` and brackets end a plain scalar. */
  inFlow: boolean;
}

interface ParsedYaml extends DecodedText {
  strings: YamlString[];
  /** Rails root keys equal to the source language, to rename. */
  localeRoots: Scalar[];
}

const LOCALE_KEY = /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/;
const BLOCK = new Set(["BLOCK_LITERAL", "BLOCK_FOLDED"]);

function parse(file: Uint8Array, options: FilterOptions): ParsedYaml {
  return withNestingLimit("YAML", () => parseNested(file, options));
}

function parseNested(file: Uint8Array, options: FilterOptions): ParsedYaml {
  const decoded = decodeText(file);
  const { text } = decoded;
  checkYamlNesting(text);
  // The library's duplicate-key check compares each key with every earlier one: quadratic in a
  // large map. Duplicates are harmless here (each value is its own segment).
  const docs = parseAllDocuments(text, { uniqueKeys: false });
  const list: Document.Parsed[] = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const error = doc.errors[0];
    if (error) {
      const pos = error.linePos?.[0];
      const where = pos ? ` at line ${pos.line}, column ${pos.col}` : "";
      const message = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
      throw new FormatError("invalid_file", `Invalid YAML${where}: ${message}.`);
    }
  }

  const strings: YamlString[] = [];
  const localeRoots: Scalar[] = [];
  const seen = new Set<string>();
  let issueForm = false;
  const visit = (node: unknown, path: string, inFlow: boolean, keys: ValuePath): void => {
    if (isAlias(node)) return;
    if (isScalar(node)) {
      if (isText(node, text) && isTextAt(keys, String(node.value)) && (!issueForm || issueFormText(keys))) {
        // Block scalars keep their final line breaks in the file, not in the segment.
        const value = BLOCK.has(node.type ?? "") ? String(node.value).replace(/\n+$/, "") : String(node.value);
        let id = path;
        for (let n = 2; seen.has(id); n++) id = `${path}#${n}`;
        seen.add(id);
        strings.push({ id, node, value, inFlow });
      }
      return;
    }
    if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, `${path}/${i}`, inFlow || Boolean(node.flow), [...keys, i]));
      return;
    }
    if (!isMap(node)) return;
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : "?";
      // `<<: *defaults` merges an anchored map that is translated where it is defined.
      if (key === "<<") continue;
      visit(pair.value, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, inFlow || Boolean(node.flow), [
        ...keys,
        key,
      ]);
    }
  };
  list.forEach((doc, i) => {
    const prefix = list.length > 1 ? `${i}:` : "";
    const root = doc.contents;
    const rootMap = isMap(root) ? root : undefined;
    const only = rootMap?.items.length === 1 ? rootMap.items[0] : undefined;
    issueForm = rootMap !== undefined && isIssueForm(rootMap);
    if (only && isScalar(only.key) && only.key.type === "PLAIN" && LOCALE_KEY.test(String(only.key.value))) {
      // A Rails-style locale root is not part of the ids, so a translated file keeps them.
      if (sameLanguage(String(only.key.value), options.sourceLang)) localeRoots.push(only.key);
      visit(only.value, prefix, rootMap?.flow === true, []);
    } else visit(root, prefix, false, []);
  });
  return { ...decoded, strings, localeRoots };
}

/** A GitHub issue form: `name`/`description` and a `body` list whose elements have a `type`. */
function isIssueForm(root: YAMLMap): boolean {
  const keyOf = (pair: { key: unknown }) => (isScalar(pair.key) ? String(pair.key.value) : "");
  const body = root.items.find((p) => keyOf(p) === "body")?.value;
  const typed =
    isSeq(body) &&
    body.items.length > 0 &&
    body.items.every((item) => isMap(item) && item.items.some((p) => keyOf(p) === "type"));
  return looksLikeIssueForm(root.items.map(keyOf), typed);
}

/** A string worth translating: not tagged, not data-like, and a string for YAML 1.1 readers too. */
function isText(node: Scalar, text: string): boolean {
  if (typeof node.value !== "string" || node.tag !== undefined || !node.range) return false;
  if (!isTranslatableValue(node.value)) return false;
  const source = text.slice(node.range[0], node.range[1]);
  if (node.type !== "PLAIN" || !mayReadAsData(source)) return true;
  return typeof parseYamlValue(source, { version: "1.1" }) === "string";
}

const sameLanguage = (a: string, b: string) => a.toLowerCase().replace("_", "-") === b.toLowerCase().replace("_", "-");

export const yamlFilter: FormatFilter = {
  extensions: ["yaml", "yml"],

  async extract(file: Uint8Array, options: FilterOptions): Promise<Segment[]> {
    return parse(file, options).strings.map((s) => ({ id: s.id, text: s.value, context: s.id }));
  },

  async merge(
    file: Uint8Array,
    translations: ReadonlyMap<string, string>,
    options: FilterOptions,
  ): Promise<Uint8Array> {
    const { text, encoding, strings, localeRoots } = parse(file, options);
    const eol = dominantEol(text);
    const edits: TextEdit[] = [];
    for (const s of strings) {
      const raw = translations.get(s.id);
      const range = s.node.range;
      if (raw === undefined || !range) continue;
      const translation = repairCodes(s.value, raw);
      if (translation === s.value) continue;
      const source = text.slice(range[0], range[1]);
      edits.push({
        start: range[0],
        end: range[1],
        text: renderScalar(translation, s.node.type ?? "PLAIN", source, { inFlow: s.inFlow, eol }),
      });
    }
    if (edits.length > 0) {
      for (const key of localeRoots) {
        if (key.range && !sameLanguage(String(key.value), options.targetLang))
          edits.push({
            start: key.range[0],
            end: key.range[1],
            text: renderScalar(options.targetLang, "PLAIN", "", { inFlow: false, eol }),
          });
      }
    }
    return edits.length === 0 ? file : encodeText(applyEdits(text, edits), encoding);
  },
};
