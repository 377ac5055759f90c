import { type DocumentJob } from "@tolk/db";

import { type ObjectStorage, ObjectNotFoundError } from "../ports/object-storage";
import { PIECE_SEGMENTS, translationsPieceKey } from "./document-objects";

/** Translations encoded per step: each string stays out of V8's large-object space and dies young. */
const ENCODE_STEP = 128;

type JobRef = Pick<DocumentJob, "orgId" | "id">;

/**
 * The translations of a document job as they arrive, in extract order, stored in pieces aligned
 * with the stored segments (PIECE_SEGMENTS each, `translations.<n>.jsonl`), so the job holds one
 * piece being filled, never the whole document's. A merge reads them back through `reader()`:
 * `ready(n)` resolves once the first n segments are in, and a merge that runs beside the
 * translation (`FormatFilter.mergesInOrder`) awaits it before it reads.
 */
export class TranslatedSoFar {
  /** Pieces written to storage so far. */
  private sealed = 0;
  /** The index of the piece being filled. */
  private next = 0;
  /** The piece being filled; replaced, not cleared, when it goes to storage. */
  private filling = new Map<string, string>();
  private added = 0;
  private count = 0;
  private complete = false;
  private writing: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private waiters: { segments: number; resolve: () => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly storage: ObjectStorage,
    private readonly job: JobRef,
    readonly total: number,
  ) {}

  /** The translation of the next segment in extract order; a full piece goes to storage. */
  add(id: string, text: string): void {
    this.filling.set(id, text);
    this.added++;
    if (this.added % PIECE_SEGMENTS === 0 || this.added === this.total) this.seal();
  }

  /** Resolves once every full piece added so far is stored. */
  flush(): Promise<void> {
    return this.writing;
  }

  /** The first `count` segments (in extract order) are in and their full pieces stored. */
  advance(count: number): void {
    this.count = Math.max(this.count, count);
    this.settle();
  }

  /** Every segment is in and stored. */
  async finish(): Promise<void> {
    await this.writing;
    this.complete = true;
    this.settle();
  }

  /** The translation failed: a waiting merge stops with the same error. */
  abort(error: unknown): void {
    this.failure = { error };
    this.settle();
  }

  readonly ready = (segments: number): Promise<void> =>
    new Promise((resolve, reject) => {
      this.waiters.push({ segments, resolve, reject });
      this.settle();
    });

  /** A fresh view for one merge. */
  reader(): TranslationReader {
    return new TranslationReader(this);
  }

  /** Every translation at once, for a filter that merges out of extract order. */
  async readAll(): Promise<Map<string, string>> {
    const all = new Map<string, string>();
    for (let n = 0; n * PIECE_SEGMENTS < this.total; n++)
      for (const [id, text] of await this.piece(n)) all.set(id, text);
    return all;
  }

  /**
   * Piece n, which the caller knows is (being) added: the piece being filled by reference (it
   * keeps growing until written, then is left as it is), else read back from storage.
   */
  async piece(n: number): Promise<ReadonlyMap<string, string>> {
    if (n === this.next) return this.filling;
    if (n >= this.sealed) await this.writing;
    return readTranslationsPiece(this.storage, this.job, n);
  }

  private seal(): void {
    const piece = this.filling;
    const n = this.next++;
    this.filling = new Map();
    this.writing = this.writing.then(async () => {
      await this.storage.put(translationsPieceKey(this.job, n), encodePiece(piece), "application/x-ndjson");
      this.sealed = n + 1;
    });
    this.writing.catch(() => undefined); // awaited by flush(); a failure surfaces there
  }

  private settle(): void {
    this.waiters = this.waiters.filter((w) => {
      if (this.failure) w.reject(this.failure.error);
      else if (this.complete || this.count >= w.segments) w.resolve();
      else return true;
      return false;
    });
  }
}

/**
 * The translations as one merge reads them: `ready(n)` loads the pieces up to segment n (from
 * storage, or the writer's piece being filled), and a read in piece k drops the pieces before
 * k - 1 (a merge writes nested paragraphs innermost first, so it may step back a little). What
 * it holds is the merge's look-ahead and two pieces, whatever the document's length. A read
 * that finds nothing sets `missed`: the caller merges again (see runDocumentJob).
 */
export class TranslationReader implements ReadonlyMap<string, string> {
  missed = false;
  /** Pieces loaded at once at most (what a test checks). */
  mostHeld = 0;
  private readonly loaded = new Map<number, ReadonlyMap<string, string>>();
  private droppedBelow = 0;

  constructor(private readonly source: TranslatedSoFar) {}

  readonly ready = async (segments: number): Promise<void> => {
    await this.source.ready(segments);
    const pieces = Math.ceil(this.source.total / PIECE_SEGMENTS);
    const last = Math.min(pieces - 1, Math.floor((Math.min(segments, this.source.total) - 1) / PIECE_SEGMENTS));
    for (let n = this.droppedBelow; n <= last; n++) {
      if (this.loaded.has(n)) continue;
      this.loaded.set(n, await this.source.piece(n));
      this.mostHeld = Math.max(this.mostHeld, this.loaded.size);
    }
  };

  get(id: string): string | undefined {
    for (const [n, piece] of this.loaded) {
      const text = piece.get(id);
      if (text === undefined) continue;
      for (const k of this.loaded.keys()) if (k < n - 1) this.loaded.delete(k);
      this.droppedBelow = Math.max(this.droppedBelow, n - 1);
      return text;
    }
    this.missed = true;
    return undefined;
  }

  has(id: string): boolean {
    return [...this.loaded.values()].some((piece) => piece.has(id));
  }

  get size(): number {
    return [...this.loaded.values()].reduce((sum, piece) => sum + piece.size, 0);
  }

  *entries(): MapIterator<[string, string]> {
    for (const piece of this.loaded.values()) yield* piece.entries();
  }

  *keys(): MapIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): MapIterator<string> {
    for (const [, text] of this.entries()) yield text;
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [id, text] of this.entries()) callback(text, id, this);
  }
}

function encodePiece(piece: ReadonlyMap<string, string>): Buffer {
  const entries = [...piece];
  const encoded: Buffer[] = [];
  for (let at = 0; at < entries.length; at += ENCODE_STEP) {
    let lines = "";
    for (const entry of entries.slice(at, at + ENCODE_STEP)) lines += `${JSON.stringify(entry)}\n`;
    encoded.push(Buffer.from(lines));
  }
  return Buffer.concat(encoded);
}

/** A piece this job wrote; a missing or damaged one is an internal error (the attempt fails and is retried). */
async function readTranslationsPiece(storage: ObjectStorage, job: JobRef, n: number): Promise<Map<string, string>> {
  const key = translationsPieceKey(job, n);
  let bytes: Uint8Array;
  try {
    bytes = await storage.get(key);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw new Error(`The stored translations '${key}' are missing.`);
    throw err;
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const piece = new Map<string, string>();
  for (let at = 0; at < text.length;) {
    let end = text.indexOf(10, at);
    if (end < 0) end = text.length;
    const [id, translation] = JSON.parse(text.toString("utf8", at, end)) as [string, string];
    piece.set(id, translation);
    at = end + 1;
  }
  return piece;
}
