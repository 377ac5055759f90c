import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { type ObjectStorage, ObjectNotFoundError, contentDisposition } from "@tolk/domain";

export interface S3StorageConfig {
  /** An S3-compatible endpoint (MinIO, Ceph, R2, a local test server); unset = AWS. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle?: boolean;
  /** Prefix of every key, so one bucket can hold several deployments. */
  prefix?: string;
}

/**
 * An S3-compatible bucket. Downloads redirect to a SigV4 pre-signed GET that lives only
 * minutes and is signed when the download is asked for: a URL signed from temporary (role)
 * credentials dies with their session, so a "24 h" S3 link could not be promised; Tolk's own
 * signed link carries the 24 hours and this short link carries the bytes.
 */
/** The object the readiness check writes, under the prefix: Tolk never reads it. */
export const S3_READINESS_KEY = ".tolk-readiness";
/** How long a successful write probe is trusted: a proxy polling every second costs one PUT per this. */
const CHECK_TRUST_MS = 10_000;

export class S3ObjectStorage implements ObjectStorage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private checkedAt = 0;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
      // Checksums only where S3 requires them: many S3-compatible servers do not know the
      // newer flexible-checksum headers and refuse the signature that covers them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  private key(key: string): string {
    return `${this.config.prefix ?? ""}${key}`;
  }

  /**
   * Writes a small object, the operation every document needs first and one that only the
   * bucket's object permissions Tolk already needs allow. Bucket-level requests (HeadBucket,
   * ListObjectsV2) are not used: they need s3:ListBucket, which a least-privilege key may
   * lack, and the SDK sends them to `/bucket/`, whose signature some S3-compatible servers
   * (s3rver) compute for `/bucket` and refuse.
   */
  async check(): Promise<void> {
    if (Date.now() - this.checkedAt < CHECK_TRUST_MS) return;
    await this.put(S3_READINESS_KEY, new TextEncoder().encode("ok\n"), "text/plain");
    this.checkedAt = Date.now();
  }

  async put(key: string, body: Uint8Array | readonly Uint8Array[], contentType: string): Promise<void> {
    // One signed body of known length: pieces are joined here.
    const bytes = body instanceof Uint8Array ? body : Buffer.concat(body);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Uint8Array> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
      if (!res.Body) throw new ObjectNotFoundError(key);
      return await res.Body.transformToByteArray();
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) {
        throw new ObjectNotFoundError(key);
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
  }

  directDownloadUrl(
    key: string,
    options: { filename: string; contentType: string; expiresInSeconds: number },
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: this.key(key),
      ResponseContentDisposition: contentDisposition(options.filename),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  close(): void {
    this.client.destroy();
  }
}
