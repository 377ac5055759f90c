import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { downloadSigningKeys } from "@tolk/db";
import { desc } from "drizzle-orm";

import { type DomainContext } from "../context";

/** How long a pre-signed download_url (and a job's result_url) stays valid. */
export const DOWNLOAD_LINK_TTL_MS = 24 * 3600_000;
// Links are refused when they claim to live longer than 24 h, beyond this clock skew.
const MAX_SKEW_MS = 5 * 60_000;

interface SigningKey {
  kid: string;
  secret: Buffer;
}

/**
 * Tolk's own pre-signed download links: `{base}/v1/documents/{job}/download?expires=…&signature=…`.
 * The signature is HMAC-SHA256 over `v1|GET|org|job|expires` with the newest key, written
 * `kid.mac`; every known key still verifies, so keys can rotate without breaking live links.
 */
export class DownloadLinks {
  private keys: readonly SigningKey[] | null;
  private loading: Promise<void> | null = null;

  /** `keys`, or a loader run once by `ready()` (the server builds this before migrations may have run). */
  constructor(
    private readonly baseUrl: string,
    keys: readonly SigningKey[] | (() => Promise<readonly SigningKey[]>),
  ) {
    this.keys = typeof keys === "function" ? null : keys;
    if (typeof keys === "function") this.loader = keys;
    if (this.keys?.length === 0) throw new Error("DownloadLinks needs at least one key");
  }

  private loader: (() => Promise<readonly SigningKey[]>) | null = null;

  /** Loads the keys on first use; use cases await it before signing or verifying. */
  async ready(): Promise<this> {
    const loader = this.loader;
    if (this.keys || !loader) return this;
    this.loading ??= loader().then(
      (keys) => {
        if (keys.length === 0) throw new Error("DownloadLinks needs at least one key");
        this.keys = keys;
      },
      (err: unknown) => {
        this.loading = null;
        throw err;
      },
    );
    await this.loading;
    return this;
  }

  private get loaded(): readonly SigningKey[] {
    if (!this.keys) throw new Error("DownloadLinks used before ready()");
    return this.keys;
  }

  url(job: { id: string; orgId: string }, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const key = this.loaded[0] as SigningKey;
    const signature = `${key.kid}.${mac(key.secret, job, expires)}`;
    return `${this.baseUrl.replace(/\/+$/, "")}/v1/documents/${encodeURIComponent(job.id)}/download?expires=${expires}&signature=${encodeURIComponent(signature)}`;
  }

  /** True when `signature` was made by one of our keys for this job and `expires` is still ahead (and within 24 h). */
  verify(job: { id: string; orgId: string }, expires: string, signature: string, now: Date): boolean {
    if (!/^\d{1,12}$/.test(expires)) return false;
    const exp = Number(expires);
    if (exp * 1000 <= now.getTime() || exp * 1000 > now.getTime() + DOWNLOAD_LINK_TTL_MS + MAX_SKEW_MS) return false;
    const dot = signature.indexOf(".");
    const key = this.loaded.find((k) => k.kid === signature.slice(0, dot));
    if (dot < 0 || !key) return false;
    const given = Buffer.from(signature.slice(dot + 1));
    const expected = Buffer.from(mac(key.secret, job, exp));
    // timingSafeEqual throws on unequal lengths; a wrong length is simply a wrong signature.
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The secret that goes with a job id where an API hands out both (the DeepL-compatible
   * `document_key`): `kid.mac` over `key|org|job`, so any known key verifies it and nothing is stored.
   */
  jobKey(job: { id: string; orgId: string }): string {
    const key = this.loaded[0] as SigningKey;
    return `${key.kid}.${jobMac(key.secret, job)}`;
  }

  verifyJobKey(job: { id: string; orgId: string }, given: string): boolean {
    const dot = given.indexOf(".");
    const key = this.loaded.find((k) => k.kid === given.slice(0, dot));
    if (dot < 0 || !key) return false;
    const a = Buffer.from(given.slice(dot + 1));
    const b = Buffer.from(jobMac(key.secret, job));
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

function jobMac(secret: Buffer, job: { id: string; orgId: string }): string {
  return createHmac("sha256", secret).update(`key|${job.orgId}|${job.id}`).digest("base64url");
}

function mac(secret: Buffer, job: { id: string; orgId: string }, expires: number): string {
  return createHmac("sha256", secret).update(`v1|GET|${job.orgId}|${job.id}|${expires}`).digest("base64url");
}

/**
 * The download links of a deployment, their keys loaded on first use: `secret` (TOLK_DOWNLOAD_SECRET) when the operator sets one, otherwise the
 * keys in the database, where the first instance to start creates one so every instance (and
 * `tolk worker`) signs and verifies alike.
 */
export function createDownloadLinks(ctx: DomainContext, options: { baseUrl: string; secret?: string }): DownloadLinks {
  if (options.secret) return new DownloadLinks(options.baseUrl, [{ kid: "env", secret: Buffer.from(options.secret) }]);
  return new DownloadLinks(options.baseUrl, async () => {
    const read = () => ctx.db.select().from(downloadSigningKeys).orderBy(desc(downloadSigningKeys.createdAt));
    let rows = await read();
    if (rows.length === 0) {
      await ctx.db
        .insert(downloadSigningKeys)
        .values({ kid: "k1", secret: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      rows = await read();
    }
    return rows.map((r) => ({ kid: r.kid, secret: Buffer.from(r.secret) }));
  });
}
