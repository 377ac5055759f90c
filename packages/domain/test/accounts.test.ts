import { memberships, organizations, users } from "@tolk/db";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  DEMO_ADMIN_EMAIL,
  addMember,
  authenticate,
  createOrganization,
  createUser,
  getQuota,
  parsePlan,
  parseRole,
  parseScopes,
  seedDemo,
  setOrganizationPlan,
  verifyPassword,
} from "../src";
import { loadOrg, rejection, thrown } from "./helpers";
import { uniqueEmail, useTestDb } from "./support";

const t = useTestDb();
const { ctx } = t;

describe("createOrganization", () => {
  it("creates a free organization by default, anchored on its creation instant", async () => {
    const org = await createOrganization(ctx, { name: "  Acme GmbH  " });
    expect(org).toMatchObject({ name: "Acme GmbH", plan: "free", planOverrides: {}, idpOrgId: null });
    expect(org.id).toMatch(/^org_[0-9A-Za-z]{22}$/);
    expect(org.billingAnchor.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("stores enterprise limits and an identity-provider id", async () => {
    const idp = `idp_${crypto.randomUUID()}`;
    const org = await createOrganization(ctx, {
      name: "Big",
      plan: "enterprise",
      limits: { api_per_min: 9 },
      idpOrgId: idp,
    });
    expect(org.planOverrides).toEqual({ api_per_min: 9 });
    expect(org.idpOrgId).toBe(idp);
    const quota = await getQuota(ctx, { org: await loadOrg(ctx, org.id) });
    expect(quota.rate_limits).toEqual({
      translate_per_min: 1_000,
      segment_per_min: 300,
      analyze_per_min: 300,
      api_per_min: 9,
    });
  });

  it("refuses an empty or too long name, and limits on a non-enterprise plan (400)", async () => {
    expect((await rejection(createOrganization(ctx, { name: "   " }))).status).toBe(400);
    expect((await rejection(createOrganization(ctx, { name: "x".repeat(201) }))).status).toBe(400);
    const err = await rejection(
      createOrganization(ctx, { name: "Small", plan: "starter", limits: { api_per_min: 1 } }),
    );
    expect(err).toMatchObject({ status: 400, code: "bad_request" });
  });
});

describe("setOrganizationPlan", () => {
  it("changes the plan; quota reports the new plan's rate limits and limits", async () => {
    const org = await createOrganization(ctx, { name: "Grows", plan: "free" });
    const updated = await setOrganizationPlan(ctx, { orgId: org.id, plan: "professional" });
    expect(updated.plan).toBe("professional");
    const quota = await getQuota(ctx, { org: await loadOrg(ctx, org.id) });
    expect(quota.plan).toBe("professional");
    expect(quota.rate_limits).toEqual({
      translate_per_min: 300,
      segment_per_min: 60,
      analyze_per_min: 100,
      api_per_min: 600,
    });
    expect(quota.limits).toEqual({
      translation_memories_max: 25,
      glossaries_max: 50,
      brandvoice_profiles_max: 10,
      projects_max: 50,
    });
    expect(quota.credits.allowance).toBe(1_000_000);
  });

  it("sets enterprise overrides, and clears them when leaving enterprise", async () => {
    const org = await createOrganization(ctx, { name: "Contract", plan: "starter" });
    await setOrganizationPlan(ctx, {
      orgId: org.id,
      plan: "enterprise",
      limits: { monthly_credits: 42, projects_max: 1 },
    });
    let stored = await loadOrg(ctx, org.id);
    expect(stored).toMatchObject({ plan: "enterprise", planOverrides: { monthly_credits: 42, projects_max: 1 } });
    expect((await getQuota(ctx, { org: stored })).credits.allowance).toBe(42);

    await setOrganizationPlan(ctx, { orgId: org.id, plan: "starter" });
    stored = await loadOrg(ctx, org.id);
    expect(stored).toMatchObject({ plan: "starter", planOverrides: {} });
  });

  it("refuses overrides for a non-enterprise plan and invalid override keys with 400, changing nothing", async () => {
    const org = await createOrganization(ctx, { name: "Strict", plan: "enterprise", limits: { api_per_min: 10 } });
    for (const attempt of [
      { plan: "professional" as const, limits: { api_per_min: 100 } },
      { plan: "enterprise" as const, limits: { api_per_minute: 100 } },
      { plan: "enterprise" as const, limits: { api_per_min: -5 } },
    ]) {
      const err = await rejection(setOrganizationPlan(ctx, { orgId: org.id, ...attempt }));
      expect(err).toMatchObject({ status: 400, code: "bad_request", type: "invalid_request_error" });
    }
    expect(await loadOrg(ctx, org.id)).toMatchObject({ plan: "enterprise", planOverrides: { api_per_min: 10 } });
  });

  it("answers 404 for an unknown organization", async () => {
    expect((await rejection(setOrganizationPlan(ctx, { orgId: "org_missing", plan: "starter" }))).status).toBe(404);
  });
});

describe("parsers", () => {
  it("parsePlan accepts the four plans and refuses others with 400", () => {
    for (const plan of ["free", "starter", "professional", "enterprise"]) expect(parsePlan(plan)).toBe(plan);
    for (const bad of ["gold", "Free", "", " starter"]) {
      const err = thrown(() => parsePlan(bad));
      expect(err).toMatchObject({ status: 400, code: "bad_request" });
      expect(err.message).toContain("free, starter, professional, enterprise");
    }
  });

  it("parseRole accepts owner, admin, member and refuses others with 400", () => {
    for (const role of ["owner", "admin", "member"]) expect(parseRole(role)).toBe(role);
    for (const bad of ["root", "Owner", ""]) expect(thrown(() => parseRole(bad)).status).toBe(400);
  });

  it("parseScopes reads a comma list or an array, de-duplicates and orders it", () => {
    expect(parseScopes("write, read,read")).toEqual(["read", "write"]);
    expect(parseScopes(["write", "translate"])).toEqual(["translate", "write"]);
    expect(parseScopes("translate,read,write")).toEqual(["translate", "read", "write"]);
    for (const bad of ["", " , ", [], "translate,admin", ["READ"]]) {
      const err = thrown(() => parseScopes(bad));
      expect(err).toMatchObject({ status: 400, code: "bad_request" });
    }
    expect(thrown(() => parseScopes("translate,admin")).message).toContain("admin");
  });
});

describe("users and members", () => {
  it("stores the e-mail lower-cased and the password as an argon2id hash", async () => {
    const email = uniqueEmail("Mixed.Case");
    const user = await createUser(ctx, { email: `  ${email.toUpperCase()} `, password: "correct horse" });
    expect(user.email).toBe(email.toLowerCase());
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("correct horse");
    expect(user.id).toMatch(/^usr_/);
    expect(await verifyPassword(user.passwordHash ?? "", "correct horse")).toBe(true);
    expect(await verifyPassword(user.passwordHash ?? "", "correct horsE")).toBe(false);
  });

  it("refuses a second user with the same e-mail in any case with 409", async () => {
    const email = uniqueEmail("dup");
    await createUser(ctx, { email, password: "password123" });
    const err = await rejection(createUser(ctx, { email: email.toUpperCase(), password: "password123" }));
    expect(err).toMatchObject({ status: 409, code: "already_exists" });
    expect(await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()))).toHaveLength(1);
  });

  it("refuses a password shorter than 8 characters and an invalid e-mail with 400", async () => {
    const short = await rejection(createUser(ctx, { email: uniqueEmail("short"), password: "1234567" }));
    expect(short).toMatchObject({ status: 400, code: "bad_request" });
    expect((await createUser(ctx, { email: uniqueEmail("eight"), password: "12345678" })).passwordHash).toBeTruthy();
    for (const email of ["not-an-email", "", "a@", "@b.com"]) {
      expect((await rejection(createUser(ctx, { email, password: "password123" }))).status).toBe(400);
    }
  });

  it("adds a member with a role, changes the role, and refuses an unknown organization", async () => {
    const org = await createOrganization(ctx, { name: "Team" });
    const user = await createUser(ctx, { email: uniqueEmail("member") });
    await addMember(ctx, { orgId: org.id, userId: user.id, role: "member" });
    await addMember(ctx, { orgId: org.id, userId: user.id, role: "admin" });
    const rows = await ctx.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.orgId, org.id), eq(memberships.userId, user.id)));
    expect(rows).toEqual([{ role: "admin" }]);
    expect((await rejection(addMember(ctx, { orgId: "org_missing", userId: user.id, role: "member" }))).status).toBe(
      404,
    );
  });
});

describe("seedDemo", () => {
  it("creates a starter demo organization, its admin and a working all-scope key once; the second run creates nothing", async () => {
    const first = await seedDemo(ctx);
    if (!first.created) throw new Error("expected the first seed to create the demo");
    expect(first.admin_email).toBe(DEMO_ADMIN_EMAIL);
    expect(first.admin_password.length).toBeGreaterThanOrEqual(16);
    expect(first.scopes).toEqual(["translate", "read", "write"]);

    const auth = {
      config: { issuer: "https://tolk.test", audience: "tolk", orgClaim: "org_id", clockToleranceSec: 30 },
      keys: async () => {
        throw new Error("unused");
      },
    };
    const principal = await authenticate(ctx, auth, `Bearer ${first.api_key}`);
    expect(principal.org).toMatchObject({ id: first.org_id, plan: "starter" });
    expect(principal.scopes).toEqual(["translate", "read", "write"]);
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(principal.userId).toBe(admin?.id);
    expect(await verifyPassword(admin?.passwordHash ?? "", first.admin_password)).toBe(true);

    const orgsBefore = (await ctx.db.select({ id: organizations.id }).from(organizations)).length;
    const second = await seedDemo(ctx);
    expect(second).toEqual({ created: false, admin_email: DEMO_ADMIN_EMAIL });
    expect(second).not.toHaveProperty("api_key");
    expect((await ctx.db.select({ id: organizations.id }).from(organizations)).length).toBe(orgsBefore);
  });
});
