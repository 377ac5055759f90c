import { describe, expect, it } from "vitest";

import {
  addMember,
  changeMemberRole,
  changeOwnPassword,
  createUser,
  endUserSessions,
  getSessionVersion,
  removeMember,
  setUserPassword,
  verifyUserPassword,
} from "../src";
import { createTestOrg } from "../src/testing";
import { uniqueEmail, useTestDb } from "./support";

const db = useTestDb();

describe("console session versions", () => {
  it("sign-out, a password reset, a role change and a removal each end the user's sessions", async () => {
    const org = await createTestOrg(db.ctx);
    const email = uniqueEmail("member");
    const user = await createUser(db.ctx, { email, password: "password123" });
    await addMember(db.ctx, { orgId: org.orgId, userId: user.id, role: "member" });
    const version = async () => getSessionVersion(db.ctx, { userId: user.id });
    const start = await version();
    expect(start).toBe(0);

    await endUserSessions(db.ctx.db, { userId: user.id });
    expect(await version()).toBe(1);
    await setUserPassword(db.ctx, { email, password: "another-password" });
    expect(await version()).toBe(2);
    await changeMemberRole(db.ctx, { orgId: org.orgId, actorRole: "owner", userId: user.id, role: "admin" });
    expect(await version()).toBe(3);
    // Setting the role it already has changes nothing, so nobody is signed out for it.
    await changeMemberRole(db.ctx, { orgId: org.orgId, actorRole: "owner", userId: user.id, role: "admin" });
    expect(await version()).toBe(3);
    await removeMember(db.ctx, { orgId: org.orgId, actorRole: "owner", userId: user.id });
    expect(await version()).toBe(4);
    // Another user's sessions are untouched.
    expect(await getSessionVersion(db.ctx, { userId: org.ownerId })).toBe(0);
    expect(await getSessionVersion(db.ctx, { userId: "user_unknown" })).toBeNull();
  });

  it("changes the own password only with the current one, and ends every session", async () => {
    const email = uniqueEmail("own");
    const user = await createUser(db.ctx, { email, password: "old-password" });
    await expect(
      changeOwnPassword(db.ctx, { userId: user.id, currentPassword: "wrong-password", newPassword: "new-password" }),
    ).rejects.toThrow(/current password/);
    await expect(
      changeOwnPassword(db.ctx, { userId: user.id, currentPassword: "old-password", newPassword: "short" }),
    ).rejects.toThrow(/8 characters/);
    expect(await getSessionVersion(db.ctx, { userId: user.id })).toBe(0);

    await changeOwnPassword(db.ctx, { userId: user.id, currentPassword: "old-password", newPassword: "new-password" });
    expect(await getSessionVersion(db.ctx, { userId: user.id })).toBe(1);
    await expect(verifyUserPassword(db.ctx, { email, password: "old-password" })).resolves.toBeNull();
    await expect(verifyUserPassword(db.ctx, { email, password: "new-password" })).resolves.not.toBeNull();

    const sso = await createUser(db.ctx, { email: uniqueEmail("sso") });
    await expect(
      changeOwnPassword(db.ctx, { userId: sso.id, currentPassword: "x", newPassword: "new-password" }),
    ).rejects.toThrow(/identity provider/);
  });
});
