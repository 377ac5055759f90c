import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { AuthenticationError, TolkClient } from "@tolk/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// The production build on the embedded defaults, as a new user runs it: seed with the CLI,
// start the server, call every account endpoint with the printed key.
const data = tempDataDir();
const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
let server: RunningServer;
let seeded: Record<string, unknown>;

beforeAll(async () => {
  seeded = await tolk(["seed"], env);
  server = await startServer(env);
});
afterAll(async () => {
  await server.stop();
  data.remove();
});

describe("embedded defaults, black-box", () => {
  it("seed prints an admin and a key with every scope, once", async () => {
    expect(seeded).toMatchObject({
      created: true,
      admin_email: "admin@example.com",
      scopes: ["translate", "read", "write"],
    });
    expect(String(seeded.api_key)).toMatch(/^svc_[0-9A-Za-z]{36}$/);
  });

  it("the seeded key calls every account endpoint", async () => {
    const client = new TolkClient({ baseUrl: server.url, token: String(seeded.api_key) });
    const me = await client.getMe();
    expect(me.data).toMatchObject({ org_id: seeded.org_id, source: "api_key", plan: "starter" });
    const quota = await client.getQuota();
    expect(quota.data.credits).toMatchObject({ allowance: 200_000, consumed: 0, remaining: 200_000 });
    expect(quota.data.rate_limits).toEqual({
      translate_per_min: 60,
      segment_per_min: 30,
      analyze_per_min: 30,
      api_per_min: 120,
    });
    expect((await client.getUsage()).data.total_characters).toBe(0);
    expect((await client.listLanguages()).data.total).toBe(149);
    expect((await client.listFormats()).data.total).toBe(16);
  });

  it("translates with the embedded Apertium engine and bills the output", async () => {
    const client = new TolkClient({ baseUrl: server.url, token: String(seeded.api_key) });
    const result = await client.translateText({
      text: "Good morning. The house is big.",
      source_lang: "en",
      target_lang: "es",
    });
    expect(result.data.translation).toBe("Buenos días. La casa es grande.");
    const batch = await client.translateBatch({
      strings: { a: "Good morning." },
      source_lang: "en",
      target_langs: ["ca", "pt"],
    });
    expect(batch.data.translations.ca?.a).toBe("Bon dia.");
    const quota = await client.getQuota();
    expect(quota.data.credits.consumed).toBe(result.data.credits_used + batch.data.total_credits_used);
  });

  it("sends a small reply uncompressed and gzips a large one, to a client that accepts gzip", async () => {
    // fetch asks for gzip, as curl --compressed and Python's requests do.
    const auth = { Authorization: `Bearer ${String(seeded.api_key)}` };
    const small = await fetch(`${server.url}/v1/me`, { headers: auth });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    const large = await fetch(`${server.url}/v1/languages`, { headers: auth });
    expect(large.status).toBe(200);
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect(((await large.json()) as { data: { total: number } }).data.total).toBe(149);
  });

  it("answers bad credentials with 401 in the error shape, with rate-limit headers", async () => {
    const res = await fetch(`${server.url}/v1/me`, { headers: { Authorization: "Bearer svc_notakey" } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe("unauthorized");
    expect(res.headers.get("x-request-id")).toBe(body.error.request_id);
    expect(Number(res.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
    const client = new TolkClient({ baseUrl: server.url, token: "svc_notakey" });
    await expect(client.getMe()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("serves health and readiness without auth", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as Record<string, unknown>;
    expect(ready).toMatchObject({ status: "ready", database: "ok", pending_migrations: 0 });
  });

  it("runs a CLI command beside the running server through the server itself (the embedded database has one owner)", async () => {
    const root = resolve(import.meta.dirname, "..", "..");
    const { stdout } = await promisify(execFile)(
      "node",
      [
        "--import",
        "tsx",
        join(root, "apps", "cli", "src", "bin.ts"),
        "key",
        "create",
        "--org",
        String(seeded.org_id),
        "--name",
        "x",
        "--scopes",
        "read",
        "--json",
      ],
      { cwd: root, env: { ...process.env, ...env } },
    );
    const created = JSON.parse(stdout) as { api_key: string; scopes: string[] };
    expect(created.scopes).toEqual(["read"]);
    // The key was written to the server's database: the server accepts it at once, and nothing
    // was corrupted for the keys it already had.
    for (const key of [created.api_key, String(seeded.api_key)]) {
      const res = await fetch(`${server.url}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    }
  });
});
