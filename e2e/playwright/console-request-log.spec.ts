import { type Page, expect, test } from "@playwright/test";

import { v1 } from "./support";
import {
  DESKTOP,
  PHONE,
  type TestOrg,
  expectAccessible,
  expectNoSideScroll,
  expectWithinWidth,
  newOrg,
  pageInSession,
  shot,
  url,
} from "./ux-support";

// The request log in an organization of its own: a translation made in the console and a refused
// API request, found with the source and time range filters, opened in the detail dialog by
// keyboard, at 1440 and 390 px, with no sideways scroll and no axe-core violation.
test.describe.configure({ mode: "serial" });

let org: TestOrg;
let consoleRequestId = "";
let refusedRequestId = "";
test.beforeAll(async () => {
  org = await newOrg("Request log org");
});

const rows = (page: Page) => page.getByTestId("request-row");
const row = (page: Page, requestId: string) =>
  page.locator(`[data-testid="request-row"][data-request-id="${requestId}"]`);
const detail = (page: Page) => page.getByTestId("request-detail");

/** The requests page, reloaded until the log's batch with `requestId` is written. */
async function openLogWith(page: Page, requestId: string): Promise<void> {
  await page.goto(url("/requests"));
  await expect(async () => {
    await page.reload();
    await expect(row(page, requestId)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The console's own call, as the playground makes it: tRPC on the page's session, not /v1. */
async function translateInConsole(page: Page, text: string): Promise<void> {
  const res = await page.request.post(url("/api/trpc/translate.text"), {
    data: { json: { text, source_lang: "en", target_lang: "es" } },
    headers: { Origin: url("") },
  });
  expect(res.status()).toBe(200);
}

test("a translation made in the console is in the log as the console's, with its detail", async ({ browser }) => {
  const page = await pageInSession(browser, org.owner);
  await translateInConsole(page, "Good morning, the house is big and the garden is green.");
  const refused = await v1("/v1/translate", org.apiKey, {
    method: "POST",
    body: JSON.stringify({ text: "Hello.", source_lang: "en", target_lang: "ja" }),
  });
  expect(refused.status).toBe(400);
  refusedRequestId = refused.headers.get("x-request-id") ?? "";

  await openLogWith(page, refusedRequestId);
  await page.getByLabel("Source").selectOption("console");
  await expect(rows(page)).toHaveCount(1);
  const consoleRow = rows(page).first();
  consoleRequestId = (await consoleRow.getAttribute("data-request-id")) ?? "";
  await expect(consoleRow).toContainText("POST translate.text");
  await expect(consoleRow).toContainText("console");
  await expect(consoleRow).toContainText(`Console (${org.owner.email})`);

  // Opened by keyboard; Escape closes it and focus is back on the row's button.
  const details = consoleRow.getByRole("button", { name: /^Details/ });
  await details.focus();
  await page.keyboard.press("Enter");
  await expect(detail(page)).toBeVisible();
  await expect(detail(page).getByRole("heading", { name: "POST translate.text" })).toBeVisible();
  await expect(detail(page)).toContainText(`Console (${org.owner.email})`);
  await expect(detail(page)).toContainText("Credits charged");
  await expect(detail(page)).toContainText(consoleRequestId);
  const parameters = detail(page).getByLabel("Request parameters as recorded");
  await expect(parameters).toContainText('"target_lang": "es"');
  await expect(parameters).toContainText("(55 characters)");
  await expectAccessible(page, "the request detail");
  await page.keyboard.press("Escape");
  await expect(detail(page)).toBeHidden();
  await expect(details).toBeFocused();

  // The refused API request: its error wrapped in its own box, within the dialog.
  await page.getByLabel("Source").selectOption("api");
  await page.getByLabel("Status").selectOption("4xx");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, refusedRequestId)).toContainText("400");
  const refusedDetails = row(page, refusedRequestId).getByRole("button", { name: /^Details/ });
  await refusedDetails.click();
  const error = detail(page).getByLabel("Error message");
  await expect(error).toBeVisible();
  await expect(detail(page)).toContainText(`API key`);
  const dialogBox = await detail(page).boundingBox();
  const errorBox = await error.boundingBox();
  if (!dialogBox || !errorBox) throw new Error("the detail and its error have boxes");
  expect(errorBox.x + errorBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  expect(await error.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await detail(page).getByRole("button", { name: "Close" }).click();
  await expect(refusedDetails).toBeFocused();
  await shot(page, "requests-detail");
});

test("the time range: presets and a custom range, applied by the server", async ({ browser }) => {
  const page = await pageInSession(browser, org.owner);
  await openLogWith(page, consoleRequestId);
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Last 24 hours" }).click();
  await expect(page.getByRole("button", { name: "Last 24 hours" })).toHaveAttribute("aria-pressed", "true");
  await expect(row(page, consoleRequestId)).toBeVisible();
  await expect(row(page, refusedRequestId)).toBeVisible();

  // A range that ended before these requests: nothing in it.
  await page.getByRole("button", { name: "Custom" }).click();
  await page.getByLabel("From (UTC)").fill("2020-01-01T00:00");
  await page.getByLabel("To (UTC, empty for now)").fill("2020-01-02T00:00");
  await page.getByRole("button", { name: "Apply range" }).click();
  await expect(page.getByRole("heading", { name: "Log: 2020-01-01 00:00 UTC to 2020-01-02 00:00 UTC" })).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText(/No requests match/)).toBeVisible();

  // One that ends before it starts is refused on the page.
  await page.getByLabel("To (UTC, empty for now)").fill("2019-12-31T00:00");
  await page.getByRole("button", { name: "Apply range" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("ends before it starts");

  // From an hour ago with no end: both requests again.
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
  await page.getByLabel("From (UTC)").fill(hourAgo);
  await page.getByLabel("To (UTC, empty for now)").fill("");
  await page.getByRole("button", { name: "Apply range" }).click();
  await expect(row(page, consoleRequestId)).toBeVisible();
  await expect(row(page, refusedRequestId)).toBeVisible();
  await expectAccessible(page, "/requests with a custom range");

  // A request id is looked up in the whole log, whatever the range.
  await page.getByRole("button", { name: "Custom" }).click();
  await page.getByLabel("From (UTC)").fill("2020-01-01T00:00");
  await page.getByLabel("To (UTC, empty for now)").fill("2020-01-02T00:00");
  await page.getByRole("button", { name: "Apply range" }).click();
  await expect(rows(page)).toHaveCount(0);
  await page.getByLabel("Request id").fill(consoleRequestId);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(row(page, consoleRequestId)).toBeVisible();
});

test("at 390 px the log is cards of time, request and status with no sideways scroll; at 1440 px the request id is whole to copy", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner, PHONE);
  await openLogWith(page, consoleRequestId);
  const first = row(page, consoleRequestId);
  await expect(first).toContainText("translate.text");
  await expect(first).toContainText("200");
  await expect(first.locator("td.req-extra").first()).toBeHidden();
  await expectNoSideScroll(page, "/requests");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  const details = first.getByRole("button", { name: /^Details/ });
  await expectWithinWidth(page, details);
  await expectAccessible(page, "/requests");
  await shot(page, "requests");

  await details.click();
  await expect(detail(page)).toBeVisible();
  await expectWithinWidth(page, detail(page));
  await expect(detail(page)).toContainText("Duration");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await expectAccessible(page, "the request detail");
  await shot(page, "requests-detail");
  await page.keyboard.press("Escape");
  await expect(details).toBeFocused();

  await page.setViewportSize(DESKTOP);
  await expectNoSideScroll(page, "/requests");
  // The id's start is shown in full (not clipped), its whole value in the title and the copy button.
  const id = first.locator("code.req-id");
  await expect(id).toHaveAttribute("title", consoleRequestId);
  expect(await id.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  // Nothing of the row is hidden in the table's own sideways scroll: it fits the table's box.
  const copy = first.getByRole("button", { name: /^Copy/ });
  await expectWithinWidth(page, copy);
  for (const target of [id, copy, first.getByRole("button", { name: /^Details/ })]) {
    expect(
      await target.evaluate(
        (e) => e.getBoundingClientRect().right <= (e.closest(".table-wrap")?.getBoundingClientRect().right ?? 0),
      ),
    ).toBe(true);
  }
  await expectAccessible(page, "/requests");
  await shot(page, "requests");
});
