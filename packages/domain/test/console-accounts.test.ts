import { describe, expect, it } from "vitest";

import {
  createInvitation,
  createUser,
  getAppSecret,
  getDailyUsage,
  resolveIdentityProviderUser,
  setUserPassword,
  verifyUserPassword,
} from "../src";
import { createTestOrg, recordUsage } from "../src/testing";
import { uniqueEmail, useTestDb } from "./support";

const db = useTestDb();

describe("console sign-in", () => {
  it("verifies a password case-insensitively by e-mail and answers a wrong password and an unknown e-mail alike", async () => {
    const email = uniqueEmail("pw");
    const user = await createUser(db.ctx, { email, password: "correct-horse" });
    await expect(
      verifyUserPassword(db.ctx, { email: email.toUpperCase(), password: "correct-horse" }),
    ).resolves.toMatchObject({ id: user.id });
    await expect(verifyUserPassword(db.ctx, { email, password: "wrong-horse" })).resolves.toBeNull();
    await expect(
      verifyUserPassword(db.ctx, { email: uniqueEmail("nobody"), password: "correct-horse" }),
    ).resolves.toBeNull();
  });

  it("resets a password; the old one stops working", async () => {
    const email = uniqueEmail("reset");
    await createUser(db.ctx, { email, password: "old-password" });
    await setUserPassword(db.ctx, { email, password: "new-password" });
    await expect(verifyUserPassword(db.ctx, { email, password: "old-password" })).resolves.toBeNull();
    await expect(verifyUserPassword(db.ctx, { email, password: "new-password" })).resolves.not.toBeNull();
    await expect(setUserPassword(db.ctx, { email, password: "short" })).rejects.toThrow(/8 characters/);
    await expect(setUserPassword(db.ctx, { email: uniqueEmail("ghost"), password: "long-enough" })).rejects.toThrow(
      /does not exist/,
    );
  });

  it("a user without a password (identity-provider only) cannot sign in with one", async () => {
    const email = uniqueEmail("sso");
    await createUser(db.ctx, { email });
    await expect(verifyUserPassword(db.ctx, { email, password: "anything-at-all" })).resolves.toBeNull();
  });
});

describe("identity-provider users", () => {
  it("links a verified e-mail to its user once, then finds the user by subject", async () => {
    const email = uniqueEmail("oidc");
    const user = await createUser(db.ctx, { email, password: "password123" });
    const subject = `sub-${user.id}`;
    await expect(
      resolveIdentityProviderUser(db.ctx, { subject, email, emailVerified: true, name: null }),
    ).resolves.toMatchObject({ id: user.id });
    await expect(
      resolveIdentityProviderUser(db.ctx, { subject, email: null, emailVerified: false, name: null }),
    ).resolves.toMatchObject({ id: user.id });
    // Another subject claiming the same e-mail does not take the account over.
    await expect(
      resolveIdentityProviderUser(db.ctx, { subject: "someone-else", email, emailVerified: true, name: null }),
    ).resolves.toBeNull();
  });

  it("refuses an unverified e-mail and a stranger; admits an invited address as a new user", async () => {
    const known = uniqueEmail("unverified");
    await createUser(db.ctx, { email: known });
    await expect(
      resolveIdentityProviderUser(db.ctx, { subject: "s1", email: known, emailVerified: false, name: null }),
    ).resolves.toBeNull();
    await expect(
      resolveIdentityProviderUser(db.ctx, {
        subject: "s2",
        email: uniqueEmail("stranger"),
        emailVerified: true,
        name: null,
      }),
    ).resolves.toBeNull();

    const org = await createTestOrg(db.ctx);
    const invited = uniqueEmail("invited");
    await createInvitation(db.ctx, {
      orgId: org.orgId,
      email: invited,
      role: "member",
      actorRole: "owner",
      createdBy: org.ownerId,
    });
    const created = await resolveIdentityProviderUser(db.ctx, {
      subject: "s3",
      email: invited,
      emailVerified: true,
      name: "Invited",
    });
    expect(created?.email).toBe(invited);
  });
});

describe("app secrets", () => {
  it("makes a secret once and returns the same value to every caller", async () => {
    const [a, b] = await Promise.all([getAppSecret(db.ctx, "test_secret"), getAppSecret(db.ctx, "test_secret")]);
    expect(a).toHaveLength(48);
    expect(b).toBe(a);
    expect(await getAppSecret(db.ctx, "other_secret")).not.toBe(a);
  });
});

describe("daily usage", () => {
  it("groups characters, credits and translations per UTC day and language, and only the organization's own", async () => {
    const org = await createTestOrg(db.ctx);
    const other = await createTestOrg(db.ctx);
    const event = (orgId: string, targetLang: string, characters: number) => ({
      orgId,
      requestId: crypto.randomUUID(),
      kind: "text" as const,
      sourceLang: "en",
      targetLang,
      characters,
      credits: characters,
    });
    db.clock.set("2026-03-10T23:59:00.000Z");
    await recordUsage(db.ctx, [
      event(org.orgId, "es", 10),
      event(org.orgId, "es", 5),
      event(org.orgId, "fr", 7),
      event(other.orgId, "es", 99),
    ]);
    db.clock.set("2026-03-11T00:01:00.000Z");
    await recordUsage(db.ctx, [event(org.orgId, "es", 3)]);
    const usage = await getDailyUsage(db.ctx, { orgId: org.orgId, from: "2026-03-10", to: "2026-03-11" });
    expect(usage.rows).toEqual([
      {
        day: "2026-03-10",
        targetLang: "es",
        keyId: null,
        keyName: null,
        keyHint: null,
        characters: 15,
        credits: 15,
        translations: 2,
      },
      {
        day: "2026-03-10",
        targetLang: "fr",
        keyId: null,
        keyName: null,
        keyHint: null,
        characters: 7,
        credits: 7,
        translations: 1,
      },
      {
        day: "2026-03-11",
        targetLang: "es",
        keyId: null,
        keyName: null,
        keyHint: null,
        characters: 3,
        credits: 3,
        translations: 1,
      },
    ]);
    expect((await getDailyUsage(db.ctx, { orgId: org.orgId, from: "2026-03-11", to: "2026-03-11" })).rows).toHaveLength(
      1,
    );
    await expect(getDailyUsage(db.ctx, { orgId: org.orgId, from: "2025-01-01", to: "2026-03-11" })).rejects.toThrow(
      /366 days/,
    );
  });
});
