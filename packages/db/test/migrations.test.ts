import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  changedFunctions,
  definitionsInForce,
  functionFiles,
  migrationsDir,
  packageDir,
} from "../scripts/function-migrations";
import { type DatabaseHandle, ID_PATTERN, newId, rowsOf } from "../src";
import { openTestDatabase } from "../src/testing";

const run = promisify(execFile);

describe("the committed migrations", () => {
  it("match the schema: drizzle-kit generate on a copy finds nothing to write", async () => {
    const out = mkdtempSync(join(tmpdir(), "tolk-drizzle-"));
    try {
      cpSync(migrationsDir, out, { recursive: true });
      const before = readdirSync(out, { recursive: true }).sort();
      const { stdout } = await run(
        "pnpm",
        [
          "exec",
          "drizzle-kit",
          "generate",
          "--dialect=postgresql",
          "--schema=./src/schema/index.ts", // drizzle-kit reads --out relative to the working directory.
          `--out=${relative(packageDir, out)}`,
        ],
        { cwd: packageDir },
      );
      expect(stdout).toContain("No schema changes");
      expect(readdirSync(out, { recursive: true }).sort()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it("leave every database function as written in sql/functions", () => {
    const inForce = definitionsInForce();
    const files = functionFiles();
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining(["tolk_debit", "tolk_debit_many", "tolk_live_lots", "tolk_lot_draw_order", "tolk_new_id"]),
    );
    // A function defined by a migration but without its file would have no current source.
    expect([...inForce.keys()].sort()).toEqual(files.map((f) => f.name).sort());
    expect(
      changedFunctions().map((f) => f.name),
      "run `pnpm db:generate` to add a migration",
    ).toEqual([]);
  });
});

describe("the database functions", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("make ids in the one format newId makes", async () => {
    const rows = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select tolk_new_id('lot') as id from generate_series(1, 200)`),
    );
    expect(rows).toHaveLength(200);
    for (const { id } of rows) expect(id).toMatch(ID_PATTERN);
    expect(new Set(rows.map((r) => r.id)).size).toBe(200);
    expect(newId("lot")).toMatch(ID_PATTERN);
    expect(rows.every((r) => r.id.startsWith("lot_"))).toBe(true);
  });
});
