import { apiKeys } from "@tolk/db";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  type AuditActor,
  type DomainContext,
  PrincipalCache,
  authenticate,
  createApiKey,
  listApiKeys,
  listAuditLog,
  recordApiKeyUse,
  renameApiKey,
  revokeApiKey,
  rotateApiKey,
} from "../src";
import { createTestOrg } from "../src/testing";
import { rejection } from "./helpers";
import { apiKeyAuthenticator, useTestDb } from "./support";

const onPostgres = Boolean(process.env.TOLK_TEST_DATABASE_URL);
const HOUR = 3600;
const admin: AuditActor = { type: "user", id: "usr_admin", label: "admin@example.com", ip: "203.0.113.7" };

const t = useTestDb();
const { ctx } = t;
let asAdmin: DomainContext;
const auth = apiKeyAuthenticator;
beforeAll(async () => {
  asAdmin = { ...ctx, actor: admin };
});

const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR * 1000);
const authenticateKey = (key: string, principals: PrincipalCache | null = null) =>
  authenticate(ctx, { ...auth, principals }, `Bearer ${key}`);

async function lastUsedAt(keyId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row?.lastUsedAt?.toISOString() ?? null;
}

describe("an API key with an expiry", () => {
  it("works until its expiry, then is refused with 401 saying it expired, and is listed as expired", async () => {
    const org = await createTestOrg(ctx);
    const expiresAt = inHours(1);
    const { key, plaintext } = await createApiKey(ctx, {
      orgId: org.orgId,
      name: "one hour",
      scopes: ["read"],
      expiresAt,
    });
    expect(key.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect((await authenticateKey(plaintext)).keyId).toBe(key.id);

    t.clock.advance(HOUR * 1000 - 1);
    expect((await authenticateKey(plaintext)).keyId).toBe(key.id);
    t.clock.advance(1);
    const err = await rejection(authenticateKey(plaintext));
    expect(err).toMatchObject({ status: 401, code: "unauthorized", type: "authentication_error" });
    expect(err.message).toContain(`expired on ${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`);

    const listed = await listApiKeys(ctx, { orgId: org.orgId });
    expect(listed.find((k) => k.id === key.id)).toMatchObject({ expired: true });
    expect(listed.find((k) => k.name === "all")).toMatchObject({ expired: false, expiresAt: null });
  });

  it.skipIf(onPostgres)(
    "is refused after its expiry by an instance that cached it (the embedded database's principal cache)",
    async () => {
      const org = await createTestOrg(ctx);
      const principals = new PrincipalCache();
      const unlisten = await t.handle.listen("tolk_auth_changed", () => principals.clear());
      try {
        const { plaintext } = await createApiKey(ctx, {
          orgId: org.orgId,
          name: "cached",
          scopes: ["read"],
          expiresAt: inHours(2),
        });
        await authenticateKey(plaintext, principals);
        t.clock.advance(2 * HOUR * 1000);
        expect((await rejection(authenticateKey(plaintext, principals))).message).toMatch(/expired/);
      } finally {
        await unlisten();
      }
    },
  );

  it("must lie in the future", async () => {
    const org = await createTestOrg(ctx);
    for (const expiresAt of [t.clock.now(), inHours(-1), new Date("not a date")]) {
      const err = await rejection(createApiKey(ctx, { orgId: org.orgId, name: "past", scopes: ["read"], expiresAt }));
      expect(err).toMatchObject({ status: 400, extra: { param: "expires_at" } });
    }
  });
});

describe("key names", () => {
  it("are unique per organization among live keys, whatever the case: a second one is a 409 naming the first", async () => {
    const org = await createTestOrg(ctx);
    const other = await createTestOrg(ctx);
    const { key: deploy } = await createApiKey(ctx, { orgId: org.orgId, name: "Deploy", scopes: ["read"] });
    const err = await rejection(createApiKey(ctx, { orgId: org.orgId, name: " deploy ", scopes: ["translate"] }));
    expect(err).toMatchObject({ status: 409, code: "already_exists", extra: { param: "name" } });
    expect(err.message).toContain(`“Deploy” (${deploy.hint})`);
    // Another organization may use the name, and a revoked key frees it.
    await createApiKey(ctx, { orgId: other.orgId, name: "Deploy", scopes: ["read"] });
    await revokeApiKey(ctx, { keyId: deploy.id, orgId: org.orgId });
    await createApiKey(ctx, { orgId: org.orgId, name: "DEPLOY", scopes: ["read"] });
  });

  it("are decided by the database when two requests race for one name", async () => {
    const org = await createTestOrg(ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => createApiKey(ctx, { orgId: org.orgId, name: "race", scopes: ["read"] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, code: "already_exists" });
  });

  it("say how to free a name an expired key still holds", async () => {
    const org = await createTestOrg(ctx);
    const { key } = await createApiKey(ctx, {
      orgId: org.orgId,
      name: "nightly",
      scopes: ["read"],
      expiresAt: inHours(1),
    });
    t.clock.advance(HOUR * 1000);
    const err = await rejection(createApiKey(ctx, { orgId: org.orgId, name: "Nightly", scopes: ["read"] }));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/expired on .* Revoke it to reuse the name/);
    await revokeApiKey(ctx, { keyId: key.id, orgId: org.orgId });
    await createApiKey(ctx, { orgId: org.orgId, name: "Nightly", scopes: ["read"] });
  });

  it("can be changed: a rename to a free name is audited, to a taken one is a 409, of another organization's key a 404", async () => {
    const org = await createTestOrg(ctx, { keyScopes: { ci: ["translate"] } });
    const other = await createTestOrg(ctx);
    const ci = org.keys.ci?.id ?? "";
    expect(await renameApiKey(asAdmin, { keyId: ci, orgId: org.orgId, name: "  CI (GitHub)  " })).toEqual({
      id: ci,
      name: "CI (GitHub)",
    });
    t.clock.advance(1000);
    // Changing only the case is a rename of the key to itself, not a clash.
    await renameApiKey(asAdmin, { keyId: ci, orgId: org.orgId, name: "ci (github)" });
    const taken = await rejection(renameApiKey(asAdmin, { keyId: ci, orgId: org.orgId, name: "ALL" }));
    expect(taken).toMatchObject({ status: 409, code: "already_exists" });
    expect((await rejection(renameApiKey(asAdmin, { keyId: ci, orgId: other.orgId, name: "mine" }))).status).toBe(404);
    expect((await rejection(renameApiKey(asAdmin, { keyId: ci, orgId: org.orgId, name: " " }))).status).toBe(400);

    expect((await listApiKeys(ctx, { orgId: org.orgId })).map((k) => k.name).sort()).toEqual(["all", "ci (github)"]);
    const log = await listAuditLog(ctx, { orgId: org.orgId });
    expect(log.items.map((r) => [r.action, r.targetId, r.targetLabel])).toEqual([
      ["api_key.renamed", ci, expect.stringMatching(/^CI \(GitHub\) → ci \(github\) \(svc_/)],
      ["api_key.renamed", ci, expect.stringMatching(/^ci → CI \(GitHub\) \(svc_/)],
    ]);
    // The key still authenticates: a name is for people.
    expect((await authenticateKey(org.keys.ci?.key ?? "")).keyId).toBe(ci);
  });
});

describe("rotating a key", () => {
  it("makes a new key with the same name and scopes; the old one works for the chosen overlap, then expires", async () => {
    const org = await createTestOrg(ctx, { keyScopes: { deploy: ["translate", "read"] } });
    const old = org.keys.deploy;
    if (!old) throw new Error("key missing");
    const rotated = await rotateApiKey(asAdmin, {
      keyId: old.id,
      orgId: org.orgId,
      overlapSeconds: 24 * HOUR,
      createdBy: org.ownerId,
    });
    expect(rotated.key).toMatchObject({
      name: "deploy",
      scopes: ["translate", "read"],
      expiresAt: null,
      replacedBy: null,
    });
    expect(rotated.replaced).toMatchObject({ id: old.id, expiresAt: inHours(24) });

    const listed = await listApiKeys(ctx, { orgId: org.orgId });
    expect(listed.find((k) => k.id === old.id)).toMatchObject({
      name: "deploy",
      replacedBy: rotated.key.id,
      replacedByHint: rotated.key.hint,
      expired: false,
    });

    t.clock.advance(24 * HOUR * 1000 - 1000);
    expect((await authenticateKey(old.key)).keyId).toBe(old.id);
    expect((await authenticateKey(rotated.plaintext)).scopes).toEqual(["translate", "read"]);
    t.clock.advance(1000);
    expect((await rejection(authenticateKey(old.key))).message).toMatch(/expired/);
    expect((await authenticateKey(rotated.plaintext)).keyId).toBe(rotated.key.id);

    // One change, two records at the same instant: the new key's creation and the old key's fate.
    const log = await listAuditLog(ctx, { orgId: org.orgId });
    expect(log.items.map((r) => [r.action, r.targetId]).sort()).toEqual([
      ["api_key.created", rotated.key.id],
      ["api_key.rotated", old.id],
    ]);
    expect(log.items.find((r) => r.action === "api_key.rotated")?.targetLabel).toContain(
      `replaced by ${rotated.key.hint}`,
    );
  });

  it("with no overlap stops the old key at once; the name stays taken by the new key", async () => {
    const org = await createTestOrg(ctx);
    const old = org.keys.all;
    if (!old) throw new Error("key missing");
    const rotated = await rotateApiKey(ctx, {
      keyId: old.id,
      orgId: org.orgId,
      overlapSeconds: 0,
      expiresAt: inHours(90 * 24),
    });
    expect(rotated.key.expiresAt?.toISOString()).toBe(inHours(90 * 24).toISOString());
    expect((await rejection(authenticateKey(old.key))).status).toBe(401);
    expect((await rejection(createApiKey(ctx, { orgId: org.orgId, name: "all", scopes: ["read"] }))).status).toBe(409);
  });

  it("never lengthens the old key's life, and is refused for a key already rotated or expired", async () => {
    const org = await createTestOrg(ctx);
    const { key } = await createApiKey(ctx, {
      orgId: org.orgId,
      name: "short",
      scopes: ["read"],
      expiresAt: inHours(1),
    });
    const rotated = await rotateApiKey(ctx, { keyId: key.id, orgId: org.orgId, overlapSeconds: 7 * 24 * HOUR });
    expect(rotated.replaced.expiresAt.toISOString()).toBe(inHours(1).toISOString());
    expect(
      (await rejection(rotateApiKey(ctx, { keyId: key.id, orgId: org.orgId, overlapSeconds: 0 }))).message,
    ).toMatch(/already rotated/);

    const { key: lapsed } = await createApiKey(ctx, {
      orgId: org.orgId,
      name: "lapsed",
      scopes: ["read"],
      expiresAt: inHours(1),
    });
    t.clock.advance(HOUR * 1000);
    expect(
      (await rejection(rotateApiKey(ctx, { keyId: lapsed.id, orgId: org.orgId, overlapSeconds: 0 }))).message,
    ).toMatch(/expired/);
    for (const overlapSeconds of [-1, 0.5, 31 * 24 * HOUR]) {
      expect(
        (await rejection(rotateApiKey(ctx, { keyId: rotated.key.id, orgId: org.orgId, overlapSeconds }))).status,
      ).toBe(400);
    }
    const other = await createTestOrg(ctx);
    expect(
      (await rejection(rotateApiKey(ctx, { keyId: rotated.key.id, orgId: other.orgId, overlapSeconds: 0 }))).status,
    ).toBe(404);
  });

  it.skipIf(onPostgres)("reaches an instance that cached the old key: the overlap ends there too", async () => {
    const org = await createTestOrg(ctx);
    const old = org.keys.all;
    if (!old) throw new Error("key missing");
    const principals = new PrincipalCache();
    const unlisten = await t.handle.listen("tolk_auth_changed", () => principals.clear());
    try {
      await authenticateKey(old.key, principals);
      await rotateApiKey(ctx, { keyId: old.id, orgId: org.orgId, overlapSeconds: HOUR });
      t.clock.advance(HOUR * 1000);
      expect((await rejection(authenticateKey(old.key, principals))).message).toMatch(/expired/);
    } finally {
      await unlisten();
    }
  });
});

describe("when a key was last used", () => {
  it("is written at most once a minute per key, by one conditional update", async () => {
    const org = await createTestOrg(ctx);
    const key = org.keys.all?.id ?? "";
    const t0 = t.clock.now();
    expect(await lastUsedAt(key)).toBeNull();
    expect(await recordApiKeyUse(ctx, key, t0)).toBe(true);
    expect(await recordApiKeyUse(ctx, key, new Date(t0.getTime() + 59_999))).toBe(false);
    expect(await lastUsedAt(key)).toBe(t0.toISOString());
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await recordApiKeyUse(ctx, key, t1)).toBe(true);
    expect(await lastUsedAt(key)).toBe(t1.toISOString());
    expect((await listApiKeys(ctx, { orgId: org.orgId }))[0]?.lastUsedAt?.toISOString()).toBe(t1.toISOString());
  });

  it("is written by authenticating, and again by a request a minute later", async () => {
    const org = await createTestOrg(ctx);
    const key = org.keys.all;
    if (!key) throw new Error("key missing");
    const t0 = t.clock.now().toISOString();
    await authenticateKey(key.key);
    // The request does not wait for this bookkeeping write: wait for it to land.
    await expect.poll(() => lastUsedAt(key.id)).toBe(t0);
    t.clock.advance(60_000);
    await authenticateKey(key.key);
    await expect.poll(() => lastUsedAt(key.id)).toBe(t.clock.now().toISOString());
  });
});
