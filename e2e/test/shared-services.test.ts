import { randomBytes } from "node:crypto";

import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tolk } from "../src/server";

// Two app instances on one PostgreSQL and one Redis: the production twins.
const pgUrl = process.env.TOLK_TEST_DATABASE_URL;
const redisUrl = process.env.TOLK_TEST_REDIS_URL;
const enabled = Boolean(pgUrl && redisUrl);

const dbName = `tolk_e2e_${randomBytes(5).toString("hex")}`;
let databaseUrl = "";
let servers: RunningServer[] = [];

beforeAll(async () => {
  if (!pgUrl || !redisUrl) return;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  servers = await Promise.all([startServer(env), startServer(env)]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (!pgUrl) return;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
});

const get = (server: RunningServer, key: string) =>
  fetch(`${server.url}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });

describe.skipIf(!enabled)("two instances sharing PostgreSQL and Redis", () => {
  it("admit no more than the plan's per-minute limit between them", async () => {
    const org = await tolk(["org", "create", "--name", "Limited", "--plan", "free"], { DATABASE_URL: databaseUrl });
    const key = String(org.api_key);
    const [a, b] = servers;
    if (!a || !b) throw new Error("servers not started");
    // Start at the beginning of a window so the whole burst falls into one.
    const first = await get(a, key);
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    let admitted = first.status === 200 ? 1 : 0;
    if (reset < 15) {
      await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
      admitted = 0;
    }
    const responses = await Promise.all(Array.from({ length: 90 }, (_, i) => get(i % 2 ? a : b, key)));
    admitted += responses.filter((r) => r.status === 200).length;
    const refused = responses.filter((r) => r.status === 429);
    // Limits fail closed: a request whose count Redis did not confirm in time (a busy machine)
    // is refused with 503, and its count may still have been taken in Redis.
    const unchecked = responses.filter((r) => r.status === 503);
    expect(responses.every((r) => [200, 429, 503].includes(r.status))).toBe(true);
    for (const r of unchecked) expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(admitted).toBeLessThanOrEqual(30); // free plan: 30 requests per minute in all
    expect(admitted + unchecked.length).toBeGreaterThanOrEqual(30);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("a key revoked through one instance fails on the very next request to either", async () => {
    const org = await tolk(["org", "create", "--name", "Revoke", "--plan", "professional"], {
      DATABASE_URL: databaseUrl,
    });
    const created = await tolk(["key", "create", "--org", String(org.org_id), "--name", "temp", "--scopes", "read"], {
      DATABASE_URL: databaseUrl,
    });
    const key = String(created.api_key);
    const [a, b] = servers;
    if (!a || !b) throw new Error("servers not started");
    expect((await get(a, key)).status).toBe(200);
    expect((await get(b, key)).status).toBe(200);
    await tolk(["key", "revoke", "--key", String(created.key_id)], { DATABASE_URL: databaseUrl });
    expect((await get(a, key)).status).toBe(401);
    expect((await get(b, key)).status).toBe(401);
  });
});
