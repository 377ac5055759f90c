import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { migrationsDir } from "../scripts/function-migrations";
import { type DatabaseHandle, migrateDatabase, rowsOf } from "../src";
import { openTestDatabase } from "../src/testing";

const LIFECYCLE = "0020_api_key_lifecycle";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the committed migrations that stops just before the key-lifecycle migration. */
function migrationsBeforeLifecycle(): string {
  const dir = mkdtempSync(join(tmpdir(), "tolk-migrations-"));
  cpSync(migrationsDir, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const lifecycle = journal.entries.find((e) => e.tag === LIFECYCLE);
  if (!lifecycle) throw new Error(`${LIFECYCLE} is not in the journal`);
  journal.entries = journal.entries.filter((e) => e.idx < lifecycle.idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migrating a database whose organizations have keys with the same name", () => {
  let handle: DatabaseHandle & { url?: string };
  let before: string;
  const savedDir = process.env.TOLK_MIGRATIONS_DIR;

  beforeAll(async () => {
    before = migrationsBeforeLifecycle();
    process.env.TOLK_MIGRATIONS_DIR = before;
    try {
      handle = await openTestDatabase();
    } finally {
      if (savedDir === undefined) delete process.env.TOLK_MIGRATIONS_DIR;
      else process.env.TOLK_MIGRATIONS_DIR = savedDir;
    }
  });
  afterAll(async () => {
    await handle.close();
    rmSync(before, { recursive: true, force: true });
  });

  it("keeps the oldest name, numbers the others past any name already taken, and leaves revoked keys alone", async () => {
    const { db } = handle;
    await db.execute(sql`insert into organizations (id, name) values ('org_a', 'A'), ('org_b', 'B')`);
    const keys: [string, string, string, string | null][] = [
      // id, org, name, revoked_at
      ["key_1", "org_a", "CI", null],
      ["key_2", "org_a", "ci", null],
      ["key_3", "org_a", "CI (2)", null],
      ["key_4", "org_a", "CI", null],
      ["key_5", "org_a", "CI", "2026-01-01T00:00:00Z"],
      ["key_6", "org_b", "CI", null],
    ];
    for (const [i, [id, org, name, revokedAt]] of keys.entries()) {
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      await db.execute(
        sql`insert into api_keys (id, org_id, name, key_hash, hint, scopes, created_at, revoked_at)
            values (${id}, ${org}, ${name}, ${`hash-${id}`}, 'svc_…', '{read}', ${createdAt}, ${revokedAt})`,
      );
    }

    await migrateDatabase(handle, handle.url);

    const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from api_keys order by id`));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.name]))).toEqual({
      key_1: "CI",
      key_2: "ci (3)",
      key_3: "CI (2)",
      key_4: "CI (4)",
      key_5: "CI",
      key_6: "CI",
    });
    // From now on the database itself refuses a second live key of that name.
    await expect(
      db.execute(
        sql`insert into api_keys (id, org_id, name, key_hash, hint, scopes) values ('key_7', 'org_a', 'Ci', 'hash-key_7', 'svc_…', '{read}')`,
      ),
    ).rejects.toThrow();
  });
});
