import { parse } from "yaml";

/**
 * A translation written as a YAML scalar in the style of the one it replaces. A plain scalar
 * stays plain only if it reads back as the same string under YAML 1.1 and 1.2 (so "No", "1.0",
 * "~", "Note: x" or "#1" get double quotes); a single-quoted one stays single-quoted unless it
 * needs escapes; a block scalar keeps its header line, indentation and final line breaks.
 */
export function renderScalar(
  value: string,
  type: string,
  source: string,
  context: { inFlow: boolean; eol: string },
): string {
  if (type === "BLOCK_LITERAL" || type === "BLOCK_FOLDED")
    return renderBlock(value, type === "BLOCK_FOLDED", source, context.eol);
  if (type === "PLAIN" && canBePlain(value, context.inFlow)) return value;
  if (type === "QUOTE_SINGLE" && !/[\n\r\t\p{Cc}]/u.test(value)) return `'${value.replace(/'/g, "''")}'`;
  // JSON's string syntax is valid YAML double-quoted syntax.
  return JSON.stringify(value);
}

/**
 * Only a single word or timestamp-like text can read as a boolean, null, number or date, so
 * only those pay for a trial parse (a 10 MB file has hundreds of thousands of scalars).
 */
export const mayReadAsData = (value: string) => !/\s/.test(value.trim()) || /^[-+\d\s:.tTzZ]+$/.test(value);

const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`]/;

function canBePlain(value: string, inFlow: boolean): boolean {
  if (value === "" || value !== value.trim() || /[\n\r\p{Cc}]/u.test(value)) return false;
  if (INDICATOR.test(value) || value.includes(": ") || value.includes(" #") || value.endsWith(":")) return false;
  if (inFlow && /[,[\]{}]/.test(value)) return false;
  if (!mayReadAsData(value)) return true;
  try {
    return parse(value, { version: "1.1" }) === value && parse(value, { version: "1.2" }) === value;
  } catch {
    return false;
  }
}

function renderBlock(value: string, folded: boolean, source: string, eol: string): string {
  const newline = source.indexOf("\n");
  if (newline < 0) return JSON.stringify(value);
  const header = source.slice(0, newline + 1);
  const body = source.slice(newline + 1);
  const indent = /^( *)\S/m.exec(body)?.[1] ?? "  ";
  // What follows the last content line (its line break, kept blank lines) stays as it was.
  const last = /\S[^\r\n]*(?=\s*$)/.exec(body);
  const tail = last ? body.slice(last.index + last[0].length) : body;
  // Folded: a single line break in the value is a blank line in the block.
  const lines = (folded ? value.replace(/\n/g, "\n\n") : value).split("\n");
  const content = lines.map((line) => (line === "" ? "" : indent + line)).join(eol);
  return header + content + tail;
}
