import { addMember, authenticate, createKeyResolver, createUser } from "@tolk/domain";
import { type TestDb, createTestDb, createTestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { consoleCaller, failure } from "./support";

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb({ realClock: true });
});
afterAll(async () => {
  await db.close();
});

function authenticateKey(key: string) {
  const config = { issuer: "http://localhost:3000", audience: "tolk-api", orgClaim: "org_id", clockToleranceSec: 0 };
  return authenticate(db.ctx, { config, keys: createKeyResolver(db.ctx, config), principals: null }, `Bearer ${key}`);
}

async function adminOf(orgId: string) {
  const user = await createUser(db.ctx, {
    email: `admin-${Math.random().toString(36).slice(2)}@example.com`,
    password: "password123",
  });
  await addMember(db.ctx, { orgId, userId: user.id, role: "admin" });
  return { user, caller: consoleCaller(db, { userId: user.id, ip: "192.0.2.44" }) };
}

describe("console key procedures", () => {
  it("create with an expiry, rename, refuse a taken name as a conflict, rotate, all audited under the member", async () => {
    const org = await createTestOrg(db.ctx);
    const { user, caller } = await adminOf(org.orgId);
    const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const created = await caller.keys.create({ name: "Staging", scopes: ["read"], expiresAt });
    expect(created.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect(
      (await failure(caller.keys.create({ name: "past", scopes: ["read"], expiresAt: new Date(Date.now() - 1000) })))
        .code,
    ).toBe("BAD_REQUEST");

    const clash = await failure(caller.keys.create({ name: "staging", scopes: ["read"] }));
    expect(clash.code).toBe("CONFLICT");
    expect(clash.message).toContain("already named “Staging”");
    expect((await failure(caller.keys.rename({ keyId: created.id, name: "ALL" }))).code).toBe("CONFLICT");
    await expect(caller.keys.rename({ keyId: created.id, name: "Staging EU" })).resolves.toEqual({
      id: created.id,
      name: "Staging EU",
    });

    const rotated = await caller.keys.rotate({ keyId: created.id, overlapSeconds: 3600 });
    expect(rotated).toMatchObject({ name: "Staging EU", scopes: ["read"], replaced: { id: created.id } });
    expect((await authenticateKey(rotated.key)).keyId).toBe(rotated.id);
    expect((await authenticateKey(created.key)).keyId).toBe(created.id);
    const listed = await caller.keys.list();
    expect(listed.find((k) => k.id === created.id)).toMatchObject({
      replacedBy: rotated.id,
      replacedByHint: rotated.hint,
      expired: false,
    });
    expect(JSON.stringify(listed)).not.toContain(rotated.key);
    expect((await failure(caller.keys.rotate({ keyId: rotated.id, overlapSeconds: 31 * 24 * 3600 }))).code).toBe(
      "BAD_REQUEST",
    );

    const log = await caller.audit.list({});
    expect(log.items.map((r) => r.action).sort()).toEqual([
      "api_key.created",
      "api_key.created",
      "api_key.renamed",
      "api_key.rotated",
    ]);
    for (const r of log.items) expect(r).toMatchObject({ actorLabel: user.email, ip: "192.0.2.44" });
  });

  it("keeps rename and rotate to admins", async () => {
    const org = await createTestOrg(db.ctx);
    const member = await createUser(db.ctx, {
      email: `member-${Math.random().toString(36).slice(2)}@example.com`,
      password: "password123",
    });
    await addMember(db.ctx, { orgId: org.orgId, userId: member.id, role: "member" });
    const caller = consoleCaller(db, { userId: member.id });
    const keyId = org.keys.all?.id ?? "";
    expect((await failure(caller.keys.rename({ keyId, name: "mine" }))).code).toBe("FORBIDDEN");
    expect((await failure(caller.keys.rotate({ keyId, overlapSeconds: 0 }))).code).toBe("FORBIDDEN");
  });
});
