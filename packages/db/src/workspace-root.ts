import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The checkout's root (the folder with pnpm-workspace.yaml), found from the working directory.
 * The server runs from apps/web and the CLI from the root; both must agree on `.data/`.
 */
export function findWorkspaceRoot(from: string = process.cwd()): string {
  let dir = resolve(/*turbopackIgnore: true*/ from);
  for (;;) {
    if (existsSync(join(/*turbopackIgnore: true*/ dir, "pnpm-workspace.yaml"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(/*turbopackIgnore: true*/ from);
    dir = parent;
  }
}

export function defaultDataDir(): string {
  return join(/*turbopackIgnore: true*/ findWorkspaceRoot(), ".data");
}

export function migrationsDir(): string {
  return (
    process.env.TOLK_MIGRATIONS_DIR ?? join(/*turbopackIgnore: true*/ findWorkspaceRoot(), "packages", "db", "drizzle")
  );
}
