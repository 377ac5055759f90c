import type { NextConfig } from "next";

const config: NextConfig = {
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: ["@tolk/contract", "@tolk/db", "@tolk/domain", "@tolk/engines", "@tolk/formats", "@tolk/trpc"],
  // Native and WASM modules load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "ioredis"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default config;
