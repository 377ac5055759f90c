// The part of @20minutes/s3rver (an S3-compatible test server, no bundled types) the tests use.
declare module "@20minutes/s3rver" {
  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs?: string[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(callback?: () => void): void;
  }
}
