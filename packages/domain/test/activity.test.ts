import { createServer } from "node:http";
import { type AddressInfo } from "node:net";

import { beforeAll, describe, expect, it } from "vitest";

import {
  type AuditActor,
  type DomainContext,
  RequestLogWriter,
  STRICT_WEBHOOK_POLICY,
  type WebhookTargetPolicy,
  changeMemberRole,
  cliActor,
  createApiKey,
  createGlossary,
  createUser,
  addMember,
  debitCredits,
  deleteGlossary,
  deliverDueWebhooks,
  exportAuditLog,
  getAlertSettings,
  getDailyUsage,
  getLowCreditStatus,
  listAuditLog,
  listRequestLog,
  listRequestLogRoutes,
  listWebhookDeliveries,
  pruneRequestLog,
  queueLowCreditAlerts,
  queueTestWebhook,
  revokeApiKey,
  topUpCredits,
  updateAlertSettings,
  verifyWebhookSignature,
} from "../src";
import { createTestOrg } from "../src/testing";
import { guardedLookup } from "../src/alerts/webhook-target";
import { loadOrg, rejection } from "./helpers";
import { useTestDb } from "./support";

const t = useTestDb({ resetClock: true });
// The low-credit alerts add a webhook policy to it.
let ctx: DomainContext = t.ctx;

/** The value, or the test fails here (instead of a non-null assertion). */
function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a value");
  return value;
}

const admin: AuditActor = { type: "user", id: "usr_admin", label: "admin@example.com", ip: "203.0.113.7" };

describe("request log", () => {
  const entry = (orgId: string, over: Partial<Parameters<RequestLogWriter["record"]>[0]> = {}) => ({
    orgId,
    requestId: crypto.randomUUID(),
    apiKeyId: null,
    method: "POST",
    route: "/v1/translate",
    status: 200,
    durationMs: 12,
    errorCode: null,
    errorMessage: null,
    createdAt: ctx.now(),
    ...over,
  });

  it("writes batches and lists them newest first, filtered by key, status class, route and request id", async () => {
    const org = await createTestOrg(ctx);
    const key = present(org.keys.all);
    const writer = new RequestLogWriter(ctx, { flushMs: 60_000 });
    const ok = entry(org.orgId, { apiKeyId: key.id });
    writer.record(ok);
    t.clock.advance(1000);
    const bad = entry(org.orgId, {
      status: 404,
      route: "/v1/glossaries/{id}",
      method: "GET",
      errorCode: "not_found",
      errorMessage: "Glossary 'x' does not exist.",
      createdAt: ctx.now(),
    });
    writer.record(bad);
    expect((await listRequestLog(ctx, { orgId: org.orgId })).items).toHaveLength(0);
    await writer.flush();

    const all = await listRequestLog(ctx, { orgId: org.orgId });
    expect(all.items.map((r) => r.requestId)).toEqual([bad.requestId, ok.requestId]);
    expect(all.items[1]).toMatchObject({ keyId: key.id, keyName: "all", status: 200 });
    expect(all.items[0]).toMatchObject({
      errorCode: "not_found",
      errorMessage: "Glossary 'x' does not exist.",
      keyId: null,
    });

    expect((await listRequestLog(ctx, { orgId: org.orgId, keyId: key.id })).items.map((r) => r.requestId)).toEqual([
      ok.requestId,
    ]);
    expect((await listRequestLog(ctx, { orgId: org.orgId, status: "4xx" })).items.map((r) => r.requestId)).toEqual([
      bad.requestId,
    ]);
    expect((await listRequestLog(ctx, { orgId: org.orgId, status: "5xx" })).items).toEqual([]);
    expect(
      (await listRequestLog(ctx, { orgId: org.orgId, route: "/v1/translate" })).items.map((r) => r.requestId),
    ).toEqual([ok.requestId]);
    expect((await listRequestLog(ctx, { orgId: org.orgId, requestId: ` ${bad.requestId} ` })).items).toHaveLength(1);
    expect(await listRequestLogRoutes(ctx, { orgId: org.orgId })).toEqual(["/v1/glossaries/{id}", "/v1/translate"]);

    // Another organization sees none of it.
    const other = await createTestOrg(ctx);
    expect((await listRequestLog(ctx, { orgId: other.orgId, requestId: ok.requestId })).items).toEqual([]);
  });

  it("shows the credits a request spent and pages through with a cursor", async () => {
    const org = await createTestOrg(ctx);
    const writer = new RequestLogWriter(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const e = entry(org.orgId, { createdAt: new Date(ctx.now().getTime() + i) });
      ids.unshift(e.requestId);
      writer.record(e);
    }
    await writer.flush();
    await debitCredits(ctx, {
      orgId: org.orgId,
      amount: 42,
      operationKey: present(ids[0]),
      usage: [
        { requestId: present(ids[0]), kind: "text", sourceLang: "en", targetLang: "de", characters: 42, credits: 42 },
      ],
    });
    const first = await listRequestLog(ctx, { orgId: org.orgId, limit: 2 });
    expect(first.items.map((r) => r.requestId)).toEqual(ids.slice(0, 2));
    expect(first.items[0]?.credits).toBe(42);
    expect(first.items[1]?.credits).toBe(0);
    const second = await listRequestLog(ctx, { orgId: org.orgId, limit: 2, cursor: first.nextCursor });
    const third = await listRequestLog(ctx, { orgId: org.orgId, limit: 2, cursor: second.nextCursor });
    expect([...second.items, ...third.items].map((r) => r.requestId)).toEqual(ids.slice(2));
    expect(third.nextCursor).toBeNull();
  });

  it("prunes entries older than the retention", async () => {
    const org = await createTestOrg(ctx);
    const writer = new RequestLogWriter(ctx);
    const old = entry(org.orgId, { createdAt: new Date("2026-01-01T00:00:00Z") });
    const recent = entry(org.orgId);
    writer.record(old);
    writer.record(recent);
    await writer.flush();
    expect(await pruneRequestLog(ctx, { retentionMs: 30 * 86_400_000 })).toBeGreaterThanOrEqual(1);
    expect((await listRequestLog(ctx, { orgId: org.orgId })).items.map((r) => r.requestId)).toEqual([recent.requestId]);
  });

  it("drops a batch the database refuses without throwing", async () => {
    const writer = new RequestLogWriter(ctx);
    writer.record(entry("org_doesnotexist"));
    await expect(writer.flush()).resolves.toBeUndefined();
  });
});

describe("usage per API key", () => {
  it("records the key with the usage a debit writes, and splits the daily figures by key", async () => {
    const org = await createTestOrg(ctx, { keyScopes: { ci: ["translate"] } });
    const ci = present(org.keys.ci);
    const usage = (requestId: string, apiKeyId: string | null, characters: number) => ({
      orgId: org.orgId,
      amount: characters,
      operationKey: requestId,
      usage: [
        {
          requestId,
          kind: "text" as const,
          sourceLang: "en",
          targetLang: "de",
          characters,
          credits: characters,
          apiKeyId,
        },
      ],
    });
    await debitCredits(ctx, usage("r1", ci.id, 100));
    await debitCredits(ctx, usage("r2", ci.id, 50));
    await debitCredits(ctx, usage("r3", null, 7));
    const daily = await getDailyUsage(ctx, { orgId: org.orgId, from: "2026-03-15", to: "2026-03-15" });
    expect(daily.rows).toEqual([
      expect.objectContaining({
        day: "2026-03-15",
        targetLang: "de",
        keyId: ci.id,
        keyName: "ci",
        characters: 150,
        credits: 150,
        translations: 2,
      }),
      expect.objectContaining({
        day: "2026-03-15",
        targetLang: "de",
        keyId: null,
        keyName: null,
        characters: 7,
        credits: 7,
        translations: 1,
      }),
    ]);
  });
});

describe("audit log", () => {
  it("records key, member, settings, resource and credit changes under the acting door", async () => {
    const org = await createTestOrg(ctx);
    const asAdmin: DomainContext = { ...ctx, actor: admin };
    const { key } = await createApiKey(asAdmin, { orgId: org.orgId, name: "deploy", scopes: ["translate"] });
    t.clock.advance(1000);
    await revokeApiKey(asAdmin, { keyId: key.id, orgId: org.orgId });
    t.clock.advance(1000);
    const member = await createUser(ctx, {
      email: `m-${org.orgId.toLowerCase()}@example.com`,
      password: "password123",
    });
    await addMember(ctx, { orgId: org.orgId, userId: member.id, role: "member" });
    await changeMemberRole(asAdmin, { orgId: org.orgId, actorRole: "owner", userId: member.id, role: "admin" });
    t.clock.advance(1000);
    const orgRow = await loadOrg(ctx, org.orgId);
    const apiKeyActor: DomainContext = {
      ...ctx,
      actor: { type: "api_key", id: present(org.keys.all).id, label: present(org.keys.all).id, ip: "198.51.100.1" },
    };
    const glossary = await createGlossary(apiKeyActor, {
      org: orgRow,
      request: { name: "Brand", source_lang: "en", target_lang: "de", entries: [] },
    });
    t.clock.advance(1000);
    await deleteGlossary(apiKeyActor, { orgId: org.orgId, id: glossary.id });
    t.clock.advance(1000);
    await topUpCredits({ ...ctx, actor: cliActor }, { orgId: org.orgId, amount: 5000 });

    const log = await listAuditLog(ctx, { orgId: org.orgId });
    expect(log.items.map((r) => [r.action, r.actorType, r.actorLabel])).toEqual([
      ["credits.topped_up", "cli", "tolk CLI"],
      ["glossary.deleted", "api_key", expect.stringMatching(/^all \(/)],
      ["glossary.created", "api_key", expect.stringMatching(/^all \(/)],
      ["member.role_changed", "user", "admin@example.com"],
      ["api_key.revoked", "user", "admin@example.com"],
      ["api_key.created", "user", "admin@example.com"],
    ]);
    expect(log.items[0]).toMatchObject({ targetLabel: "5000 credits", ip: null });
    expect(log.items[3]).toMatchObject({
      targetId: member.id,
      targetLabel: expect.stringContaining("member → admin") as string,
      ip: "203.0.113.7",
    });
    expect(log.items[4]?.targetLabel).toMatch(/^deploy \(/);

    const csv = await exportAuditLog(ctx, { orgId: org.orgId });
    expect(csv.split("\r\n")[0]).toBe("time,actor_type,actor,action,target_type,target_id,target,ip");
    expect(csv).toContain(",user,admin@example.com,api_key.revoked,api_key,");
  });

  it("records nothing when the change fails, and nothing without an actor", async () => {
    const org = await createTestOrg(ctx);
    await rejection(revokeApiKey({ ...ctx, actor: admin }, { keyId: "key_missing", orgId: org.orgId }));
    await createApiKey(ctx, { orgId: org.orgId, name: "internal", scopes: ["read"] });
    expect((await listAuditLog(ctx, { orgId: org.orgId })).items).toEqual([]);
  });

  it("quotes a label that a spreadsheet would run as a formula", async () => {
    const org = await createTestOrg(ctx);
    await createApiKey({ ...ctx, actor: admin }, { orgId: org.orgId, name: "=HYPERLINK(1)", scopes: ["read"] });
    expect(await exportAuditLog(ctx, { orgId: org.orgId })).toContain(",'=HYPERLINK(1)");
  });
});

describe("low-credit alert", () => {
  // The receivers below listen on loopback over plain http: an operator's allow-list.
  const local: WebhookTargetPolicy = { allowHttp: true, allowed: ["127.0.0.1"] };
  beforeAll(() => {
    ctx = { ...ctx, webhooks: local };
  });

  /** A local receiver that answers with `statuses` in turn and keeps what it got. */
  async function receiver(statuses: number[]) {
    const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        got.push({ headers: req.headers, body });
        res.statusCode = statuses[Math.min(got.length - 1, statuses.length - 1)] ?? 200;
        res.end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
  }

  it("validates the threshold and the URL", async () => {
    const org = await createTestOrg(ctx);
    expect(
      (await rejection(updateAlertSettings(ctx, { orgId: org.orgId, thresholdPercent: 0, webhookUrl: null }))).status,
    ).toBe(400);
    expect(
      (await rejection(updateAlertSettings(ctx, { orgId: org.orgId, thresholdPercent: 80, webhookUrl: "ftp://x" })))
        .extra.param,
    ).toBe("webhookUrl");
    const saved = await updateAlertSettings(
      { ...ctx, actor: admin },
      { orgId: org.orgId, thresholdPercent: 80, webhookUrl: " https://example.com/hook " },
    );
    expect(saved).toMatchObject({ thresholdPercent: 80, webhookUrl: "https://example.com/hook" });
    expect(saved.webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect((await getAlertSettings(ctx, { orgId: org.orgId })).webhookSecret).toBe(saved.webhookSecret);
    expect((await listAuditLog(ctx, { orgId: org.orgId })).items[0]?.action).toBe("alerts.updated");
  });

  it("queues credits.low once per period when usage crosses the threshold, and delivers it signed, retrying a failure", async () => {
    const hook = await receiver([500, 200]);
    try {
      const org = await createTestOrg(ctx, { plan: "free" });
      const { webhookSecret } = await updateAlertSettings(ctx, {
        orgId: org.orgId,
        thresholdPercent: 80,
        webhookUrl: hook.url,
      });
      const orgRow = await loadOrg(ctx, org.orgId);
      const spend = (key: string, amount: number) => debitCredits(ctx, { orgId: org.orgId, amount, operationKey: key });

      await spend("a", 7_000);
      expect(await queueLowCreditAlerts(ctx, { orgIds: [org.orgId] })).toBe(0);
      expect(await getLowCreditStatus(ctx, { org: orgRow })).toMatchObject({ crossed: false, thresholdPercent: 80 });

      await spend("b", 1_500);
      expect(await queueLowCreditAlerts(ctx, { orgIds: [org.orgId] })).toBe(1);
      await spend("c", 100);
      expect(await queueLowCreditAlerts(ctx, { orgIds: [org.orgId] })).toBe(0);
      expect(await getLowCreditStatus(ctx, { org: orgRow })).toMatchObject({ crossed: true, usagePercent: 86 });

      expect(await deliverDueWebhooks(ctx)).toBe(1);
      expect(hook.got).toHaveLength(1);
      let [delivery] = await listWebhookDeliveries(ctx, { orgId: org.orgId });
      expect(delivery).toMatchObject({
        status: "pending",
        attempts: 1,
        lastStatusCode: 500,
        lastError: "HTTP 500",
        test: false,
      });

      // Not due again until its backoff has passed.
      expect(await deliverDueWebhooks(ctx)).toBe(0);
      t.clock.advance(11_000);
      expect(await deliverDueWebhooks(ctx)).toBe(1);
      [delivery] = await listWebhookDeliveries(ctx, { orgId: org.orgId });
      expect(delivery).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200, lastError: null });

      const sent = present(hook.got[1]);
      expect(sent.headers["tolk-event"]).toBe("credits.low");
      const signature = String(sent.headers["tolk-signature"]);
      expect(verifyWebhookSignature(webhookSecret, signature, sent.body, Math.floor(ctx.now().getTime() / 1000))).toBe(
        true,
      );
      expect(
        verifyWebhookSignature(webhookSecret, signature, `${sent.body} `, Math.floor(ctx.now().getTime() / 1000)),
      ).toBe(false);
      expect(
        verifyWebhookSignature(webhookSecret, signature, sent.body, Math.floor(ctx.now().getTime() / 1000) + 3600),
      ).toBe(false);
      expect(JSON.parse(sent.body)).toMatchObject({
        id: delivery?.id,
        type: "credits.low",
        test: false,
        data: { org_id: org.orgId, threshold_percent: 80, usage_percent: 85, consumed: 8_500, allowance: 10_000 },
      });

      // The next period is a new crossing.
      t.clock.set("2026-04-20T12:00:00.000Z");
      await spend("d", 9_000);
      expect(await queueLowCreditAlerts(ctx, { orgIds: [org.orgId] })).toBe(1);
    } finally {
      await hook.close();
    }
  });

  it("refuses webhook targets inside the server's network when saved, unless the operator allows them", async () => {
    const org = await createTestOrg(ctx);
    const strict = { ...ctx, webhooks: STRICT_WEBHOOK_POLICY };
    const save = (c: DomainContext, url: string) =>
      updateAlertSettings(c, { orgId: org.orgId, thresholdPercent: 80, webhookUrl: url });
    const refused = async (c: DomainContext, url: string) => (await rejection(save(c, url))).message;
    expect(await refused(strict, "http://example.com/hook")).toMatch(/https:\/\/ URL \(plain http is off/);
    for (const url of [
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.5/hook",
      "https://127.0.0.1:8443/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[fd00:ec2::254]/hook",
      "https://100.100.100.200/hook",
      "https://0.0.0.0/hook",
      "https://localhost/hook",
      "https://intranet/hook",
    ]) {
      expect(await refused(strict, url), url).toMatch(/cannot point into the server's own network/);
    }
    expect(await refused(strict, "https://user:secret@example.com/hook")).toMatch(/user name or password/);
    expect((await save(strict, "https://hooks.example.com/tolk")).webhookUrl).toBe("https://hooks.example.com/tolk");

    const onPremises = { ...ctx, webhooks: { allowHttp: true, allowed: ["10.0.0.0/8", "hooks.internal"] } };
    expect((await save(onPremises, "http://10.1.2.3/hook")).webhookUrl).toBe("http://10.1.2.3/hook");
    expect((await save(onPremises, "https://hooks.internal/hook")).webhookUrl).toBe("https://hooks.internal/hook");
    expect(await refused(onPremises, "http://169.254.169.254/")).toMatch(/link-?local/i);
  });

  it("checks the target again at delivery, on the address the name resolves to", async () => {
    // Real resolution: localhost resolves (through /etc/hosts) to a loopback address.
    const resolved = (policy: WebhookTargetPolicy) =>
      new Promise<string>((resolve, reject) =>
        guardedLookup(policy)("localhost", {}, (err, address) =>
          err ? reject(err) : resolve(typeof address === "string" ? address : ""),
        ),
      );
    await expect(resolved(STRICT_WEBHOOK_POLICY)).rejects.toMatchObject({ code: "EWEBHOOKTARGET" });
    expect(await resolved({ allowHttp: false, allowed: ["localhost"] })).toMatch(/^(127\.|::1)/);

    // A URL saved while the operator allowed it is not delivered once the allowance is gone.
    const hook = await receiver([200]);
    try {
      const org = await createTestOrg(ctx);
      await updateAlertSettings(ctx, { orgId: org.orgId, thresholdPercent: 90, webhookUrl: hook.url });
      await queueTestWebhook(ctx, { org: await loadOrg(ctx, org.orgId), threshold: 90, url: hook.url });
      expect(await deliverDueWebhooks({ ...ctx, webhooks: STRICT_WEBHOOK_POLICY })).toBe(1);
      expect(hook.got).toHaveLength(0);
      expect((await listWebhookDeliveries(ctx, { orgId: org.orgId }))[0]).toMatchObject({
        status: "pending",
        lastStatusCode: null,
        lastError: expect.stringMatching(/webhook target refused/),
      });
    } finally {
      await hook.close();
    }
  });

  it("sends a test event on demand, marked as a test", async () => {
    const hook = await receiver([204]);
    try {
      const org = await createTestOrg(ctx);
      await updateAlertSettings(ctx, { orgId: org.orgId, thresholdPercent: 90, webhookUrl: hook.url });
      const id = await queueTestWebhook(ctx, { org: await loadOrg(ctx, org.orgId), threshold: 90, url: hook.url });
      await deliverDueWebhooks(ctx);
      expect(JSON.parse(present(hook.got[0]).body)).toMatchObject({
        id,
        type: "credits.low",
        test: true,
        data: { threshold_percent: 90 },
      });
      expect((await listWebhookDeliveries(ctx, { orgId: org.orgId }))[0]).toMatchObject({
        id,
        status: "delivered",
        lastStatusCode: 204,
        test: true,
      });
    } finally {
      await hook.close();
    }
  });
});
