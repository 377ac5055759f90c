// Routes outside /v1, without authentication: liveness, readiness and the public keys of
// the session tokens the service signs.
import { openDatabase } from "@tolk/db";
import { issueSessionToken } from "@tolk/domain";
import { createLocalJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readEnv } from "@/env";
import { createAppContext, setAppContext } from "@/server/context";
import { lifecycle } from "@/server/lifecycle";

import { GET as jwks } from "../app/.well-known/jwks.json/route";
import { GET as healthz } from "../app/healthz/route";
import { GET as readyz } from "../app/readyz/route";
import { type Harness, startApp } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h.close());

describe("GET /healthz", () => {
  it("answers 200 without credentials", async () => {
    const res = healthz();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  it("answers 200 when the database, migrations, storage, Redis (when configured) and an engine are all fine", async () => {
    // The first probe of Apertium starts a pipeline; until it answers, readiness waits for it.
    await expect.poll(async () => (await readyz()).status, { timeout: 30_000 }).toBe(200);
    const res = await readyz();
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: "ready",
      database: "ok",
      database_kind: process.env.TOLK_TEST_DATABASE_URL ? "postgres" : "pglite",
      pending_migrations: 0,
      failed: [],
      checks: {
        lifecycle: { ok: true },
        database: { ok: true },
        migrations: { ok: true },
        storage: { ok: true, detail: "local" },
        engines: { ok: true, detail: "apertium" },
      },
    });
    expect(Object.keys(body.checks as object).includes("redis")).toBe(Boolean(process.env.TOLK_TEST_REDIS_URL));
    if (process.env.TOLK_TEST_REDIS_URL) expect(body.checks).toMatchObject({ redis: { ok: true } });
  });

  it("answers 503 naming the check once the instance is shutting down", async () => {
    lifecycle().shuttingDown = true;
    try {
      const res = await readyz();
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: "not_ready",
        failed: ["lifecycle"],
        checks: { lifecycle: { ok: false, detail: "shutting down" } },
      });
    } finally {
      lifecycle().shuttingDown = false;
    }
  });

  it("answers 503 when migrations are pending", async () => {
    const bare = await openDatabase({ memory: true }); // never migrated
    const unready = await createAppContext(readEnv({}), bare);
    setAppContext(unready);
    try {
      const res = await readyz();
      expect(res.status).toBe(503);
      const body = (await res.json()) as {
        status: string;
        database: string;
        pending_migrations: number;
        failed: string[];
      };
      expect(body).toMatchObject({ status: "not_ready", database: "ok" });
      expect(body.failed).toContain("migrations");
      expect(body.pending_migrations).toBeGreaterThan(0);
    } finally {
      setAppContext(h.app);
      await unready.close();
    }
  });
});

describe("GET /.well-known/jwks.json", () => {
  it("publishes public keys that verify the session tokens the service issues", async () => {
    const org = await h.org();
    const token = await issueSessionToken(h.app.domain, h.app.auth.config, { userId: org.ownerId, orgId: org.orgId });

    const res = await jwks(new Request("http://localhost/.well-known/jwks.json"));
    expect(res.status).toBe(200);
    const set = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(set.keys.length).toBeGreaterThan(0);
    for (const key of set.keys) {
      expect(key).toMatchObject({ use: "sig", kid: expect.any(String) as unknown, alg: expect.any(String) as unknown });
      // Never a private part.
      for (const secret of ["d", "p", "q", "dp", "dq", "qi", "k"]) expect(key).not.toHaveProperty(secret);
    }

    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(set), {
      issuer: h.app.auth.config.issuer,
      audience: h.app.auth.config.audience,
    });
    expect(protectedHeader.kid).toBe(set.keys[0]?.kid);
    expect(payload.sub).toBe(org.ownerId);
    expect(payload[h.app.auth.config.orgClaim]).toBe(org.orgId);
    expect(typeof payload.exp).toBe("number");
  });
});
