import { apiKeys } from "@tolk/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  addMember,
  authenticate,
  createApiKey,
  createOrganization,
  createUser,
  generateApiKey,
  getIdentity,
  hasAnyScope,
  hashApiKey,
  listApiKeys,
  revokeApiKey,
} from "../src";
import { createTestOrg } from "../src/testing";
import { rejection } from "./helpers";
import { apiKeyAuthenticator, useTestDb } from "./support";

const t = useTestDb();
const { ctx } = t;
const auth = apiKeyAuthenticator;

async function expect401(header: string | null) {
  const err = await rejection(authenticate(ctx, auth, header));
  expect(err).toMatchObject({ status: 401, code: "unauthorized", type: "authentication_error" });
  return err;
}

describe("authenticate with an API key", () => {
  it("resolves a valid key to its organization, the owner as user, and the key's scopes", async () => {
    const org = await createTestOrg(ctx, { plan: "starter", keyScopes: { ro: ["read"] } });
    const all = org.keys.all;
    const ro = org.keys.ro;
    if (!all || !ro) throw new Error("keys missing");

    const principal = await authenticate(ctx, auth, `Bearer ${all.key}`);
    expect(principal).toMatchObject({ source: "api_key", userId: org.ownerId, keyId: all.id });
    expect(principal.scopes).toEqual(["translate", "read", "write"]);
    expect(principal.org).toMatchObject({ id: org.orgId, plan: "starter" });
    expect(getIdentity(principal)).toEqual({
      user_id: org.ownerId,
      org_id: org.orgId,
      source: "api_key",
      plan: "starter",
      scopes: ["translate", "read", "write"],
    });

    const readOnly = await authenticate(ctx, auth, `Bearer ${ro.key}`);
    expect(readOnly.scopes).toEqual(["read"]);
    expect(hasAnyScope(readOnly, ["read"])).toBe(true);
    expect(hasAnyScope(readOnly, ["translate"])).toBe(false);
    expect(hasAnyScope(readOnly, ["translate", "read"])).toBe(true);
  });

  it("accepts the scheme in any case and surrounding whitespace", async () => {
    const org = await createTestOrg(ctx);
    const key = org.keys.all?.key ?? "";
    expect((await authenticate(ctx, auth, `bearer ${key}`)).org.id).toBe(org.orgId);
    expect((await authenticate(ctx, auth, `BEARER  ${key} `)).org.id).toBe(org.orgId);
  });

  it("refuses a revoked key on the very next call", async () => {
    const org = await createTestOrg(ctx);
    const key = org.keys.all;
    if (!key) throw new Error("key missing");
    await authenticate(ctx, auth, `Bearer ${key.key}`);
    await revokeApiKey(ctx, { keyId: key.id, orgId: org.orgId });
    const err = await expect401(`Bearer ${key.key}`);
    expect(err.message).toMatch(/revoked|invalid/i);
    // Revoking twice, or revoking another organization's key, is a 404.
    expect((await rejection(revokeApiKey(ctx, { keyId: key.id }))).status).toBe(404);
  });

  it("does not let one organization revoke another's key", async () => {
    const a = await createTestOrg(ctx);
    const b = await createTestOrg(ctx);
    const keyA = a.keys.all;
    if (!keyA) throw new Error("key missing");
    const err = await rejection(revokeApiKey(ctx, { keyId: keyA.id, orgId: b.orgId }));
    expect(err.status).toBe(404);
    expect((await authenticate(ctx, auth, `Bearer ${keyA.key}`)).org.id).toBe(a.orgId);
  });

  it("refuses a well-formed key that was never issued", async () => {
    await createTestOrg(ctx);
    await expect401(`Bearer ${generateApiKey()}`);
  });

  it.each([
    ["no header", null],
    ["an empty header", ""],
    ["a Basic header", "Basic dXNlcjpwYXNz"],
    ["a bare token", "svc_something"],
    ["garbage after Bearer", "Bearer !!!"],
    ["two tokens", "Bearer a b"],
    ["a JWT-looking garbage token", "Bearer xxx.yyy.zzz"],
  ])("refuses %s with 401 unauthorized / authentication_error", async (_name, header) => {
    await expect401(header);
  });

  it("reports the key's creator, then the organization, when the organization has no owner", async () => {
    const orgOnly = await createOrganization(ctx, { name: "No members", plan: "free" });
    const { plaintext } = await createApiKey(ctx, { orgId: orgOnly.id, name: "cli", scopes: ["read"] });
    expect((await authenticate(ctx, auth, `Bearer ${plaintext}`)).userId).toBe(orgOnly.id);

    const creator = await createUser(ctx, { email: `creator-${orgOnly.id.toLowerCase()}@example.com` });
    const created = await createApiKey(ctx, {
      orgId: orgOnly.id,
      name: "by creator",
      scopes: ["read"],
      createdBy: creator.id,
    });
    expect((await authenticate(ctx, auth, `Bearer ${created.plaintext}`)).userId).toBe(creator.id);

    await addMember(ctx, { orgId: orgOnly.id, userId: creator.id, role: "owner" });
    expect((await authenticate(ctx, auth, `Bearer ${plaintext}`)).userId).toBe(creator.id);
  });

  it("records when a key was last used", async () => {
    const org = await createTestOrg(ctx);
    const key = org.keys.all;
    if (!key) throw new Error("key missing");
    await authenticate(ctx, auth, `Bearer ${key.key}`);
    let lastUsedAt: Date | null = null;
    for (let i = 0; i < 50 && !lastUsedAt; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const [row] = await ctx.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
      lastUsedAt = row?.lastUsedAt ?? null;
    }
    expect(lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });
});

describe("API key storage", () => {
  it("stores only the SHA-256 of the key and a hint; the plaintext appears nowhere in the row", async () => {
    const org = await createTestOrg(ctx);
    const { key, plaintext } = await createApiKey(ctx, {
      orgId: org.orgId,
      name: "  CI deploy  ",
      scopes: ["translate"],
    });
    expect(key.name).toBe("CI deploy");
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.keyHash).toBe(hashApiKey(plaintext));
    expect(row?.hint).toBe(`${plaintext.slice(0, 7)}…${plaintext.slice(-3)}`);
    expect(JSON.stringify(row)).not.toContain(plaintext.slice(4));
    expect(key.id).toMatch(/^key_[0-9A-Za-z]{22}$/);
  });

  it("lists an organization's active keys without hashes, and not another organization's", async () => {
    const a = await createTestOrg(ctx, { keyScopes: { extra: ["read"] } });
    const b = await createTestOrg(ctx);
    const extra = a.keys.extra;
    if (!extra) throw new Error("key missing");
    expect((await listApiKeys(ctx, { orgId: a.orgId })).map((k) => k.name).sort()).toEqual(["all", "extra"]);
    await revokeApiKey(ctx, { keyId: extra.id, orgId: a.orgId });
    const listed = await listApiKeys(ctx, { orgId: a.orgId });
    expect(listed.map((k) => k.name)).toEqual(["all"]);
    for (const k of listed) expect(k).not.toHaveProperty("keyHash");
    expect((await listApiKeys(ctx, { orgId: b.orgId })).map((k) => k.id)).not.toContain(a.keys.all?.id);
  });

  it("refuses a key without name or scopes (400) and for an unknown organization (404)", async () => {
    const org = await createTestOrg(ctx);
    expect((await rejection(createApiKey(ctx, { orgId: org.orgId, name: "  ", scopes: ["read"] }))).status).toBe(400);
    expect(
      (await rejection(createApiKey(ctx, { orgId: org.orgId, name: "x".repeat(101), scopes: ["read"] }))).status,
    ).toBe(400);
    expect((await rejection(createApiKey(ctx, { orgId: org.orgId, name: "none", scopes: [] }))).status).toBe(400);
    expect((await rejection(createApiKey(ctx, { orgId: "org_missing", name: "k", scopes: ["read"] }))).status).toBe(
      404,
    );
  });
});
