import type { NextConfig } from "next";

const config: NextConfig = {
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: ["@tolk/cli", "@tolk/contract", "@tolk/db", "@tolk/domain", "@tolk/engines", "@tolk/formats", "@tolk/trpc"],
  // Native and WASM modules load from node_modules at run time instead of being bundled.
  // prom-client too: its registry must be one per process (see @tolk/domain/prometheus); the
  // OpenTelemetry SDK is loaded only when tracing is configured.
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
  typescript: { ignoreBuildErrors: false },
};

export default config;
