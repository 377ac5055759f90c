import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { DatabaseLockedError, migrateDatabase, openDatabase, organizations, pendingMigrations } from "../src";

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "tolk-db-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the embedded database", () => {
  it("persists across opens under TOLK_DATA_DIR and migrates idempotently", async () => {
    const dir = scratch();
    const first = await openDatabase({ dataDir: dir });
    await migrateDatabase(first);
    await migrateDatabase(first);
    expect(await pendingMigrations(first)).toBe(0);
    await first.db.insert(organizations).values({ name: "Kept" });
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select({ name: organizations.name }).from(organizations);
    expect(rows).toEqual([{ name: "Kept" }]);
    await second.close();
  });

  it("refuses a second handle while the first is open, and frees the lock on close", async () => {
    const dir = scratch();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();
    expect(existsSync(join(dir, "pglite.lock"))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it("refuses another live process with a message that says what to do", async () => {
    const dir = scratch();
    // A live process that is not this one holds the lock.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(join(dir, "pglite.lock"), String(holder.pid));
      const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseLockedError);
      expect((err as Error).message).toMatch(new RegExp(`pid ${holder.pid}.*DATABASE_URL`, "s"));
      expect(readFileSync(join(dir, "pglite.lock"), "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = scratch();
    const dead = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((r) => dead.once("exit", r));
    writeFileSync(join(dir, "pglite.lock"), String(dead.pid));
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
  });

  it("notifies listeners before the notifying write returns", async () => {
    const handle = await openDatabase({ memory: true });
    await migrateDatabase(handle);
    let notified = 0;
    const unlisten = await handle.listen("tolk_auth_changed", () => (notified += 1));
    const [org] = await handle.db.insert(organizations).values({ name: "A" }).returning();
    expect(notified).toBe(0); // inserting an organization changes nobody's credentials
    await handle.db.update(organizations).set({ plan: "starter" });
    expect(notified).toBe(1);
    await unlisten();
    expect(org?.id).toMatch(/^org_[0-9A-Za-z]{22}$/);
    await handle.close();
  });
});
