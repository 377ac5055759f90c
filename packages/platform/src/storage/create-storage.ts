import { LocalObjectStorage } from "./local-storage";
import { S3ObjectStorage, type S3StorageConfig } from "./s3-storage";
import { type ObjectStorage } from "@tolk/domain";

export type StorageConfig = { kind: "local"; dir: string } | ({ kind: "s3" } & S3StorageConfig);

export function createStorage(config: StorageConfig): ObjectStorage {
  return config.kind === "s3" ? new S3ObjectStorage(config) : new LocalObjectStorage(config.dir);
}
