import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";

import { type DatabaseHandle, apiKeys, migrateDatabase, openDatabase, organizations } from "@tolk/db";
import { createDomainContext } from "@tolk/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminSocketPath, serveCliCommands } from "@tolk/platform";

// This process plays the server: it holds the embedded database and answers on the admin socket.
// The CLI runs as its own process, as `podman exec NAME tolk …` would beside the server.
const bin = resolve(import.meta.dirname, "..", "src", "bin.ts");
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "tolk-admin-"));
let database: DatabaseHandle;
let admin: Awaited<ReturnType<typeof serveCliCommands>>;

async function cli(args: string[], dir = dataDir): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", bin, ...args], {
      env: { ...process.env, TOLK_DATA_DIR: dir, DATABASE_URL: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  const saved = process.env.TOLK_DATA_DIR;
  process.env.TOLK_DATA_DIR = dataDir;
  database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  admin = await serveCliCommands({ database, domain: createDomainContext({ db: database.db }), dataDir });
  process.env.TOLK_DATA_DIR = saved;
});
afterAll(async () => {
  await admin?.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("tolk beside a server that holds the embedded database", { timeout: 120_000 }, () => {
  it("runs the command in the server and prints its answer and exit code as if it ran here", async () => {
    const created = await cli(["org", "create", "--name", "Beside", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const org = JSON.parse(created.stdout) as { org_id: string; api_key: string };
    expect(org.api_key).toMatch(/^svc_/);
    // Written to the server's database.
    const orgs = await database.db.select().from(organizations);
    expect(orgs.find((o) => o.id === org.org_id)?.name).toBe("Beside");
    expect((await database.db.select().from(apiKeys)).filter((k) => k.orgId === org.org_id)).toHaveLength(1);

    // A command's own error keeps its JSON shape and exit code 1; a usage error exits 2.
    const failed = await cli([
      "key",
      "create",
      "--org",
      "org_missing",
      "--name",
      "k",
      "--scopes",
      "translate",
      "--json",
    ]);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ error: { code: expect.any(String) as unknown } });
    expect((await cli(["org", "create", "--json"])).code).toBe(1);
    expect((await cli(["nonsense", "--json"])).code).toBe(2);
  });

  it("refuses `tolk worker` there: the server runs its document jobs itself", async () => {
    const worker = await cli(["worker", "--json"]);
    expect(worker.code).toBe(1);
    expect(JSON.parse(worker.stdout)).toEqual({
      error: { code: "error", message: expect.stringMatching(/TOLK_WORKER/) as unknown },
    });
  });

  it("only the server's user can reach the socket", () => {
    const path = adminSocketPath(dataDir);
    expect(admin?.path).toBe(path);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("a database held by a process that is not a server is still refused with the lock's message", async () => {
    const other = mkdtempSync(join(tmpdir(), "tolk-admin-"));
    const held = await openDatabase({ dataDir: other });
    try {
      const res = await cli(["org", "create", "--name", "X", "--json"], other);
      expect(res.code).toBe(1);
      expect(JSON.parse(res.stdout)).toMatchObject({
        error: { message: expect.stringMatching(/in use by another process/) as unknown },
      });
    } finally {
      await held.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
