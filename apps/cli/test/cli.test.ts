import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { openDatabase, requestLog } from "@tolk/db";
import { openTestDatabase } from "@tolk/db/testing";
import { createDomainContext, debitCredits } from "@tolk/domain";

import { main } from "../src/main";

// Commands run in-process through main(), which opens and closes the database like the real
// CLI does: a scratch embedded database, or a fresh PostgreSQL one in the production-twin pass.
const dataDir = mkdtempSync(join(tmpdir(), "tolk-cli-"));
const saved = { ...process.env };
let postgresDb: Awaited<ReturnType<typeof openTestDatabase>> | null = null;

beforeAll(async () => {
  process.env.TOLK_DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  if (process.env.TOLK_TEST_DATABASE_URL) {
    postgresDb = await openTestDatabase();
    process.env.DATABASE_URL = postgresDb.url;
  }
});
afterAll(async () => {
  process.env = saved;
  await postgresDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs one command; returns its exit code and everything it printed on stdout. */
async function tolk(...args: string[]): Promise<{ code: number; stdout: string[]; json: Record<string, unknown> }> {
  const lines: string[] = [];
  const log = vi
    .spyOn(console, "log")
    .mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(" ")));
  const err = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const code = await main([...args, "--json"]);
    return {
      code,
      stdout: lines,
      json: lines.length === 1 ? (JSON.parse(lines[0] ?? "") as Record<string, unknown>) : {},
    };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

// Each command opens the database as the real CLI does; the first one creates the embedded
// database (PGlite's initdb takes seconds of CPU), so on a loaded CI machine these need more
// than the preset's 30 s.
describe("tolk --json", { timeout: 120_000 }, () => {
  it("seed creates the demo organization once, then reports it exists and prints no secret", async () => {
    const first = await tolk("seed");
    expect(first.code).toBe(0);
    expect(first.stdout).toHaveLength(1);
    expect(first.json).toMatchObject({
      created: true,
      admin_email: "admin@example.com",
      scopes: ["translate", "read", "write"],
    });
    expect(String(first.json.api_key)).toMatch(/^svc_[0-9A-Za-z]{36}$/);
    expect(String(first.json.admin_password).length).toBeGreaterThanOrEqual(16);
    const second = await tolk("seed");
    expect(second.json).toEqual({ created: false, admin_email: "admin@example.com" });
  });

  it("org create, key create, key revoke, credits top-up, user create, set-plan: one JSON object each", async () => {
    const org = await tolk("org", "create", "--name", "Acme", "--plan", "professional");
    expect(org.code).toBe(0);
    expect(Object.keys(org.json).sort()).toEqual(["api_key", "org_id", "scopes"]);
    expect(org.json.scopes).toEqual(["translate", "read", "write"]);
    const orgId = String(org.json.org_id);

    const key = await tolk("key", "create", "--org", orgId, "--name", "ci", "--scopes", "read,translate");
    expect(Object.keys(key.json).sort()).toEqual(["api_key", "expires_at", "key_id", "scopes"]);
    expect(key.json).toMatchObject({ scopes: ["translate", "read"], expires_at: null });
    const expiring = await tolk(
      "key",
      "create",
      "--org",
      orgId,
      "--name",
      "nightly",
      "--scopes",
      "read",
      "--expires",
      "2099-01-31T00:00:00Z",
    );
    expect(expiring.json.expires_at).toBe("2099-01-31T00:00:00.000Z");
    expect(
      (await tolk("key", "create", "--org", orgId, "--name", "late", "--scopes", "read", "--expires", "2001-01-01"))
        .code,
    ).toBe(1);
    expect((await tolk("key", "revoke", "--key", String(key.json.key_id))).json).toEqual({
      key_id: key.json.key_id,
      revoked: true,
    });
    expect((await tolk("key", "revoke", "--key", String(key.json.key_id))).code).toBe(1); // already revoked

    const topUp = await tolk("credits", "top-up", "--org", orgId, "--amount", "500");
    expect(topUp.json).toMatchObject({ org_id: orgId, amount: 500, remaining: 1_000_500 });
    expect(String(topUp.json.lot_id)).toMatch(/^lot_/);

    const user = await tolk(
      "user",
      "create",
      "--email",
      "Ann@Example.com",
      "--password",
      "longenough",
      "--org",
      orgId,
      "--role",
      "admin",
    );
    expect(user.json).toMatchObject({ email: "ann@example.com", org_id: orgId, role: "admin" });

    const reset = await tolk("user", "set-password", "--email", "ANN@example.com", "--password", "another-password");
    expect(reset.json).toEqual({ user_id: user.json.user_id, email: "ann@example.com", password_set: true });
    expect(
      (await tolk("user", "set-password", "--email", "nobody@example.com", "--password", "another-password")).code,
    ).toBe(1);

    const plan = await tolk(
      "org",
      "set-plan",
      "--org",
      orgId,
      "--plan",
      "enterprise",
      "--limits",
      '{"api_per_min":5000}',
    );
    expect(plan.json).toMatchObject({ plan: "enterprise", limits: { api_per_min: 5000, translate_per_min: 1000 } });
  });

  it("prints errors as one JSON object and exits 1; usage errors exit 2", async () => {
    const cases = [
      ["org", "create", "--name", "X", "--plan", "gold"],
      ["org", "set-plan", "--org", "org_missing", "--plan", "free"],
      ["key", "create", "--org", "org_missing", "--name", "k", "--scopes", "read"],
      ["key", "create", "--org", "org_missing", "--name", "k", "--scopes", "admin"],
      ["credits", "top-up", "--org", "org_missing", "--amount", "lots"],
      ["credits", "top-up", "--org", "org_missing", "--amount", "5"],
      [
        "user",
        "create",
        "--email",
        "nobody@example.com",
        "--password",
        "longenough",
        "--org",
        "org_missing",
        "--role",
        "member",
      ],
      ["org", "set-plan", "--org", "org_missing", "--plan", "free", "--limits", "{not json"],
    ];
    for (const args of cases) {
      const res = await tolk(...args);
      expect(res.code, args.join(" ")).toBe(1);
      expect(res.stdout, args.join(" ")).toHaveLength(1);
      expect(res.json.error, args.join(" ")).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // The failed user create left no user behind: the same e-mail works for a real org.
    const org = await tolk("org", "create", "--name", "Real");
    const ok = await tolk(
      "user",
      "create",
      "--email",
      "nobody@example.com",
      "--password",
      "longenough",
      "--org",
      String(org.json.org_id),
      "--role",
      "member",
    );
    expect(ok.code).toBe(0);

    for (const args of [["frobnicate"], ["org", "create", "--bogus", "x"], ["credits", "top-up", "--amount", "-5"]]) {
      const res = await tolk(...args);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.json.error, args.join(" ")).toMatchObject({ code: "usage" });
    }
  });

  it("credits refund gives back what a request was charged, in parts, never more", async () => {
    const org = await tolk("org", "create", "--name", "Refunded", "--plan", "free");
    const orgId = String(org.json.org_id);
    // A billed request, as the server bills one (the CLI has no command that charges).
    const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });
    try {
      await debitCredits(createDomainContext({ db: handle.db }), { orgId, amount: 300, operationKey: "req_billed" });
    } finally {
      await handle.close();
    }
    const part = await tolk("credits", "refund", "--org", orgId, "--request", "req_billed", "--amount", "100");
    expect(part.json).toEqual({ org_id: orgId, request_id: "req_billed", refunded: 100 });
    const rest = await tolk("credits", "refund", "--org", orgId, "--request", "req_billed");
    expect(rest.json).toEqual({ org_id: orgId, request_id: "req_billed", refunded: 200 });
    const more = await tolk("credits", "refund", "--org", orgId, "--request", "req_billed", "--amount", "1");
    expect(more.code).toBe(1);
    expect(more.json.error).toMatchObject({ code: "bad_request" });
    const unknown = await tolk("credits", "refund", "--org", orgId, "--request", "req_never");
    expect(unknown.code).toBe(1);
    expect(unknown.json.error).toMatchObject({ code: "not_found" });
  });
});

describe("tolk credits check", () => {
  it("holds for a request billed with its usage, and names a debit whose request was answered 503", async () => {
    const org = await tolk("org", "create", "--name", "Checked", "--plan", "free");
    const orgId = String(org.json.org_id);
    const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });
    const usage = {
      requestId: "req_ok",
      kind: "text" as const,
      sourceLang: "en",
      targetLang: "es",
      characters: 40,
      credits: 40,
    };
    try {
      await debitCredits(createDomainContext({ db: handle.db }), {
        orgId,
        amount: 40,
        operationKey: "req_ok",
        usage: [usage],
      });
    } finally {
      await handle.close();
    }
    expect((await tolk("credits", "check", "--org", orgId)).json).toEqual({ org_id: orgId, invariants_hold: true });

    // The request log says the billed request was answered 503: a client charged and told it failed.
    const again = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });
    try {
      await again.db
        .insert(requestLog)
        .values({ orgId, requestId: "req_ok", method: "POST", route: "/v1/translate", status: 503, durationMs: 5 });
    } finally {
      await again.close();
    }
    const broken = await tolk("credits", "check", "--org", orgId);
    expect(broken.code).toBe(1);
    expect(JSON.stringify(broken.json.error)).toMatch(/debit_answered/);
  });
});

describe("the tolk process", { timeout: 120_000 }, () => {
  it("prints exactly one JSON object on stdout through `pnpm tolk`", async () => {
    const root = resolve(import.meta.dirname, "..", "..", "..");
    const { stdout } = await promisify(execFile)("pnpm", ["tolk", "org", "create", "--name", "Piped", "--json"], {
      cwd: root,
      env: { ...process.env, TOLK_DATA_DIR: mkdtempSync(join(tmpdir(), "tolk-cli-proc-")), DATABASE_URL: "" },
    });
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({ org_id: expect.stringMatching(/^org_/) });
  });
});
