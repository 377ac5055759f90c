import { z } from "zod";

/**
 * The variables that say which database a process opens, the address it is reached at and how
 * /v1 session tokens are checked. Both apps' env.ts spread this into their schema, so the server
 * and the CLI (its commands and `tolk worker`) reach the same database and sign the same way.
 */
export const serviceEnvSchema = {
  DATABASE_URL: z.string().url().optional(),
  TOLK_DATA_DIR: z.string().optional(),
  // The server's port; TOLK_PUBLIC_URL (the address links and tokens name) defaults to it.
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  TOLK_PUBLIC_URL: z.string().url().optional(),
  JWT_JWKS_URL: z.string().url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).default("tolk-api"),
  JWT_ORG_CLAIM: z.string().min(1).default("org_id"),
};

/** A parsed environment with TOLK_PUBLIC_URL resolved (default http://localhost:$PORT). */
export function withPublicUrl<T extends { PORT: number; TOLK_PUBLIC_URL?: string }>(
  env: T,
): Omit<T, "TOLK_PUBLIC_URL"> & { TOLK_PUBLIC_URL: string } {
  return { ...env, TOLK_PUBLIC_URL: env.TOLK_PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}
