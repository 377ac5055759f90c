import { isMap, isScalar, parseDocument, Scalar } from "yaml";

import { FormatError } from "../filter";
import { type Range } from "./parse";

/** Front matter keys whose values are prose; everything else (dates, slugs, layout) is data. */
const TRANSLATABLE_KEYS = new Set(["title", "description"]);

export interface FrontMatterValue {
  key: string;
  text: string;
  range: Range;
  type: Scalar.Type;
}

/** The whitelisted string values of a YAML front matter that starts at `offset` of the file. */
export function frontMatterValues(yaml: string, offset: number, line: number): FrontMatterValue[] {
  const document = parseDocument(yaml, { keepSourceTokens: false });
  const [error] = document.errors;
  if (error) {
    const at = (error.linePos?.[0]?.line ?? 0) + line;
    throw new FormatError("invalid_file", `Line ${at}: the front matter is not valid YAML (${error.code}).`);
  }
  if (!isMap(document.contents)) return [];
  const values: FrontMatterValue[] = [];
  for (const pair of document.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    const value = pair.value;
    if (!TRANSLATABLE_KEYS.has(key) || !isScalar(value) || typeof value.value !== "string" || !value.range) continue;
    // Block scalars keep their header and indentation rules; only one-line styles are rewritten.
    if (value.type !== Scalar.PLAIN && value.type !== Scalar.QUOTE_DOUBLE && value.type !== Scalar.QUOTE_SINGLE)
      continue;
    if (!/\p{L}/u.test(value.value)) continue;
    values.push({
      key,
      text: value.value,
      range: { start: offset + value.range[0], end: offset + value.range[1] },
      type: value.type,
    });
  }
  return values;
}

/** A translated value in its original style, quoted when plain would read back as something else. */
export function encodeScalar(text: string, type: string): string {
  const line = text.replace(/\s*[\r\n]+\s*/g, " ");
  if (type === Scalar.QUOTE_SINGLE) return `'${line.replace(/'/g, "''")}'`;
  if (type === Scalar.PLAIN && readsBackAsString(line)) return line;
  return JSON.stringify(line);
}

function readsBackAsString(plain: string): boolean {
  if (plain === "" || plain !== plain.trim()) return false;
  for (const version of ["1.1", "1.2"] as const) {
    const document = parseDocument(`k: ${plain}\n`, { version });
    if (document.errors.length > 0) return false;
    const parsed: unknown = document.toJS();
    if (typeof parsed !== "object" || parsed === null || (parsed as Record<string, unknown>).k !== plain) return false;
  }
  return true;
}
