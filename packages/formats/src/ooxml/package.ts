import { posix } from "node:path";

import { decodeText, encodeText, type TextEncoding } from "../common/text-encoding";
import { FormatError } from "../filter";
import { type Deflated, ZipArchive } from "../zip/archive";
import { parseXml, parseXmlYielding } from "../xml/parse";
import { dtdRefused, prologDeclaresDtd } from "../xml/safety";
import { attr, childElements, type ParseOptions, type XmlDocument } from "../xml/tree";

/**
 * The largest part read into a tree. The tree costs about 15 bytes of heap per character, so
 * this keeps one document under ~500 MB; worksheets are pruned to their string cells and may
 * be larger (see the xlsx filter).
 */
export const MAX_TREE_CHARS = 32_000_000;

const CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types";
const RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_DOCUMENT_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
const STRICT_OFFICE_DOCUMENT_REL = "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument";

export interface Relationship {
  id: string;
  type: string;
  /** The target part's name in the package (no leading slash); undefined for external targets. */
  part: string | undefined;
}

/** What a filter expects of the package it opens. */
export interface PackageKind {
  /** "Word document", for messages. */
  label: string;
  /** Content types of the main part this filter accepts. */
  mainContentTypes: readonly string[];
}

/**
 * An Office Open XML package opened safely: the zip checks (bombs, traversal, encryption), no
 * macros, no Strict OOXML, the expected main part, and strict XML with no DTD in every part it
 * reads. Parts the filter replaces are written back re-encoded as they were read; every other
 * entry keeps its raw bytes.
 */
export class OoxmlPackage {
  private readonly replaced = new Map<string, Uint8Array | Deflated>();
  private readonly encodings = new Map<string, TextEncoding>();
  private readonly contentTypes: ReadonlyMap<string, string>;
  private readonly defaults: ReadonlyMap<string, string>;
  readonly mainPart: string;

  private constructor(
    private readonly zip: ZipArchive,
    kind: PackageKind,
  ) {
    const ct = this.xml("[Content_Types].xml", "The file is not an Office Open XML package (no [Content_Types].xml).");
    const overrides = new Map<string, string>();
    const defaults = new Map<string, string>();
    for (const el of childElements(ct.root)) {
      if (el.uri !== CT_NS) continue;
      const type = attr(el, "ContentType") ?? "";
      if (el.local === "Override") overrides.set((attr(el, "PartName") ?? "").replace(/^\//, ""), type);
      if (el.local === "Default") defaults.set((attr(el, "Extension") ?? "").toLowerCase(), type);
    }
    this.contentTypes = overrides;
    this.defaults = defaults;

    for (const type of [...overrides.values(), ...defaults.values()]) {
      if (/macroEnabled|vbaProject|vbaData/i.test(type)) {
        throw new FormatError(
          "unsafe_file",
          `The document contains macros (${type}); macro-enabled files are not accepted.`,
        );
      }
    }
    for (const e of zip.entries) {
      if (/(^|\/)vbaProject\.bin$/i.test(e.name)) {
        throw new FormatError(
          "unsafe_file",
          "The document contains macros (vbaProject.bin); macro-enabled files are not accepted.",
        );
      }
    }

    const rels = this.relationships("");
    if (rels.some((r) => r.type === STRICT_OFFICE_DOCUMENT_REL)) {
      throw new FormatError(
        "invalid_file",
        "Strict Open XML documents are not supported; save the file in the standard (Transitional) format.",
      );
    }
    const main = rels.find((r) => r.type === OFFICE_DOCUMENT_REL)?.part;
    if (!main || !zip.has(main))
      throw new FormatError("invalid_file", `The file is not a ${kind.label}: it has no main document part.`);
    const type = this.contentType(main);
    if (!type || !kind.mainContentTypes.includes(type)) {
      throw new FormatError(
        "invalid_file",
        `The file is not a ${kind.label} (its main part is ${type ?? "of unknown type"}).`,
      );
    }
    this.mainPart = main;
  }

  static open(bytes: Uint8Array, kind: PackageKind): OoxmlPackage {
    const pkg = new OoxmlPackage(ZipArchive.open(bytes), kind);
    for (const name of pkg.markupParts()) pkg.refuseDtd(name);
    return pkg;
  }

  /**
   * `open`, with a turn of the event loop every few dozen parts while their prologs are checked:
   * a package of thousands of parts (a deck of many slides) must not stall the server.
   */
  static async openYielding(bytes: Uint8Array, kind: PackageKind): Promise<OoxmlPackage> {
    const pkg = new OoxmlPackage(ZipArchive.open(bytes), kind);
    let checked = 0;
    for (const name of pkg.markupParts()) {
      pkg.refuseDtd(name);
      if (++checked % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return pkg;
  }

  /** The parts a DTD is looked for in: one anywhere is refused, even in parts the filter would not otherwise read. */
  private markupParts(): string[] {
    return this.zip.entries.filter((e) => /\.(xml|rels|vml)$/i.test(e.name)).map((e) => e.name);
  }

  private refuseDtd(name: string): void {
    if (prologDeclaresDtd((visit) => this.zip.scan(name, visit))) throw dtdRefused(name);
  }

  has(part: string): boolean {
    return this.zip.has(part);
  }

  contentType(part: string): string | undefined {
    return this.contentTypes.get(part) ?? this.defaults.get(posix.extname(part).slice(1).toLowerCase());
  }

  /** A part's text, decoded by its BOM (UTF-8 or UTF-16), and remembered encoding for writing. */
  text(part: string): string {
    const { text, encoding } = decodeText(this.zip.read(part));
    this.encodings.set(part, encoding);
    return text;
  }

  /**
   * Whether a part can be read in windows as it inflates (textChunks): a deflated part larger
   * than `above` bytes, too small to exceed `maxChars` (the whole read checks that).
   */
  canReadInWindows(part: string, above: number, maxChars: number): boolean {
    const e = this.zip.entry(part);
    return e !== undefined && e.method === 8 && e.size > above && e.size <= maxChars;
  }

  /** The size a part's header declares it inflates to (the zip checks hold it to that), 0 for none. */
  declaredSize(part: string): number {
    return this.zip.entry(part)?.size ?? 0;
  }

  /**
   * A UTF-8 part's text in pieces as it inflates, its encoding remembered for writing as
   * `text` does. Yields nothing for a part that is not UTF-8 by its BOM (UTF-16), and throws
   * FormatError for bytes that are not UTF-8; the whole read gives the exact message.
   */
  async *textChunks(part: string, chunkBytes?: number): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    // The first bytes, until there are enough to tell the byte order mark.
    let head: Uint8Array | undefined = new Uint8Array(0);
    const start = (bytes: Uint8Array): Uint8Array | undefined => {
      if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return undefined;
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      this.encodings.set(part, { name: "utf-8", bom });
      return bom ? bytes.subarray(3) : bytes;
    };
    try {
      for await (const chunk of this.zip.chunks(part, chunkBytes)) {
        let bytes: Uint8Array | undefined = chunk;
        if (head) {
          head = Buffer.concat([head, chunk]);
          if (head.length < 3) continue;
          bytes = start(head);
          head = undefined;
          if (!bytes) return;
        }
        yield decoder.decode(bytes, { stream: true });
      }
      if (head) {
        const bytes = start(head);
        if (!bytes) return;
        yield decoder.decode(bytes, { stream: true });
      }
      yield decoder.decode();
    } catch (e) {
      if (e instanceof TypeError) throw new FormatError("invalid_encoding", `${part} is not valid UTF-8.`);
      throw e;
    }
  }

  /** A part parsed strictly. */
  xml(part: string, missing?: string, options: ParseOptions & { maxChars?: number } = {}): XmlDocument {
    return parseXml(this.checkedText(part, missing, options.maxChars), part, options);
  }

  /** A large part (a document body, a worksheet), parsed without stalling the event loop. */
  async largeXml(part: string, options: ParseOptions & { maxChars?: number } = {}): Promise<XmlDocument> {
    return parseXmlYielding(this.checkedText(part, undefined, options.maxChars), part, options);
  }

  /** A large part's text, for a caller that parses it itself. */
  largeText(part: string, maxChars: number): string {
    return this.checkedText(part, undefined, maxChars);
  }

  /**
   * Refuses a part whose header says it inflates past `maxChars` bytes, before a byte of it is
   * inflated: a part read whole is held as bytes and text at once, so a part found too large
   * only after reading it had already cost several times its size. Office writes UTF-8, one
   * byte per character or more, so this is the character limit counted in bytes.
   */
  refuseOversized(part: string, maxChars: number): void {
    const declared = this.declaredSize(part);
    if (declared > maxChars) {
      throw new FormatError(
        "unsafe_file",
        `${part} inflates to ${Math.round(declared / 1e6)} MB of XML; at most ${Math.round(maxChars / 1e6)} MB (${Math.round(maxChars / 1e6)} million characters) per part can be translated.`,
      );
    }
  }

  private checkedText(part: string, missing: string | undefined, maxChars = MAX_TREE_CHARS): string {
    if (!this.zip.has(part)) throw new FormatError("invalid_file", missing ?? `The package has no part "${part}".`);
    this.refuseOversized(part, maxChars);
    const text = this.text(part);
    if (text.length > maxChars) {
      throw new FormatError(
        "unsafe_file",
        `${part} holds ${Math.round(text.length / 1e6)} million characters of XML; at most ${Math.round(maxChars / 1e6)} million can be translated.`,
      );
    }
    return text;
  }

  /** The relationships of a part ("" for the package's own), with targets resolved to part names. */
  relationships(part: string): Relationship[] {
    const dir = posix.dirname(part);
    const relsPart = posix.join(dir === "." ? "" : dir, "_rels", `${posix.basename(part)}.rels`);
    if (!this.zip.has(relsPart)) return [];
    const doc = this.xml(relsPart);
    const out: Relationship[] = [];
    for (const el of childElements(doc.root, RELS_NS, "Relationship")) {
      const target = attr(el, "Target") ?? "";
      const external = attr(el, "TargetMode") === "External";
      out.push({
        id: attr(el, "Id") ?? "",
        type: attr(el, "Type") ?? "",
        part: external ? undefined : resolvePart(dir, target),
      });
    }
    return out;
  }

  /** Replaces a part's text; it is encoded as the part was read. */
  replace(part: string, text: string): void {
    this.replaced.set(part, encodeText(text, this.encodings.get(part) ?? { name: "utf-8", bom: false }));
  }

  /**
   * Replaces a part's text given in pieces. UTF-8 (Office's encoding) is written piece by piece
   * into one buffer, so a 50 MB document body is not first joined into a 50 MB string.
   */
  replacePieces(part: string, pieces: readonly string[]): void {
    const encoding = this.encodings.get(part) ?? { name: "utf-8", bom: false };
    if (encoding.name !== "utf-8") {
      this.replace(part, pieces.join(""));
      return;
    }
    const bom = encoding.bom ? 3 : 0;
    let size = bom;
    for (const p of pieces) size += Buffer.byteLength(p, "utf8");
    const out = Buffer.allocUnsafe(size);
    if (bom) out.set([0xef, 0xbb, 0xbf]);
    let at = bom;
    for (const p of pieces) at += out.write(p, at, "utf8");
    this.replaced.set(part, new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
  }

  /** The encoding a part was read in. */
  encodingOf(part: string): TextEncoding | undefined {
    return this.encodings.get(part);
  }

  /** Whether a part's new content can be deflated as it is written: a deflated UTF-8 entry. */
  canStream(part: string): boolean {
    return this.zip.entry(part)?.method === 8 && this.encodings.get(part)?.name === "utf-8";
  }

  /** Replaces a part with content already deflated (written as it was read; UTF-8 parts only). */
  replaceDeflated(part: string, content: Deflated): void {
    this.replaced.set(part, content);
  }

  /** The package bytes; the original file when nothing was replaced. */
  toBytes(original: Uint8Array): Uint8Array {
    return this.replaced.size === 0 ? original.slice() : this.zip.write(this.replaced);
  }
}

function resolvePart(dir: string, target: string): string | undefined {
  const decoded = safeDecode(target.split("#")[0] ?? "");
  const joined = decoded.startsWith("/") ? decoded.slice(1) : posix.join(dir === "." ? "" : dir, decoded);
  const normalized = posix.normalize(joined);
  return normalized.startsWith("..") || normalized.startsWith("/") ? undefined : normalized;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
