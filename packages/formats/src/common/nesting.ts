import { createScanner } from "jsonc-parser";

import { FormatError } from "../filter";

/**
 * Deepest nesting of maps and lists accepted in a JSON or YAML document: localization files nest
 * a handful of levels; the parsers and the walks over their trees recurse once per level.
 */
export const MAX_DOCUMENT_NESTING = 256;

const tooDeep = (format: string, line: number) =>
  new FormatError(
    "invalid_file",
    `The ${format} file is nested more than ${MAX_DOCUMENT_NESTING} levels deep (line ${line}); that is the limit.`,
  );

/**
 * Runs a parse that recurses with the file's nesting (the libraries and our own walks do): a
 * hostile file nested hundreds of thousands deep overflows the stack, and that must come back
 * as a refused file, not as a crash of the request.
 */
export function withNestingLimit<T>(format: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof RangeError)
      throw new FormatError("invalid_file", `The ${format} file is nested too deeply to process.`);
    throw error;
  }
}

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

/**
 * Refuses JSON nested deeper than the limit before jsonc-parser's recursive parser sees it. The
 * library's scanner is iterative, so this costs one pass over the tokens.
 */
export function checkJsonNesting(text: string): void {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind: number = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      if (++depth > MAX_DOCUMENT_NESTING) throw tooDeep("JSON", scanner.getTokenStartLine() + 1);
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) depth = Math.max(0, depth - 1);
  }
}

/**
 * An upper bound of a YAML document's nesting, checked before the `yaml` library parses it:
 * the library recurses per level and, on 100,000 compact sequence items (`- - - … x`, 200 KB),
 * exhausts the heap compiling indentation patterns, killing the process. Hand-written because no
 * YAML library reads nesting without building the tree: per line, the block depth (a stack of
 * indentations plus compact `- `/`? ` indicators) and flow depth (`[`/`{` outside quotes and
 * comments, carried across lines); block scalar content is skipped.
 */
export function checkYamlNesting(text: string): void {
  const indents: number[] = [];
  let flow = 0;
  let blockScalarIndent = -1;
  let lineNo = 0;
  for (const line of text.split(/\r?\n|\r/)) {
    lineNo++;
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    const content = line.slice(indent);
    if (blockScalarIndent >= 0) {
      if (content === "" || indent > blockScalarIndent) continue;
      blockScalarIndent = -1;
    }
    if (content === "" || content.startsWith("#")) continue;
    if (flow === 0) {
      while (indents.length > 0 && (indents[indents.length - 1] ?? 0) >= indent) indents.pop();
      indents.push(indent);
      const compact = /^(?:[-?:][ \t]+)*/.exec(content)?.[0] ?? "";
      const indicators = (compact.match(/[-?:]/g) ?? []).length;
      if (indents.length + indicators > MAX_DOCUMENT_NESTING) throw tooDeep("YAML", lineNo);
    }
    flow = flowDepthAfter(content, flow, lineNo);
    if (flow === 0 && /(?:^|[ \t:-])[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(content)) blockScalarIndent = indent;
  }
}

/** Flow depth at the end of a line: brackets outside quoted scalars and comments. */
function flowDepthAfter(content: string, start: number, lineNo: number): number {
  let depth = start;
  let quote = "";
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === "#" && (i === 0 || /\s/.test(content[i - 1] ?? ""))) break;
    if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:]/.test(content[i - 1] ?? ""))) quote = c;
    else if (c === "[" || c === "{") {
      // Outside a flow collection a bracket starts one only where a value starts.
      if (depth === 0 && !/^(?:[-?:][ \t]+)*$|(?:^|\s)[-?]\s+$|:\s+$/.test(content.slice(0, i))) continue;
      if (++depth > MAX_DOCUMENT_NESTING) throw tooDeep("YAML", lineNo);
    } else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return depth;
}
