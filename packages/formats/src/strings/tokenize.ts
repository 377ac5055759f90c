import { lineColumn } from "../common/splice";
import { FormatError } from "../filter";

/**
 * A tokenizer for Apple `.strings` files (old-style property list of string pairs):
 * `"key" = "value";` with `/* … *\/` and `//` comments anywhere, unquoted tokens, escapes
 * `\" \\ \n \t \r \0 \Uxxxx`, values over several lines.
 */

export interface StringsToken {
  start: number;
  end: number;
  value: string;
  quoted: boolean;
}

export interface StringsPair {
  key: StringsToken;
  value: StringsToken;
}

const UNQUOTED = /[A-Za-z0-9_.$:/+-]/;
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v" };

export function parseStrings(text: string): StringsPair[] {
  let at = 0;
  const fail = (offset: number, why: string): never => {
    const { line, column } = lineColumn(text, offset);
    throw new FormatError("invalid_file", `Invalid .strings file at line ${line}, column ${column}: ${why}.`);
  };

  /** Skips whitespace and comments; returns the next significant character or "" at the end. */
  const peek = (): string => {
    for (;;) {
      while (at < text.length && /\s/.test(text.charAt(at))) at++;
      if (text.startsWith("/*", at)) {
        const end = text.indexOf("*/", at + 2);
        if (end < 0) fail(at, "a comment that is never closed");
        at = end + 2;
      } else if (text.startsWith("//", at)) {
        const end = text.indexOf("\n", at);
        at = end < 0 ? text.length : end + 1;
      } else return text.charAt(at);
    }
  };

  const token = (): StringsToken => {
    const c = peek();
    const start = at;
    if (c === '"') {
      let value = "";
      at++;
      for (;;) {
        if (at >= text.length) return fail(start, "a string that is never closed");
        const ch = text.charAt(at);
        if (ch === '"') break;
        if (ch === "\\") {
          const esc = text.charAt(at + 1);
          if (esc === "U" || esc === "u") {
            const hex = text.slice(at + 2, at + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) return fail(at, `a bad escape \\${esc}${hex}`);
            value += String.fromCharCode(parseInt(hex, 16));
            at += 6;
          } else {
            value += ESCAPES[esc] ?? esc;
            at += 2;
          }
          continue;
        }
        value += ch;
        at++;
      }
      at++;
      return { start, end: at, value, quoted: true };
    }
    while (at < text.length && UNQUOTED.test(text.charAt(at))) at++;
    if (at === start) return fail(start, c === "" ? "the file ends where a string was expected" : `unexpected "${c}"`);
    return { start, end: at, value: text.slice(start, at), quoted: false };
  };

  const pairs: StringsPair[] = [];
  while (peek() !== "") {
    const key = token();
    const next = peek();
    if (next === ";") {
      // `"key";` is shorthand for a value equal to the key: nothing separate to translate.
      at++;
      continue;
    }
    if (next !== "=") fail(at, `expected "=" after the key "${key.value}"`);
    at++;
    const value = token();
    if (peek() !== ";") fail(at, `expected ";" after the value of "${key.value}"`);
    at++;
    pairs.push({ key, value });
  }
  return pairs;
}
