import { once } from "node:events";
import { crc32, createDeflateRaw } from "node:zlib";

import { type Deflated } from "./archive";

/**
 * An entry's new content compressed as it is produced, on zlib's thread pool, so a rewritten
 * 50 MB part is never held whole as text or bytes: only its compressed form accumulates.
 * Same settings as the archive's whole-entry deflate (raw deflate, level 6).
 */
export class DeflateStream {
  private readonly zlib = createDeflateRaw({ level: 6 });
  private readonly chunks: Buffer[] = [];
  private crc = 0;
  private size = 0;
  private readonly ended: Promise<void>;

  constructor() {
    this.zlib.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.zlib.on("end", resolve);
      this.zlib.on("error", reject);
    });
  }

  private pending: string[] = [];
  private pendingLength = 0;

  /** Appends text as UTF-8 (gathered into blocks of about 256 KB: one zlib job per block). */
  write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 1 << 18) this.writeBlock();
  }

  private writeBlock(): void {
    if (this.pendingLength === 0) return;
    const bytes = Buffer.from(this.pending.join(""), "utf8");
    this.pending = [];
    this.pendingLength = 0;
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    this.zlib.write(bytes);
  }

  /**
   * Resolves once zlib has caught up (less than 4 MB waiting). The producer is faster than
   * deflate; without waiting, the queued input would grow to the size of the part.
   */
  async caughtUp(): Promise<void> {
    while (this.zlib.writableLength > 1 << 22) await once(this.zlib, "drain");
  }

  async end(): Promise<Deflated> {
    this.writeBlock();
    this.zlib.end();
    await this.ended;
    return { data: Buffer.concat(this.chunks), crc: this.crc >>> 0, size: this.size };
  }

  /** Stops without a result (the part is read again, or not changed after all). */
  discard(): void {
    this.zlib.destroy();
  }
}
