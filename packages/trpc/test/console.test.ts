import {
  addMember,
  authenticate,
  createInvitation,
  createKeyResolver,
  createOrganization,
  createUser,
} from "@tolk/domain";
import { type TestDb, createTestDb, createTestOrg } from "@tolk/domain/testing";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter } from "../src";
import { consoleCaller, consoleContext, failure } from "./support";

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb({ realClock: true });
});
afterAll(async () => {
  await db.close();
});

function callerFor(userId: string | null, requestedOrgId: string | null = null) {
  return consoleCaller(db, { userId, requestedOrgId });
}

/** What /v1 does with an Authorization header: the same authenticator the web app builds. */
function authenticateKey(key: string) {
  const config = { issuer: "http://localhost:3000", audience: "tolk-api", orgClaim: "org_id", clockToleranceSec: 0 };
  return authenticate(db.ctx, { config, keys: createKeyResolver(db.ctx, config), principals: null }, `Bearer ${key}`);
}

async function userIn(orgId: string, role: "owner" | "admin" | "member") {
  const user = await createUser(db.ctx, {
    email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
    password: "password123",
  });
  await addMember(db.ctx, { orgId, userId: user.id, role });
  return user;
}

describe("console procedures", () => {
  it("refuses every organization procedure without a session", async () => {
    expect(await failure(callerFor(null).dashboard.quota())).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Sign in first.",
    });
    expect(await failure(callerFor(null).keys.list())).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Sign in first.",
    });
  });

  it("answers a refusal over HTTP with its status, tRPC code, message and Tolk code", async () => {
    const loner = await createUser(db.ctx, {
      email: `loner-${Math.random().toString(36).slice(2)}@example.com`,
      password: "password123",
    });
    const refusal = async (userId: string | null) => {
      const res = await fetchRequestHandler({
        endpoint: "/api/trpc",
        req: new Request("http://tolk.test/api/trpc/keys.list"),
        router: appRouter,
        createContext: () => consoleContext(db, { userId }),
      });
      const body = (await res.json()) as {
        error: { json: { message: string; data: { code: string; httpStatus: number; tolkCode: string | null } } };
      };
      return { status: res.status, message: body.error.json.message, ...body.error.json.data };
    };
    expect(await refusal(null)).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      httpStatus: 401,
      message: "Sign in first.",
      tolkCode: "unauthorized",
    });
    expect(await refusal(loner.id)).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      httpStatus: 403,
      message: "You are not a member of any organization.",
      tolkCode: "forbidden",
    });
  });

  it("lets a member translate and view usage but refuses keys, members and settings on the server", async () => {
    const org = await createTestOrg(db.ctx);
    const member = await userIn(org.orgId, "member");
    const caller = callerFor(member.id);
    await expect(caller.dashboard.quota()).resolves.toMatchObject({ quota: { plan: "starter" } });
    await expect(caller.usage.daily({})).resolves.toMatchObject({ rows: [] });
    // One call at a time: calls started together would reject while the loop awaits the first.
    const calls = [
      () => caller.keys.list(),
      () => caller.keys.create({ name: "x", scopes: ["read"] }),
      () => caller.members.list(),
      () => caller.settings.update({ name: "x", idpOrgId: null }),
    ];
    for (const call of calls) {
      const err = await failure(call());
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("admin");
    }
  });

  it("creates a key shown once that authenticates with its scopes, lists it without the secret, and revokes it", async () => {
    const org = await createTestOrg(db.ctx);
    const admin = await userIn(org.orgId, "admin");
    const caller = callerFor(admin.id);
    const created = await caller.keys.create({ name: "CI", scopes: ["read"] });
    expect(created.key).toMatch(/^svc_/);
    expect((await authenticateKey(created.key)).scopes).toEqual(["read"]);
    const listed = await caller.keys.list();
    const row = listed.find((k) => k.id === created.id);
    expect(row).toMatchObject({ name: "CI", scopes: ["read"], createdByEmail: admin.email });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    await caller.keys.revoke({ keyId: created.id });
    expect((await caller.keys.list()).some((k) => k.id === created.id)).toBe(false);
    await expect(authenticateKey(created.key)).rejects.toThrow(/Invalid|revoked|API key/i);
  });

  it("cannot revoke another organization's key, and a switcher cookie naming a foreign org is not obeyed", async () => {
    const a = await createTestOrg(db.ctx);
    const b = await createTestOrg(db.ctx);
    const adminA = await userIn(a.orgId, "admin");
    const foreignKey = b.keys.all?.id ?? "";
    expect((await failure(callerFor(adminA.id).keys.revoke({ keyId: foreignKey }))).code).toBe("NOT_FOUND");
    const viaCookie = callerFor(adminA.id, b.orgId);
    const keys = await viaCookie.keys.list();
    expect(keys.some((k) => k.id === foreignKey)).toBe(false);
    expect((await viaCookie.session.current()).active?.orgId).toBe(a.orgId);
  });

  it("switches organization for a user in two", async () => {
    const a = await createTestOrg(db.ctx);
    const b = await createOrganization(db.ctx, { name: "Second org", plan: "professional" });
    const user = await userIn(a.orgId, "owner");
    await addMember(db.ctx, { orgId: b.id, userId: user.id, role: "member" });
    const session = await callerFor(user.id, b.id).session.current();
    expect(session.organizations.map((o) => o.id).sort()).toEqual([a.orgId, b.id].sort());
    expect(session.active).toMatchObject({ orgId: b.id, role: "member", plan: "professional" });
    // In the second org the same user is a member: the role is per organization.
    expect((await failure(callerFor(user.id, b.id).keys.list())).code).toBe("FORBIDDEN");
    await expect(callerFor(user.id, a.orgId).keys.list()).resolves.toBeInstanceOf(Array);
  });

  it("invites by link once, changes roles, keeps the last owner, and removes members", async () => {
    const org = await createTestOrg(db.ctx);
    const owner = callerFor(org.ownerId);
    const email = `new-${Math.random().toString(36).slice(2)}@example.com`;
    const invitation = await owner.members.invite({ email, role: "member" });
    const anonymous = callerFor(null);
    await expect(anonymous.invitations.get({ token: invitation.token })).resolves.toMatchObject({
      email,
      hasAccount: false,
    });
    const accepted = await anonymous.invitations.accept({ token: invitation.token, password: "a-long-password" });
    expect(accepted.orgId).toBe(org.orgId);
    expect(
      (await failure(anonymous.invitations.accept({ token: invitation.token, password: "a-long-password" }))).code,
    ).toBe("NOT_FOUND");

    const members = (await owner.members.list()).members;
    const joined = members.find((m) => m.email === email);
    expect(joined?.role).toBe("member");
    const joinedId = joined?.userId ?? "";
    await owner.members.changeRole({ userId: joinedId, role: "admin" });
    expect((await owner.members.list()).members.find((m) => m.userId === joinedId)?.role).toBe("admin");

    // An admin cannot demote the owner; the owner cannot demote themself while the only owner.
    const admin = callerFor(joinedId);
    expect((await failure(admin.members.changeRole({ userId: org.ownerId, role: "member" }))).code).toBe("FORBIDDEN");
    const last = await failure(owner.members.changeRole({ userId: org.ownerId, role: "admin" }));
    expect(last.code).toBe("FORBIDDEN");
    expect(last.message).toContain("at least one owner");

    await owner.members.remove({ userId: joinedId });
    expect((await failure(admin.dashboard.quota())).code).toBe("FORBIDDEN");
  });

  it("refuses an admin inviting an owner, and a duplicate member", async () => {
    const org = await createTestOrg(db.ctx);
    const admin = await userIn(org.orgId, "admin");
    expect((await failure(callerFor(admin.id).members.invite({ email: "x@example.com", role: "owner" }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(callerFor(admin.id).members.invite({ email: admin.email, role: "member" }))).code).toBe(
      "CONFLICT",
    );
    await expect(
      createInvitation(db.ctx, {
        orgId: org.orgId,
        email: "not-an-email",
        role: "member",
        actorRole: "owner",
        createdBy: null,
      }),
    ).rejects.toThrow(/e-mail/);
  });

  it("updates settings: name and a unique identity-provider id; the plan stays", async () => {
    const a = await createTestOrg(db.ctx);
    const b = await createTestOrg(db.ctx);
    const idp = `idp-${Math.random().toString(36).slice(2)}`;
    await expect(callerFor(a.ownerId).settings.update({ name: "Renamed", idpOrgId: idp })).resolves.toMatchObject({
      name: "Renamed",
      idpOrgId: idp,
      plan: "starter",
    });
    expect((await failure(callerFor(b.ownerId).settings.update({ name: "B", idpOrgId: idp }))).code).toBe("CONFLICT");
    expect((await failure(callerFor(b.ownerId).settings.update({ name: " ", idpOrgId: null }))).code).toBe(
      "BAD_REQUEST",
    );
  });

  it("sets the default source language for undetectable texts (kept when not sent); a non-language is a 400", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor(org.ownerId);
    expect(await caller.settings.get()).toMatchObject({ defaultSourceLang: null });
    await caller.settings.update({ name: "Org", idpOrgId: null, defaultSourceLang: "de" });
    await caller.settings.update({ name: "Org renamed", idpOrgId: null });
    expect(await caller.settings.get()).toMatchObject({ name: "Org renamed", defaultSourceLang: "de" });
    const bad = await failure(caller.settings.update({ name: "Org", idpOrgId: null, defaultSourceLang: "xx-yy" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain("is not a language code");
  });

  it("switches the built-in localization terminology's default off and on; left out, it stays", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor(org.ownerId);
    expect((await caller.settings.get()).localizationTerms).toBe(true);
    await expect(
      caller.settings.update({ name: "Org", idpOrgId: null, localizationTerms: false }),
    ).resolves.toMatchObject({ localizationTerms: false });
    await caller.settings.update({ name: "Org renamed", idpOrgId: null });
    expect((await caller.settings.get()).localizationTerms).toBe(false);
    await caller.settings.update({ name: "Org", idpOrgId: null, localizationTerms: true });
    expect((await caller.settings.get()).localizationTerms).toBe(true);
  });

  it("reports daily usage per language; a reversed range is a clear 400", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor(org.ownerId);
    const bad = await failure(caller.usage.daily({ from: "2026-02-01", to: "2026-01-01" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain("must not be after");
  });

  it("console translations spend the organization's translate bucket, like POST /v1/translate", async () => {
    const org = await createTestOrg(db.ctx, { plan: "free" });
    const caller = callerFor(org.ownerId);
    const request = { text: "Hello", source_lang: "en", target_lang: "es" };
    // No engine is configured here: each admitted call is refused for the pair, after the limit took its unit.
    for (let i = 0; i < 10; i++) expect((await failure(caller.translate.text(request))).code).toBe("BAD_REQUEST");
    const limited = await failure(caller.translate.text(request));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toContain("translate");
  });
});
