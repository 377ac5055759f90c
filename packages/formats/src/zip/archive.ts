import { crc32, createInflateRaw, deflateRawSync, inflateRawSync } from "node:zlib";

import { Inflate } from "fflate";

import { FormatError } from "../filter";
import { defaultZipLimits, type ZipLimits } from "./limits";

/**
 * A zip archive read from its central directory, so that merge can copy every entry it does not
 * change as the original raw bytes (local header, compressed data, data descriptor) in the
 * original order, and re-compress only the entries it replaces. fflate cannot hand back an
 * entry's raw compressed bytes, which this byte-preservation needs; inflating goes through
 * node:zlib with `maxOutputLength`, so no entry can inflate past its declared size.
 */
export interface ZipEntry {
  /** The entry name as stored (UTF-8 or CP437 decoded; Office writes ASCII names). */
  readonly name: string;
  /** 0 = stored, 8 = deflate. */
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly crc: number;
  /** Byte range of the central directory record. */
  readonly centralStart: number;
  readonly centralEnd: number;
  /** Byte range of the whole local record: header, data and data descriptor. */
  readonly localStart: number;
  readonly dataStart: number;
  readonly localEnd: number;
  readonly flags: number;
}

/** An entry's new content already deflated (raw deflate), with its CRC and inflated size. */
export interface Deflated {
  readonly data: Uint8Array;
  readonly crc: number;
  readonly size: number;
}

const SIG_LOCAL = 0x04034b50;
/** Chunk size for a stored entry read in steps. */
const STEP_OUT = 1 << 20;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_DESCRIPTOR = 0x08074b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;

export class ZipArchive {
  private readonly byName = new Map<string, ZipEntry>();
  private inflatedTotal = 0;
  private readonly inflated = new Set<string>();
  /**
   * The work done so far: bytes inflated (or taken stored) and entries opened for reading. Tests
   * assert a refusal's cost in these terms (a hostile header must stop the work early).
   */
  readonly work = { bytesInflated: 0, entriesRead: 0 };

  private constructor(
    readonly bytes: Uint8Array,
    readonly entries: readonly ZipEntry[],
    private readonly endRecord: Uint8Array,
    private readonly limits: ZipLimits,
  ) {
    for (const e of entries) this.byName.set(e.name, e);
  }

  /**
   * Reads the directory and checks every entry's header against the limits before anything is
   * inflated. Throws FormatError: "invalid_file" for what is not a zip, "unsafe_file" for a
   * bomb, a traversal name, encryption.
   */
  static open(bytes: Uint8Array, limits: ZipLimits = defaultZipLimits(bytes.length)): ZipArchive {
    if (bytes.length === 0) throw new FormatError("invalid_file", "The file is empty.");
    if (bytes.length >= 4 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
      throw new FormatError(
        "unsafe_file",
        "The file is an encrypted (password-protected) or legacy binary Office document; remove the password or save it as Open XML.",
      );
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length < 22 || view.getUint32(0, true) !== SIG_LOCAL) {
      throw new FormatError("invalid_file", "The file is not a zip package.");
    }
    const end = findEndRecord(view);
    const count = view.getUint16(end + 10, true);
    const cdSize = view.getUint32(end + 12, true);
    const cdOffset = view.getUint32(end + 16, true);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      throw new FormatError("invalid_file", "ZIP64 packages are not supported.");
    }
    if (cdOffset + cdSize > end) throw new FormatError("invalid_file", "The zip directory lies outside the file.");
    if (count > limits.maxEntries) {
      throw new FormatError(
        "unsafe_file",
        `The package has ${count} entries (at most ${limits.maxEntries} are allowed).`,
      );
    }

    const entries: ZipEntry[] = [];
    const names = new Set<string>();
    let total = 0;
    let at = cdOffset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || view.getUint32(at, true) !== SIG_CENTRAL) {
        throw new FormatError("invalid_file", "The zip directory is corrupt.");
      }
      const flags = view.getUint16(at + 8, true);
      const method = view.getUint16(at + 10, true);
      const crc = view.getUint32(at + 16, true);
      const compressedSize = view.getUint32(at + 20, true);
      const size = view.getUint32(at + 24, true);
      const nameLen = view.getUint16(at + 28, true);
      const extraLen = view.getUint16(at + 30, true);
      const commentLen = view.getUint16(at + 32, true);
      const localStart = view.getUint32(at + 42, true);
      const centralEnd = at + 46 + nameLen + extraLen + commentLen;
      if (centralEnd > end) throw new FormatError("invalid_file", "The zip directory is corrupt.");
      const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLen));

      checkName(name);
      if (names.has(name)) throw new FormatError("unsafe_file", `The package holds the entry "${name}" twice.`);
      names.add(name);
      if (flags & FLAG_ENCRYPTED) {
        throw new FormatError("unsafe_file", `The entry "${name}" is encrypted; remove the password and upload again.`);
      }
      if (method !== 0 && method !== 8) {
        throw new FormatError(
          "invalid_file",
          `The entry "${name}" uses an unsupported compression method (${method}).`,
        );
      }
      if (size === 0xffffffff || compressedSize === 0xffffffff || localStart === 0xffffffff) {
        throw new FormatError("invalid_file", "ZIP64 packages are not supported.");
      }
      if (size > limits.maxEntryBytes) {
        throw new FormatError(
          "unsafe_file",
          `The entry "${name}" would inflate to ${mb(size)} (at most ${mb(limits.maxEntryBytes)}).`,
        );
      }
      if (method === 0 && size !== compressedSize)
        throw new FormatError("invalid_file", `The entry "${name}" is corrupt.`);
      if (size > limits.ratioFloorBytes && size > limits.maxRatio * Math.max(compressedSize, 1)) {
        throw new FormatError(
          "unsafe_file",
          `The entry "${name}" is compressed ${Math.round(size / Math.max(compressedSize, 1))}:1, a zip bomb (at most ${limits.maxRatio}:1).`,
        );
      }
      total += size;
      if (total > limits.maxTotalBytes) {
        throw new FormatError(
          "unsafe_file",
          `The package would inflate to more than ${mb(limits.maxTotalBytes)}, a zip bomb.`,
        );
      }

      // The local record: its header repeats the name; data follows, then an optional descriptor.
      if (localStart + 30 > cdOffset || view.getUint32(localStart, true) !== SIG_LOCAL) {
        throw new FormatError("invalid_file", `The entry "${name}" is corrupt.`);
      }
      const localNameLen = view.getUint16(localStart + 26, true);
      const localExtraLen = view.getUint16(localStart + 28, true);
      const dataStart = localStart + 30 + localNameLen + localExtraLen;
      let localEnd = dataStart + compressedSize;
      if (localEnd > cdOffset) throw new FormatError("invalid_file", `The entry "${name}" is truncated.`);
      if (flags & FLAG_DESCRIPTOR) {
        const signed = localEnd + 4 <= cdOffset && view.getUint32(localEnd, true) === SIG_DESCRIPTOR;
        localEnd = Math.min(localEnd + (signed ? 16 : 12), cdOffset);
      }
      entries.push({
        name,
        method,
        compressedSize,
        size,
        crc,
        centralStart: at,
        centralEnd,
        localStart,
        dataStart,
        localEnd,
        flags,
      });
      at = centralEnd;
    }
    return new ZipArchive(bytes, entries, bytes.slice(end), limits);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  entry(name: string): ZipEntry | undefined {
    return this.byName.get(name);
  }

  /** An entry about to be inflated and its compressed bytes; counts its size toward the package cap. */
  private open(name: string): { e: ZipEntry; raw: Uint8Array } {
    const e = this.byName.get(name);
    if (!e) throw new FormatError("invalid_file", `The package has no part "${name}".`);
    this.work.entriesRead++;
    if (!this.inflated.has(name)) this.inflatedTotal += e.size;
    this.inflated.add(name);
    if (this.inflatedTotal > this.limits.maxTotalBytes) {
      throw new FormatError("unsafe_file", `The package inflates to more than ${mb(this.limits.maxTotalBytes)}.`);
    }
    return { e, raw: this.bytes.subarray(e.dataStart, e.dataStart + e.compressedSize) };
  }

  /**
   * The decompressed bytes of an entry. Inflating stops at the declared size (a lying header
   * is refused), and the running total of everything inflated stays under the package cap.
   */
  read(name: string): Uint8Array {
    const { e, raw } = this.open(name);
    let out: Uint8Array;
    if (e.method === 0) out = raw;
    else {
      try {
        out = inflateRawSync(raw, { maxOutputLength: Math.max(e.size, 1) });
      } catch (error) {
        if (error instanceof RangeError) throw inflatesPastDeclared(e);
        throw notDeflate(e);
      }
    }
    this.work.bytesInflated += out.length;
    if (out.length !== e.size || crc32(out) >>> 0 !== e.crc) throw corruptEntry(e);
    return out;
  }

  /**
   * An entry's decompressed bytes in chunks, for checks that need not hold a
   * large part whole (a 50 MB document body). The same guards as `read`: inflating stops past
   * the declared size, and size and CRC must match at the end. `visit` returns false to stop
   * early (a check that has its answer); the size and CRC are then left to whoever reads the
   * entry.
   */
  scan(name: string, visit: (chunk: Uint8Array) => boolean): void {
    const e = this.byName.get(name);
    if (!e) throw new FormatError("invalid_file", `The package has no part "${name}".`);
    const raw = this.bytes.subarray(e.dataStart, e.dataStart + e.compressedSize);
    this.work.entriesRead++;
    const counted = new InflatedBytes(e, this.work);
    let stopped = false;
    const take = (chunk: Uint8Array): void => {
      if (stopped) return;
      stopped = !visit(counted.take(chunk));
    };
    if (e.method === 0) take(raw);
    else {
      const inflate = new Inflate(take);
      try {
        // Small input steps bound each step's output: deflate expands at most ~1032:1, and fflate
        // hands over one buffer per step, grown by doubling, so a lying entry's allocation before
        // it is refused grows with the step (the zip tests' lying entry measures it).
        // The first steps are smaller still: a visitor that stops early (the prolog check, which
        // opens every part of a package of thousands) then inflates a few hundred bytes, not 16 KB.
        for (let at = 0, step = 1 << 8; at < raw.length && !stopped; at += step, step = Math.min(step * 2, 1 << 11)) {
          inflate.push(raw.subarray(at, at + step), at + step >= raw.length);
        }
      } catch (error) {
        if (error instanceof FormatError) throw error;
        throw notDeflate(e);
      }
    }
    if (!stopped) counted.finish();
  }

  /**
   * An entry's decompressed bytes as they inflate, so a large part is read in windows and never
   * held whole. Inflating runs on zlib's thread pool, beside the caller's reading of the previous
   * chunk (fflate, pure JavaScript, would take the server's own thread for every pass over a
   * large body, and the upload's pass is the first).
   * Counts toward the package cap as `read` does; the declared size is never passed (zlib holds at
   * most a chunk or two ahead), and size and CRC are checked when the last chunk is taken.
   * `chunkBytes` is the most inflated bytes per chunk.
   */
  async *chunks(name: string, chunkBytes = 1 << 16): AsyncGenerator<Uint8Array> {
    const { e, raw } = this.open(name);
    const counted = new InflatedBytes(e, this.work);
    if (e.method === 0) {
      for (let at = 0; at < raw.length; at += STEP_OUT) yield counted.take(raw.subarray(at, at + STEP_OUT));
    } else {
      const inflate = createInflateRaw({ chunkSize: Math.max(chunkBytes, 64) });
      inflate.end(raw);
      try {
        for await (const chunk of inflate) yield counted.take(chunk as Buffer);
      } catch (error) {
        if (error instanceof FormatError) throw error;
        throw notDeflate(e);
      } finally {
        inflate.destroy();
      }
    }
    counted.finish();
  }

  /**
   * The archive with some entries' contents replaced. Every other entry is copied raw (same
   * local header, compressed bytes and descriptor), in the original order; a replaced entry
   * keeps its name, position, method, timestamps and extra fields. Deterministic: no clock.
   */
  write(replacements: ReadonlyMap<string, Uint8Array | Deflated>): Uint8Array {
    for (const name of replacements.keys()) {
      if (!this.byName.has(name)) throw new Error(`zip write: no entry "${name}" to replace`);
    }
    const chunks: Uint8Array[] = [];
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const e of this.entries) {
      const content = replacements.get(e.name);
      const centralRecord = this.bytes.slice(e.centralStart, e.centralEnd);
      const cv = new DataView(centralRecord.buffer);
      if (content === undefined) {
        chunks.push(this.bytes.subarray(e.localStart, e.localEnd));
        cv.setUint32(42, offset, true);
        offset += e.localEnd - e.localStart;
      } else {
        if (!(content instanceof Uint8Array) && e.method !== 8)
          throw new Error(`zip write: "${e.name}" is stored, not deflated`);
        const data =
          content instanceof Uint8Array
            ? e.method === 8
              ? new Uint8Array(deflateRawSync(content, { level: 6 }))
              : content
            : content.data;
        const size = content instanceof Uint8Array ? content.length : content.size;
        const crc = content instanceof Uint8Array ? crc32(content) >>> 0 : content.crc;
        const header = this.bytes.slice(e.localStart, e.dataStart);
        const hv = new DataView(header.buffer);
        const flags = e.flags & ~FLAG_DESCRIPTOR;
        hv.setUint16(6, flags, true);
        hv.setUint32(14, crc, true);
        hv.setUint32(18, data.length, true);
        hv.setUint32(22, size, true);
        chunks.push(header, data);
        cv.setUint16(8, flags, true);
        cv.setUint32(16, crc, true);
        cv.setUint32(20, data.length, true);
        cv.setUint32(24, size, true);
        cv.setUint32(42, offset, true);
        offset += header.length + data.length;
      }
      central.push(centralRecord);
    }
    const cdOffset = offset;
    const cdSize = central.reduce((n, c) => n + c.length, 0);
    const end = this.endRecord.slice();
    const ev = new DataView(end.buffer);
    ev.setUint16(4, 0, true);
    ev.setUint16(6, 0, true);
    ev.setUint16(8, this.entries.length, true);
    ev.setUint16(10, this.entries.length, true);
    ev.setUint32(12, cdSize, true);
    ev.setUint32(16, cdOffset, true);
    return concat([...chunks, ...central, end]);
  }
}

const inflatesPastDeclared = (e: ZipEntry) =>
  new FormatError("unsafe_file", `The entry "${e.name}" inflates past the size its header declares.`);
const notDeflate = (e: ZipEntry) => new FormatError("invalid_file", `The entry "${e.name}" is not valid deflate data.`);
const corruptEntry = (e: ZipEntry) =>
  new FormatError("invalid_file", `The entry "${e.name}" is corrupt (size or checksum mismatch).`);

/**
 * An entry's bytes counted as they inflate, for the readers that take it in chunks: one past
 * the declared size is refused at once (a lying header cannot make it inflate on), and at the
 * end the size and CRC must match the header's.
 */
class InflatedBytes {
  private size = 0;
  private crc = 0;

  constructor(
    private readonly entry: ZipEntry,
    private readonly work: { bytesInflated: number },
  ) {}

  take(chunk: Uint8Array): Uint8Array {
    this.size += chunk.length;
    this.work.bytesInflated += chunk.length;
    if (this.size > this.entry.size) throw inflatesPastDeclared(this.entry);
    this.crc = crc32(chunk, this.crc);
    return chunk;
  }

  finish(): void {
    if (this.size !== this.entry.size || this.crc >>> 0 !== this.entry.crc) throw corruptEntry(this.entry);
  }
}

/** The end-of-central-directory record: the last 22 bytes, or earlier when a comment follows. */
function findEndRecord(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === SIG_END && at + 22 + view.getUint16(at + 20, true) === view.byteLength) return at;
  }
  throw new FormatError("invalid_file", "The file is not a zip package (no central directory).");
}

/** Entry names that could escape an extraction directory are refused outright. */
function checkName(name: string): void {
  const unsafe =
    name.length === 0 ||
    name.startsWith("/") ||
    name.startsWith("\\") ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes("\0") ||
    name.split(/[/\\]/).some((s) => s === "..");
  if (unsafe)
    throw new FormatError("unsafe_file", `The package holds an unsafe entry name "${name}" (path traversal).`);
}

// Bit 11 marks UTF-8; otherwise CP437, which agrees with UTF-8 on the ASCII names Office writes.
function decodeName(raw: Uint8Array): string {
  return new TextDecoder("utf-8").decode(raw);
}

function mb(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
