import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

import { type ObjectStorage, ObjectNotFoundError } from "@tolk/domain";

/**
 * Objects as files under one directory. Writes go to a temporary file renamed into place, so a
 * crash never leaves half a document under a real key. Downloads are served by Tolk itself
 * (behind its HMAC-signed links), so there is no direct URL.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = "local";
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!/^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(key) || key.split("/").includes("..")) {
      throw new Error(`Invalid storage key '${key}'.`);
    }
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key '${key}'.`);
    return path;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async put(key: string, body: Uint8Array | readonly Uint8Array[], _contentType?: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(dirname(path), `.tmp-${randomBytes(8).toString("hex")}`);
    await writeFile(tmp, body, { mode: 0o600 });
    await rename(tmp, path);
  }

  async get(key: string): Promise<Uint8Array> {
    try {
      // A plain Uint8Array over the Buffer readFile made (its own memory): copying it held a 5 MB
      // input twice. Not the Buffer itself: Buffer#slice is a view, and the zip writer edits the
      // records it slices out of a file.
      const bytes = await readFile(this.path(key));
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  directDownloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
