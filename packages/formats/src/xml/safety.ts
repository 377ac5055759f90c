import { decodeText } from "../common/text-encoding";
import { FormatError } from "../filter";

/**
 * The one set of rules every XML reader of Tolk keeps (OOXML parts, XLIFF, TMX and TBX
 * imports): no DTD, so no entity can be declared (no entity expansion, no external entities or
 * fetches), only the five predefined entities and character references; and a bounded depth.
 */

/** Deepest element nesting accepted: Office nests a few dozen levels; deeper could overflow any recursive reader's stack. */
export const MAX_DEPTH = 256;

/** What every reader says about a DTD (`what` names the file or part). */
export const dtdRefused = (what: string): FormatError =>
  new FormatError(
    "unsafe_file",
    `${what} declares a DTD (<!DOCTYPE> or <!ENTITY>); DTDs and external entities are not allowed.`,
  );

export const tooDeep = (what: string): FormatError =>
  new FormatError("unsafe_file", `${what} nests elements more than ${MAX_DEPTH} levels deep.`);

/** Whether text (or UTF-8 bytes) holds the markup that starts a DTD or an entity declaration. */
export const marksDtd = (text: string | Buffer): boolean =>
  text.indexOf("<!DOCTYPE") >= 0 || text.indexOf("<!ENTITY") >= 0;

/** A whole text's check: throws `dtdRefused` when it holds a DTD anywhere. */
export function refuseDtd(text: string, what: string): void {
  if (marksDtd(text)) throw dtdRefused(what);
}

/**
 * Whether a document handed over in chunks (`scan` calls `visit` with each until it returns
 * false) declares a DTD. XML allows a document type declaration (and so entity declarations)
 * only in the prolog, before the root element's start tag, so only the prolog is read: a few
 * hundred bytes for what Office writes, instead of the whole part. The prolog is searched for
 * "<!DOCTYPE" and "<!ENTITY" as bytes; comments and processing instructions are skipped to
 * find the root, so markup hidden in a comment cannot end the search early. A prolog that runs
 * past PROLOG_LIMIT, and a UTF-16 document (rare, small), are searched whole. The parsers
 * refuse a DTD wherever it stands in a document they read (parse.ts).
 */
export function prologDeclaresDtd(scan: (visit: (chunk: Uint8Array) => boolean) => void): boolean {
  let found = false;
  let whole: Uint8Array[] | undefined;
  let prolog = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  scan((chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (whole) {
      whole.push(Buffer.from(bytes));
      return true;
    }
    if (prolog.length === 0 && isUtf16(bytes)) {
      whole = [Buffer.from(bytes)];
      return true;
    }
    if (prolog.length > PROLOG_LIMIT) {
      // A prolog this long is no Office part: every byte is searched, as chunks go by.
      if (marksDtd(bytes) || marksDtd(Buffer.concat([tail, bytes.subarray(0, 8)]))) found = true;
      tail = Buffer.from(bytes.subarray(-8));
      return !found;
    }
    prolog = Buffer.concat([prolog, bytes]);
    const root = rootStart(prolog);
    if (marksDtd(root < 0 ? prolog : prolog.subarray(0, root))) found = true;
    if (root < 0 && prolog.length > PROLOG_LIMIT) tail = Buffer.from(prolog.subarray(-8));
    return !found && root < 0;
  });
  return whole ? hasDtd(Buffer.concat(whole)) : found;
}

/** A prolog (declaration, comments, processing instructions, DOCTYPE) longer than this is searched chunk by chunk. */
const PROLOG_LIMIT = 1 << 20;

const isUtf16 = (bytes: Uint8Array): boolean =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/**
 * Where the root element's start tag begins in UTF-8 bytes (-1 while it has not been seen):
 * the first "<" that opens neither a processing instruction ("<?…?>"), a comment
 * ("<!--…-->") nor a declaration ("<!DOCTYPE", whose own brackets are passed over).
 */
function rootStart(bytes: Buffer): number {
  let at = 0;
  for (;;) {
    at = bytes.indexOf(0x3c /* < */, at);
    if (at < 0 || at + 1 >= bytes.length) return -1;
    const next = bytes[at + 1];
    if (next === 0x3f /* ? */) {
      const end = bytes.indexOf("?>", at + 2);
      if (end < 0) return -1;
      at = end + 2;
    } else if (next === 0x21 /* ! */) {
      if (bytes.length < at + 4) return -1;
      if (bytes.toString("latin1", at, at + 4) === "<!--") {
        const end = bytes.indexOf("-->", at + 4);
        if (end < 0) return -1;
        at = end + 3;
      } else at += 2;
    } else return at;
  }
}

function hasDtd(bytes: Uint8Array): boolean {
  return marksDtd(
    isUtf16(bytes) ? decodeText(bytes).text : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
}
