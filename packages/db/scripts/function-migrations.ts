import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Database functions are written in sql/functions/<name>.sql, one per file, as
 * `CREATE OR REPLACE FUNCTION <name>(…) … $$;` after a comment. Migrations are append-only, so
 * a changed file becomes a new migration carrying it (generate-function-migrations.ts); these
 * helpers tell which files differ from the definition the migrations leave in force.
 */

export const packageDir = join(import.meta.dirname, "..");
export const functionsDir = join(packageDir, "sql", "functions");
export const migrationsDir = join(packageDir, "drizzle");

const BREAKPOINT = "--> statement-breakpoint";
const DEFINITION = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/iu;

/** A statement without its leading comment lines, `CREATE FUNCTION` read as `CREATE OR REPLACE FUNCTION`. */
function definitionOf(statement: string): { name: string; text: string } | null {
  const lines = statement.split("\n");
  const first = lines.findIndex((line) => line.trim() !== "" && !line.trimStart().startsWith("--"));
  const text = first < 0 ? "" : lines.slice(first).join("\n").trim();
  const name = DEFINITION.exec(text)?.[1];
  if (!name) return null;
  return { name: name.toLowerCase(), text: text.replace(/^CREATE\s+FUNCTION/iu, "CREATE OR REPLACE FUNCTION") };
}

/** Each function file's name and definition (the file's text without its leading comment). */
export function functionFiles(): { name: string; file: string; source: string; text: string }[] {
  return readdirSync(functionsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => {
      const source = readFileSync(join(functionsDir, f), "utf8");
      const def = definitionOf(source);
      if (!def || `${def.name}.sql` !== f)
        throw new Error(`${f}: expected one CREATE OR REPLACE FUNCTION ${f.replace(/\.sql$/u, "")}(…)`);
      return { name: def.name, file: f, source: source.trimEnd() + "\n", text: def.text };
    });
}

/** The journal's migrations in the order they apply. */
export function migrationTags(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => e.tag);
}

/** Each function's definition as the migrations leave it: the last one that defines it wins. */
export function definitionsInForce(): Map<string, { text: string; migration: string }> {
  const inForce = new Map<string, { text: string; migration: string }>();
  for (const tag of migrationTags()) {
    const sql = readFileSync(join(migrationsDir, `${tag}.sql`), "utf8");
    for (const statement of sql.split(BREAKPOINT)) {
      const def = definitionOf(statement);
      if (def) inForce.set(def.name, { text: def.text, migration: tag });
    }
  }
  return inForce;
}

/** Function files whose definition is not the one in force (new or changed). */
export function changedFunctions() {
  const inForce = definitionsInForce();
  return functionFiles().filter((f) => inForce.get(f.name)?.text !== f.text);
}

/** The body of a migration that (re)defines these functions. */
export function migrationSql(files: { source: string }[]): string {
  return files.map((f) => f.source).join(`${BREAKPOINT}\n`);
}
