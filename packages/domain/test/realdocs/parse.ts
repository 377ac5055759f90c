import { SaxesParser } from "saxes";

/**
 * Independent readers for the realdocs check: none of them is a Tolk filter, so a filter that
 * writes something its own parser happens to read back cannot pass.
 */

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: (XmlNode | string)[];
}

/** A strict, namespace-unaware tree (saxes throws on anything not well-formed). */
export function parseXml(text: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: XmlNode = { name: "#document", attrs: {}, children: [] };
  const stack: XmlNode[] = [root];
  const top = () => stack[stack.length - 1] as XmlNode;
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name, attrs: tag.attributes, children: [] };
    top().children.push(node);
    if (!tag.isSelfClosing) stack.push(node);
  });
  parser.on("closetag", (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  parser.on("text", (t) => top().children.push(t));
  parser.on("cdata", (t) => top().children.push(t));
  parser.on("error", (e) => {
    throw e;
  });
  parser.write(text).close();
  return root;
}

/** Every element named `name` (prefix included), in document order. */
export function elements(node: XmlNode, name: string | ((n: string) => boolean)): XmlNode[] {
  const match = typeof name === "string" ? (n: string) => n === name : name;
  const out: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (typeof c === "string") continue;
      if (match(c.name)) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** The concatenated text of a subtree, optionally only inside elements named `only`. */
export function textOf(node: XmlNode, only?: string): string {
  let out = "";
  const walk = (n: XmlNode, inside: boolean) => {
    for (const c of n.children) {
      if (typeof c === "string") {
        if (inside) out += c;
      } else walk(c, inside || c.name === only);
    }
  };
  walk(node, only === undefined);
  return out;
}

/** Element names (with their `id` attribute) inside a subtree: the inline markup of a unit. */
export function markupOf(node: XmlNode): string[] {
  return elements(node, () => true).map((e) => `${e.name}#${e.attrs.id ?? ""}`);
}

/** Text from bytes with a BOM (UTF-8, UTF-16LE/BE) or UTF-8 without one. */
export function decode(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });
  return { text: utf8.decode(bytes), encoding: bytes[0] === 0xef && bytes[1] === 0xbb ? "utf-8-bom" : "utf-8" };
}

/**
 * Apple .strings: `"key" = "value";` pairs (comments removed), values unescaped enough to compare.
 * Keys may be unquoted, as old-style property lists allow (`NSCameraUsageDescription = "…";`).
 */
export function parseStrings(text: string): { key: string; value: string }[] {
  const pairs: { key: string; value: string }[] = [];
  const token =
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?:"((?:[^"\\]|\\.)*)"|([\w$+/:.-]+))\s*=\s*"((?:[^"\\]|\\.)*)"\s*;|"((?:[^"\\]|\\.)*)"\s*;|(\S)/g;
  for (const m of text.matchAll(token)) {
    if (m[5] !== undefined) throw new Error(`unexpected '${m[5]}' at offset ${m.index}`);
    const key = m[1] ?? m[2];
    if (key !== undefined) pairs.push({ key, value: m[3] ?? "" });
    else if (m[4] !== undefined) pairs.push({ key: m[4], value: m[4] });
  }
  return pairs;
}

export interface Cue {
  id: string;
  timing: string;
  text: string;
}

/** SRT/VTT blocks: the cues (a line with `-->`), and the other blocks verbatim. */
export function parseCues(text: string, vtt: boolean): { cues: Cue[]; other: string[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (vtt && !/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? "")) throw new Error("no WEBVTT signature");
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === "") {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) blocks.push(current);
  const cues: Cue[] = [];
  const other: string[] = [];
  for (const block of vtt ? blocks.slice(1) : blocks) {
    const at = block.findIndex((l) => l.includes("-->"));
    if (at < 0 || at > 1) {
      other.push(block.join("\n"));
      continue;
    }
    const timing = block[at] ?? "";
    if (!/^\s*[\d:.,]+\s+-->\s+[\d:.,]+/.test(timing)) throw new Error(`bad timing line '${timing}'`);
    cues.push({ id: at === 1 ? (block[0] ?? "") : "", timing, text: block.slice(at + 1).join("\n") });
  }
  return { cues, other };
}
