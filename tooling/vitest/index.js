// Shared vitest preset. Integration tests open real databases, so give them time to start
// (PGlite boots a WASM Postgres per test file) and keep files in separate forks.
import { defineConfig } from "vitest/config";

export const preset = defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default"],
  },
});
