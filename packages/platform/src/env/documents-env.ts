import { join } from "node:path";

import { DAY_MS } from "@tolk/contract";
import { defaultDataDir } from "@tolk/db";
import { z } from "zod";

import { type StorageConfig, createStorage } from "../storage/create-storage";
import { type DomainContext, type TranslationServices, type DocumentServices, createDownloadLinks } from "@tolk/domain";

/**
 * The environment variables of document storage, jobs and retention. Both apps' env.ts spread
 * this into their schema, so the server and `tolk worker` read the same names the same way.
 */
export const documentsEnvSchema = {
  TOLK_STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).optional(),
  S3_PREFIX: z.string().optional(),
  TOLK_DOWNLOAD_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TOLK_DOCUMENT_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(7),
  // The worker's retention sweep prunes the request log too (docs/console.md#request-log).
  TOLK_REQUEST_LOG_DAYS: z.coerce.number().positive().max(3650).default(30),
  TOLK_WORKER: z.enum(["inprocess", "off"]).default("inprocess"),
  TOLK_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  TOLK_JOB_LEASE_SEC: z.coerce.number().int().min(5).max(3600).default(60),
};

export type DocumentsEnv = z.infer<z.ZodObject<typeof documentsEnvSchema>> & { TOLK_DATA_DIR?: string };

/** S3 when S3_BUCKET is set, else a local directory (TOLK_STORAGE_DIR, default `<data dir>/documents`). */
export function storageConfig(env: DocumentsEnv): StorageConfig {
  if (env.S3_BUCKET) {
    return {
      kind: "s3",
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? undefined : env.S3_FORCE_PATH_STYLE === "1",
      prefix: env.S3_PREFIX,
    };
  }
  return { kind: "local", dir: env.TOLK_STORAGE_DIR ?? join(env.TOLK_DATA_DIR ?? defaultDataDir(), "documents") };
}

/**
 * The document services of a process (the server, `tolk worker`) from its environment: one
 * wiring for both, so they store, link and lease documents the same way.
 */
export function createDocumentServices(
  ctx: DomainContext,
  translation: TranslationServices,
  env: DocumentsEnv & { TOLK_PUBLIC_URL: string },
): DocumentServices {
  return {
    translation,
    storage: createStorage(storageConfig(env)),
    links: createDownloadLinks(ctx, { baseUrl: env.TOLK_PUBLIC_URL, secret: env.TOLK_DOWNLOAD_SECRET }),
    retentionMs: env.TOLK_DOCUMENT_RETENTION_DAYS * DAY_MS,
    requestLogRetentionMs: env.TOLK_REQUEST_LOG_DAYS * DAY_MS,
    leaseMs: env.TOLK_JOB_LEASE_SEC * 1000,
  };
}
