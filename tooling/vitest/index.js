// Shared vitest preset. Integration tests open real databases, so give them time to start
// (PGlite boots a WASM Postgres per test file) and run in forked processes.
import { defineConfig } from "vitest/config";

export const preset = defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A fork runs its files one after another in one module graph instead of importing the
    // packages afresh for every file: importing was half of a package's test CPU time. Every
    // file opens and closes its own databases, engines and servers, and restores what it
    // changes in the process (environment variables, the app context); a package whose files
    // cannot share a process sets `isolate: true` in its own config.
    isolate: false,
    reporters: ["default"],
  },
});
