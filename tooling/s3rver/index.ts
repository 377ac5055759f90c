// An S3-compatible server for tests (s3rver checks SigV4 signatures), started in this process
// on a free loopback port: the domain's storage tests and the e2e cluster both use this one.
import { createRequire } from "node:module";

/** The part of @20minutes/s3rver (CommonJS, no bundled types) used here. */
interface S3rver {
  run(): Promise<{ address: string; port: number }>;
  close(callback?: () => void): void;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;

const require = createRequire(import.meta.url);

export interface RunningS3rver {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT (path-style). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

let queryEncodingFixed = false;

/**
 * s3rver computes SigV4's canonical query with encodeURIComponent, which leaves ' ( ) * ! as
 * they are where SigV4 (RFC 3986) escapes them, so it refuses correctly signed URLs whose query
 * holds them, e.g. the `filename*=UTF-8''…` of a Content-Disposition override. Its signature
 * check stays on; only that encoding is corrected, once per process.
 */
function fixS3rverQueryEncoding(): void {
  if (queryEncodingFixed) return;
  queryEncodingFixed = true;
  const v4 = require("@20minutes/s3rver/lib/signature/v4.js") as {
    getStringToSign: (request: { querystring: string }, ...rest: unknown[]) => string;
  };
  const original = v4.getStringToSign;
  v4.getStringToSign = (request, ...rest) =>
    original(
      {
        ...request,
        querystring: request.querystring.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
      },
      ...rest,
    );
}

/**
 * Starts s3rver storing under `directory` with `buckets` made by the server itself (s3rver
 * miscomputes the signature of bucket-level requests the SDK sends to `/bucket/`, CreateBucket
 * among them); every object request a test makes is signed and checked.
 */
export async function startS3rver(options: { directory: string; buckets: string[] }): Promise<RunningS3rver> {
  fixS3rverQueryEncoding();
  const S3rverServer = require("@20minutes/s3rver") as S3rverClass;
  const server = new S3rverServer({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: options.directory,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
