import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { type Engine } from "@tolk/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkReadiness } from "@tolk/domain";
import { useTestDb } from "@tolk/domain/test-support";
import { LocalObjectStorage, RedisRateLimitStore } from "../src";

// What /readyz reports, one dependency at a time, against real ones: a database, a storage
// directory, a Redis address nothing listens on, engines that answer or not.
const t = useTestDb();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tolk-ready-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engine = (ok: boolean, name = "apertium"): Engine => ({
  name,
  pairs: () => [{ source: "en", target: "es" }],
  health: async () => (ok ? { ok: true } : { ok: false, detail: "pipeline missing" }),
  close: async () => {},
  translate: async () => [],
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

describe("checkReadiness", () => {
  it("is ready when every configured dependency answers, and names each check", async () => {
    const r = await checkReadiness({
      database: t.handle,
      storage: new LocalObjectStorage(join(dir, "docs")),
      engines: [engine(false, "llm"), engine(true)],
      redis: async () => null,
    });
    expect(r).toMatchObject({ ready: true, failed: [], pending_migrations: 0 });
    expect(r.checks).toEqual({
      lifecycle: { ok: true },
      database: { ok: true },
      migrations: { ok: true },
      storage: { ok: true, detail: "local" },
      engines: { ok: true, detail: "apertium" },
    });
  });

  it("fails on storage that cannot be written, an unreachable Redis, no healthy engine, or shutting down", async () => {
    const file = join(dir, "not-a-directory");
    writeFileSync(file, "x");
    const redis = new RedisRateLimitStore(`redis://127.0.0.1:${await closedPort()}`);
    try {
      const r = await checkReadiness({
        database: t.handle,
        storage: new LocalObjectStorage(join(file, "docs")),
        redis: () => redis.ping(),
        engines: [engine(false)],
        shuttingDown: true,
      });
      expect(r.ready).toBe(false);
      expect(r.failed.sort()).toEqual(["engines", "lifecycle", "redis", "storage"]);
      expect(r.checks.engines).toEqual({ ok: false, detail: "apertium: pipeline missing" });
      expect(r.checks.redis).toEqual({ ok: false, detail: "no answer to PING" });
      expect((await checkReadiness({ database: t.handle, engines: [] })).checks.engines).toEqual({
        ok: false,
        detail: "no engine configured",
      });
    } finally {
      await redis.close();
    }
  });

  it.skipIf(!process.env.TOLK_TEST_REDIS_URL)("reports a reachable Redis as ok", async () => {
    const redis = new RedisRateLimitStore(process.env.TOLK_TEST_REDIS_URL ?? "");
    try {
      expect((await checkReadiness({ database: t.handle, redis: () => redis.ping() })).checks.redis).toEqual({
        ok: true,
      });
    } finally {
      await redis.close();
    }
  });
});
