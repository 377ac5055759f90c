import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { join } from "node:path";

import { type Browser, type Page, expect, test } from "@playwright/test";

import { tolk } from "../src/server";
import { admin, serverUrl, signIn, v1 } from "./support";

// One story in order: the key made first is used, then revoked; the top-up and the alert follow.
test.describe.configure({ mode: "serial" });

const screenshotDir = join(import.meta.dirname, "screenshots");

/** The page at 1440 and 390 px: nothing wider than the screen, then a full-page screenshot (git-ignored). */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect
      .poll(overflow, { message: `${name} overflows horizontally at ${width} px`, timeout: 15_000 })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(screenshotDir, `activity-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, admin().email, admin().password);
  return page;
}

const databaseEnv = (): Record<string, string> =>
  JSON.parse(process.env.TOLK_E2E_DB_ENV ?? "{}") as Record<string, string>;

let key = "";
let orgId = "";
let keyHint = "";
let okRequestId = "";
let badRequestId = "";
let creditsUsed = 0;

test("the request log shows a request made with a key, by its request id, and a refused one with its message", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto(`${serverUrl()}/keys`);
  await page.getByLabel("Name").fill("activity-ci");
  await page.getByRole("button", { name: "Create key" }).click();
  key = (await page.getByTestId("new-key-value").textContent()) ?? "";
  expect(key).not.toBe("");
  keyHint =
    (await page
      .getByRole("row", { name: /activity-ci/ })
      .locator("code")
      .first()
      .textContent()) ?? "";

  orgId = ((await (await v1("/v1/me", key)).json()) as { data: { org_id: string } }).data.org_id;
  const ok = await v1("/v1/translate", key, {
    method: "POST",
    body: JSON.stringify({ text: "Good morning, my friend.", source_lang: "en", target_lang: "es" }),
  });
  expect(ok.status).toBe(200);
  okRequestId = ok.headers.get("x-request-id") ?? "";
  creditsUsed = ((await ok.json()) as { data: { credits_used: number } }).data.credits_used;
  const bad = await v1("/v1/glossaries/gls_doesnotexist", key);
  expect(bad.status).toBe(404);
  badRequestId = bad.headers.get("x-request-id") ?? "";

  await page.getByRole("link", { name: "Requests" }).click();
  await expect(page.getByRole("heading", { name: "Requests", exact: true })).toBeVisible();
  // Written in a batch a moment after the answer: reload until it is there.
  // A row shows the start of its request id (the whole id is its data attribute, its detail and its copy).
  const row = (requestId: string) => page.locator(`[data-testid="request-row"][data-request-id="${requestId}"]`);
  await expect(async () => {
    await page.reload();
    await expect(row(okRequestId)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const okRow = row(okRequestId);
  await expect(okRow).toContainText("POST /v1/translate");
  await expect(okRow).toContainText("200");
  await expect(okRow).toContainText(`activity-ci (${keyHint})`);
  await expect(okRow).toContainText(String(creditsUsed));
  await expect(okRow).toContainText(okRequestId.slice(0, 8));

  await page.getByLabel("Request id").fill(badRequestId);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  const badRow = page.getByTestId("request-row");
  await expect(badRow).toContainText("GET /v1/glossaries/{id}");
  await expect(badRow).toContainText("not_found");
  await badRow.getByRole("button", { name: /^Details/ }).click();
  await expect(page.getByTestId("request-detail")).toContainText("does not exist");
  await page.getByTestId("request-detail").getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Clear search" }).click();

  await page.getByLabel("Status").selectOption("2xx");
  await expect(row(badRequestId)).toHaveCount(0);
  await expect(row(okRequestId)).toBeVisible();
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("API key").selectOption({ label: `activity-ci (${keyHint})` });
  // /v1/me, the translation and the refused read.
  await expect(page.getByTestId("request-row")).toHaveCount(3);
  await page.getByLabel("Route").selectOption("/v1/translate");
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await page.getByLabel("Route").selectOption("");
  await shoot(page, "requests");
});

test("usage per API key names the key that translated, with its credits, in the table and the CSV", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Usage" }).click();
  await page.getByRole("button", { name: "This billing period" }).click();
  await expect(page.getByRole("button", { name: "This billing period" })).toHaveAttribute("aria-pressed", "true");
  const perKey = page.getByTestId("usage-per-key");
  const row = perKey.getByRole("row", {
    name: new RegExp(`activity-ci \\(${keyHint.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)`),
  });
  await expect(row).toContainText(String(creditsUsed));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("date,target_lang,api_key_id,api_key_name,characters,credits,translations");
  expect(csv).toMatch(new RegExp(`,es,key_\\w+,activity-ci,\\d+,${creditsUsed},1\\r\\n`));
  await page.getByRole("button", { name: "Today" }).click();
  await expect(row).toBeVisible();
  await shoot(page, "usage");
});

test("the audit log shows a revocation made in the console and a top-up made with the CLI, and exports them", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto(`${serverUrl()}/keys`);
  await page
    .getByRole("row", { name: /activity-ci/ })
    .getByRole("button", { name: "Revoke" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /activity-ci/ })).toHaveCount(0);

  const topUp = await tolk(["credits", "top-up", "--org", orgId, "--amount", "1234"], databaseEnv());
  expect(topUp).toMatchObject({ org_id: orgId, amount: 1234 });

  await page.goto(`${serverUrl()}/audit`);
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const revoked = page.getByTestId("audit-row").filter({ hasText: "api_key.revoked" });
  await expect(revoked).toContainText(admin().email);
  await expect(revoked).toContainText("activity-ci");
  await expect(revoked).toContainText("(user)");
  const toppedUp = page.getByTestId("audit-row").filter({ hasText: "credits.topped_up" });
  await expect(toppedUp).toContainText("tolk CLI");
  await expect(toppedUp).toContainText("1234 credits");
  await expect(
    page.getByTestId("audit-row").filter({ hasText: "api_key.created" }).filter({ hasText: "activity-ci" }),
  ).toContainText(admin().email);
  // `tolk seed` made the demo key: the CLI is its actor.
  await expect(
    page.getByTestId("audit-row").filter({ hasText: "api_key.created" }).filter({ hasText: "Demo key" }),
  ).toContainText("tolk CLI");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain(`,user,${admin().email},api_key.revoked,api_key,`);
  expect(csv).toContain(",cli,tolk CLI,credits.topped_up,credit_lot,");
  await shoot(page, "audit");
});

test("the low-credit webhook reaches a local receiver with a valid signature, and the banner shows", async ({
  browser,
}) => {
  const got: { signature: string; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      got.push({ signature: String(req.headers["tolk-signature"]), body });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tolk`;
    const page = await adminPage(browser);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByLabel(/Alert when this much/).fill("1");
    await page.getByLabel("Webhook URL").fill(url);
    await page.getByRole("button", { name: "Save alert" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Alert saved." })).toBeVisible();
    // The secret is never on screen but as a hint; rotating shows the new one, once.
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    await page.getByRole("button", { name: "Rotate signing secret" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await page.reload();
    await expect(page.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(got[0]?.body ?? "null")).toMatchObject({ type: "credits.low", test: true });
    await expect(page.getByTestId("delivery-row").first()).toContainText("delivered", { timeout: 15_000 });

    // Spend past 1 % of the period's credits with a fresh key: the real event follows.
    await page.goto(`${serverUrl()}/keys`);
    await page.getByLabel("Name").fill("activity-bulk");
    await page.getByRole("button", { name: "Create key" }).click();
    const bulk = (await page.getByTestId("new-key-value").textContent()) ?? "";
    const text = "The morning is bright and the garden is green. ".repeat(60);
    for (let i = 0; i < 2; i++) {
      const res = await v1("/v1/translate", bulk, {
        method: "POST",
        body: JSON.stringify({ text, source_lang: "en", target_lang: "es" }),
      });
      expect(res.status).toBe(200);
    }
    await expect.poll(() => got.length, { timeout: 20_000 }).toBe(2);
    const event = got[1] ?? { signature: "", body: "null" };
    const parsed = JSON.parse(event.body) as {
      type: string;
      test: boolean;
      data: { threshold_percent: number; usage_percent: number };
    };
    expect(parsed).toMatchObject({ type: "credits.low", test: false, data: { threshold_percent: 1 } });
    expect(parsed.data.usage_percent).toBeGreaterThanOrEqual(1);

    // The receiver's check, as docs/webhooks.md tells it: HMAC-SHA256 of "<t>.<body>" with the secret.
    const [t, v1sig] = event.signature.split(",").map((p) => p.split("=")[1] ?? "");
    const expected = createHmac("sha256", secret).update(`${t}.${event.body}`).digest("hex");
    expect(timingSafeEqual(Buffer.from(expected), Buffer.from(v1sig ?? ""))).toBe(true);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);

    await page.goto(`${serverUrl()}/settings`);
    await expect(page.getByTestId("low-credit-banner")).toContainText("Credits running low");
    await expect(page.getByTestId("delivery-row")).toHaveCount(2);
    await shoot(page, "settings-alert");
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
