import {
  RequestLogWriter,
  addMember,
  cliActor,
  createUser,
  debitCredits,
  getAlertSettings,
  topUpCredits,
} from "@tolk/domain";
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

function callerFor(userId: string, ip = "192.0.2.10") {
  return consoleCaller(db, { userId, ip });
}

function ciKey(org: Awaited<ReturnType<typeof createTestOrg>>): string {
  const key = org.keys.ci;
  if (!key) throw new Error("the test organization has no ci key");
  return key.id;
}

async function userIn(orgId: string, role: "owner" | "admin" | "member") {
  const user = await createUser(db.ctx, {
    email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
    password: "password123",
  });
  await addMember(db.ctx, { orgId, userId: user.id, role });
  return user;
}

describe("console activity procedures", () => {
  it("keeps the request log, audit log and alert settings to admins; every member sees the low-credit status", async () => {
    const org = await createTestOrg(db.ctx);
    const member = callerFor((await userIn(org.orgId, "member")).id);
    const calls = [
      () => member.requests.list({}),
      () => member.requests.filters(),
      () => member.audit.list({}),
      () => member.audit.export(),
      () => member.alerts.get(),
      () => member.alerts.deliveries(),
    ];
    for (const call of calls) expect((await failure(call())).code).toBe("FORBIDDEN");
    expect((await failure(member.alerts.update({ thresholdPercent: 50, webhookUrl: null }))).code).toBe("FORBIDDEN");
    expect((await failure(member.alerts.rotateSecret())).code).toBe("FORBIDDEN");
    await expect(member.alerts.status()).resolves.toMatchObject({ crossed: false, thresholdPercent: null });
  });

  it("records a console change with the member's e-mail and address, and a CLI top-up, in the audit log and its CSV", async () => {
    const org = await createTestOrg(db.ctx);
    const adminUser = await userIn(org.orgId, "admin");
    const admin = callerFor(adminUser.id, "203.0.113.9");
    const created = await admin.keys.create({ name: "ci", scopes: ["translate"] });
    await admin.keys.revoke({ keyId: created.id });
    await topUpCredits({ ...db.ctx, actor: cliActor }, { orgId: org.orgId, amount: 250 });

    const log = await admin.audit.list({});
    expect(log.items.map((r) => [r.action, r.actorLabel, r.ip])).toEqual([
      ["credits.topped_up", "tolk CLI", null],
      ["api_key.revoked", adminUser.email, "203.0.113.9"],
      ["api_key.created", adminUser.email, "203.0.113.9"],
    ]);
    const csv = await admin.audit.export();
    expect(csv.filename).toMatch(/^tolk-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.body).toContain(`,user,${adminUser.email},api_key.revoked,api_key,${created.id},`);
    expect(csv.body).toContain(",cli,tolk CLI,credits.topped_up,credit_lot,");
  });

  it("lists the organization's requests with filters, and usage per key with the billing period", async () => {
    const org = await createTestOrg(db.ctx, { keyScopes: { ci: ["translate"] } });
    const admin = callerFor((await userIn(org.orgId, "admin")).id);
    const writer = new RequestLogWriter(db.ctx);
    const base = { orgId: org.orgId, method: "POST", durationMs: 5, createdAt: new Date() };
    writer.record({
      ...base,
      requestId: "req-ok",
      apiKeyId: ciKey(org),
      route: "/v1/translate",
      status: 200,
      errorCode: null,
      errorMessage: null,
    });
    writer.record({
      ...base,
      requestId: "req-bad",
      apiKeyId: null,
      route: "/v1/glossaries/{id}",
      status: 404,
      errorCode: "not_found",
      errorMessage: "Nope.",
    });
    await writer.flush();
    await debitCredits(db.ctx, {
      orgId: org.orgId,
      amount: 30,
      operationKey: "req-ok",
      usage: [
        {
          requestId: "req-ok",
          kind: "text",
          sourceLang: "en",
          targetLang: "es",
          characters: 30,
          credits: 30,
          apiKeyId: ciKey(org),
        },
      ],
    });

    const ok = await admin.requests.list({ keyId: ciKey(org) });
    expect(ok.items).toEqual([expect.objectContaining({ requestId: "req-ok", keyName: "ci", credits: 30 })]);
    expect((await admin.requests.list({ status: "4xx" })).items).toEqual([
      expect.objectContaining({ requestId: "req-bad", errorMessage: "Nope." }),
    ]);
    expect((await admin.requests.list({ requestId: "req-bad" })).items).toHaveLength(1);
    expect((await failure(admin.requests.list({ status: "6xx" as "5xx" }))).code).toBe("BAD_REQUEST");
    const filters = await admin.requests.filters();
    expect(filters.routes).toEqual(["/v1/glossaries/{id}", "/v1/translate"]);
    expect(filters.keys.map((k) => k.name).sort()).toEqual(["all", "ci"]);

    const usage = await admin.usage.daily({});
    expect(usage.rows).toEqual([
      expect.objectContaining({ targetLang: "es", keyId: ciKey(org), keyName: "ci", credits: 30 }),
    ]);
    expect(usage.period.from <= usage.to).toBe(true);
  });

  it("saves the alert, queues a test event and shows it in the delivery log", async () => {
    const org = await createTestOrg(db.ctx);
    const admin = callerFor((await userIn(org.orgId, "owner")).id);
    expect((await failure(admin.alerts.update({ thresholdPercent: 150, webhookUrl: null }))).code).toBe("BAD_REQUEST");
    expect(await admin.alerts.sendTest()).toEqual({ deliveryId: null });
    expect(
      (await failure(admin.alerts.update({ thresholdPercent: 80, webhookUrl: "http://127.0.0.1:9/hook" }))).message,
    ).toMatch(/https:\/\//);
    await admin.alerts.update({ thresholdPercent: 80, webhookUrl: "https://hooks.example.com/tolk" });
    const { deliveryId } = await admin.alerts.sendTest();
    expect(await admin.alerts.deliveries()).toEqual([
      expect.objectContaining({ id: deliveryId, status: "pending", attempts: 0, test: true }),
    ]);
    expect((await admin.audit.list({})).items[0]).toMatchObject({ action: "alerts.updated" });
  });

  it("shows the signing secret only when it is rotated, as a hint otherwise, and records the rotation", async () => {
    const org = await createTestOrg(db.ctx);
    const admin = callerFor((await userIn(org.orgId, "owner")).id);
    const before = await admin.alerts.get();
    expect(before).not.toHaveProperty("webhookSecret");
    expect(before.secretHint).toMatch(/^whsec_…[0-9a-f]{4}$/);
    const { webhookSecret } = await admin.alerts.rotateSecret();
    expect(webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const after = await admin.alerts.get();
    expect(after.secretHint).toBe(`whsec_…${webhookSecret.slice(-4)}`);
    expect(JSON.stringify(after)).not.toContain(webhookSecret);
    // The new secret is the one events are signed with from now on.
    expect((await getAlertSettings(db.ctx, { orgId: org.orgId })).webhookSecret).toBe(webhookSecret);
    expect((await admin.audit.list({})).items[0]).toMatchObject({ action: "alerts.secret_rotated" });
  });
});
