/**
 * `pnpm db:generate` runs this after drizzle-kit: when a file of sql/functions differs from the
 * definition the migrations leave in force, it adds one custom migration (drizzle-kit generate
 * --custom, so the journal and snapshots stay drizzle-kit's own) that carries every changed file.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import { changedFunctions, migrationSql, migrationTags, migrationsDir, packageDir } from "./function-migrations";

const changed = changedFunctions();
if (changed.length === 0) {
  console.log("Database functions: the migrations are up to date with sql/functions.");
} else {
  const name = changed.length === 1 ? (changed[0]?.name ?? "") : "functions";
  execFileSync("pnpm", ["exec", "drizzle-kit", "generate", "--custom", `--name=${name}`], {
    cwd: packageDir,
    stdio: "inherit",
  });
  const tag = migrationTags().at(-1) ?? "";
  writeFileSync(join(migrationsDir, `${tag}.sql`), migrationSql(changed));
  console.log(`Database functions: ${changed.map((f) => f.name).join(", ")} → drizzle/${tag}.sql`);
}
