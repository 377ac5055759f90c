import { DEFAULT_SESSION_MAX_AGE_SEC } from "@tolk/domain";
import { z } from "zod";

import { parseEnv, processEnvSchema } from "./env";

/**
 * Every environment variable the server (the web app) reads, validated once, here and nowhere
 * else: what every Tolk process reads (env.ts), and the server's own.
 */
export const serverEnvSchema = {
  ...processEnvSchema,
  REDIS_URL: z.string().url().optional(),
  JWT_CLOCK_TOLERANCE_SEC: z.coerce.number().int().min(0).max(300).default(30),
  JWT_MAX_AGE_S: z.coerce.number().int().min(60).max(2_592_000).default(DEFAULT_SESSION_MAX_AGE_SEC),
  TOLK_ANON_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  TOLK_SIGNED_LINK_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  TOLK_PROXY_HOPS: z.coerce.number().int().min(1).max(16).default(1),
  TOLK_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // How long a running Idempotency-Key claim holds without renewal (docs/api.md#idempotency).
  TOLK_IDEMPOTENCY_LEASE_S: z.coerce.number().int().min(1).max(600).default(30),
  // How long a running request keeps renewing that claim; after it a retry runs again under the
  // same operation (its debit replays), so no client meets 409 for longer than this.
  TOLK_REQUEST_DEADLINE_S: z.coerce.number().int().min(5).max(3600).default(300),
  TOLK_BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
  // Console sign-in. Without AUTH_SECRET the service makes one and keeps it in the database.
  AUTH_SECRET: z.string().min(32).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default("Single sign-on"),
  // OpenTelemetry traces go here (OTLP over HTTP) when set; the SDK reads the other OTEL_* itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("tolk"),
};

export type ServerEnv = ReturnType<typeof readServerEnv>;

export function readServerEnv(source: Record<string, string | undefined> = process.env) {
  return parseEnv(serverEnvSchema, source);
}

/** The OpenID Connect provider of the console, when all three OIDC_* variables are set. */
export function oidcConfig(
  env: ServerEnv,
): { issuer: string; clientId: string; clientSecret: string; name: string } | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    name: env.OIDC_NAME,
  };
}
