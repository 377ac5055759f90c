import { SaxesParser, type SaxesTagNS } from "saxes";

import { FormatError } from "../filter";
import { FastScanner, Unsupported } from "./fast-scanner";
import { dtdRefused, MAX_DEPTH, tooDeep } from "./safety";
import { type ParseOptions, type XElement, type XmlDocument } from "./tree";

/**
 * Parses one part strictly. A DOCTYPE (and so any entity declaration, internal or external) is
 * refused as unsafe before it can matter; anything not well-formed is "invalid_file" naming the
 * part, line and column. The fast scanner reads what Office writes; whatever it does not
 * recognise (including every error) goes through saxes, which has the last word.
 */
export function parseXml(text: string, partName: string, options: ParseOptions = {}): XmlDocument {
  try {
    const scanner = new FastScanner(text, partName, options);
    scanner.run(Infinity);
    return scanner.finish();
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  options.restart?.();
  return parseXmlWithSaxes(text, partName, options);
}

/** The reference parse (saxes alone): the fast scanner's fallback, and its yardstick in tests. */
export function parseXmlWithSaxes(text: string, partName: string, options: ParseOptions = {}): XmlDocument {
  const tree = new TreeBuilder(text, partName, options);
  tree.feed(text);
  return tree.finish();
}

/**
 * The same, in steps of about a million characters with a turn of the event loop between them,
 * so parsing a large part does not stall a server for seconds.
 */
export async function parseXmlYielding(
  text: string,
  partName: string,
  options: ParseOptions = {},
  chunk = 1 << 20,
): Promise<XmlDocument> {
  try {
    const scanner = new FastScanner(text, partName, options);
    while (!scanner.done) {
      scanner.run(scanner.position + chunk);
      await new Promise((resolve) => setImmediate(resolve));
      await options.pause?.();
    }
    return scanner.finish();
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  options.restart?.();
  const tree = new TreeBuilder(text, partName, options);
  for (let at = 0; at < text.length && !tree.failed; at += chunk) {
    tree.feed(text.slice(at, at + chunk));
    await new Promise((resolve) => setImmediate(resolve));
    await options.pause?.();
  }
  return tree.finish();
}

/**
 * Markup that is not well-formed. The message names the document, line and column as saxes
 * words it; the pieces are kept for readers that word it their own way (XLIFF, TMX, TBX).
 */
export class XmlSyntaxError extends FormatError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super("invalid_file", message);
    this.name = "FormatError";
  }
}

class TreeBuilder {
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private root: XElement | undefined;
  private failure: FormatError | undefined;

  constructor(
    private readonly text: string,
    private readonly partName: string,
    options: ParseOptions,
  ) {
    const { parser } = this;
    const { prune } = options;
    const source = { text };
    let current: XElement | undefined;
    let lastEnd = 0;
    let depth = 0;
    parser.on("error", (e) => {
      const at = /^(\d+):(\d+): (.*)$/su.exec(e.message);
      const [line, column, detail] = at
        ? [Number(at[1]), Number(at[2]), at[3] ?? ""]
        : [parser.line, parser.column, e.message];
      this.fail(new XmlSyntaxError(`${partName} is not well-formed XML: ${e.message}`, line, column, detail));
    });
    parser.on("doctype", () => this.fail(dtdRefused(partName)));
    parser.on("text", (t) => {
      current?.children.push({ kind: "text", text: t });
      lastEnd = parser.position - 1;
    });
    parser.on("cdata", (t) => {
      current?.children.push({ kind: "text", text: t });
      lastEnd = parser.position;
    });
    parser.on("comment", () => (lastEnd = parser.position));
    parser.on("processinginstruction", () => (lastEnd = parser.position));
    parser.on("xmldecl", () => (lastEnd = parser.position));
    parser.on("opentag", (tag: SaxesTagNS) => {
      if (++depth > MAX_DEPTH) throw tooDeep(partName);
      const el: XElement = {
        kind: "element",
        name: tag.name,
        local: tag.local,
        uri: tag.uri,
        ns: Object.keys(tag.ns).length > 0 ? tag.ns : undefined,
        source,
        parent: current,
        children: [],
        start: text.indexOf("<", lastEnd),
        openEnd: parser.position,
        closeStart: parser.position,
        end: parser.position,
      };
      if (current) current.children.push(el);
      else this.root = el;
      current = el;
      lastEnd = parser.position;
    });
    parser.on("closetag", (tag) => {
      depth--;
      if (!current) return;
      if (!tag.isSelfClosing) current.closeStart = text.lastIndexOf("<", parser.position - 1);
      current.end = parser.position;
      const closed = current;
      current = current.parent;
      if (current && prune?.(closed)) current.children.pop();
      lastEnd = parser.position;
    });
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  feed(chunk: string): void {
    this.guard(() => this.parser.write(chunk));
  }

  finish(): XmlDocument {
    if (!this.failure) this.guard(() => this.parser.close());
    if (this.failure) throw this.failure;
    if (!this.root) throw new FormatError("invalid_file", `${this.partName} has no root element.`);
    return { text: this.text, root: this.root };
  }

  private fail(error: FormatError): void {
    this.failure ??= error;
  }

  // saxes reports through the error handler; what is thrown comes from our own handlers.
  private guard(step: () => void): void {
    try {
      step();
    } catch (e) {
      if (e instanceof FormatError) this.fail(e);
      else throw e;
    }
  }
}
