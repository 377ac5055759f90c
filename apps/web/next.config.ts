import type { NextConfig } from "next";

const config: NextConfig = {
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: [
    "@tolk/contract",
    "@tolk/db",
    "@tolk/domain",
    "@tolk/engines",
    "@tolk/formats",
    "@tolk/platform",
    "@tolk/trpc",
  ],
  // Native and WASM modules load from node_modules at run time instead of being bundled.
  // prom-client too: its registry must be one per process (@tolk/platform's prometheus.ts); the
  // OpenTelemetry SDK is loaded only when tracing is configured. An external package is resolved
  // from this app at run time, so the app lists the ones @tolk/platform uses among its own.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "postgres",
    "ioredis",
    "prom-client",
    "pino",
    "pino-pretty",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
    // The language-identification models: WebAssembly that finds its files beside its module.
    "fasttext.wasm.js",
    "cld3-asm",
  ],
  poweredByHeader: false,
  // The build checks the types unless the caller has just checked the same tree with tsc
  // (scripts/test.sh sets TOLK_TYPES_CHECKED after its typecheck step): checking twice costs a
  // CI run most of a minute and finds nothing more.
  typescript: { ignoreBuildErrors: process.env.TOLK_TYPES_CHECKED === "1" },
  // Turbopack keeps a cache of the build in .next for the next build, written at its end. A CI
  // run (.ci/run sets CI) or an image build (the Containerfile does) builds one tree once, so
  // the cache would be written for nothing.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
};

export default config;
