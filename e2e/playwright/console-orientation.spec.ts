import { expect, test } from "@playwright/test";

import { v1 } from "./support";
import { type TestOrg, expectAccessible, newOrg, pageInSession, url } from "./ux-support";

// A new organization finds its way: what Tolk is, the first steps, what things cost before and
// after, languages it cannot have yet, and a deep link that survives signing in.
test.describe.configure({ mode: "serial" });

let org: TestOrg;
test.beforeAll(async () => {
  org = await newOrg("Orientation org");
});

test("sign-in says what Tolk is, and a deep link survives it (never to another site)", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url("/usage?from=2026-01-01"));
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fusage%3Ffrom%3D2026-01-01$/);
  await expect(page.getByRole("main")).toContainText("Machine translation for your organization");
  await page.getByLabel("E-mail").fill(org.owner.email);
  await page.getByLabel("Password").fill(org.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/usage\?from=2026-01-01$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
  await expect(page).toHaveTitle("Usage · Tolk");

  // A `next` pointing elsewhere is ignored: the dashboard opens instead.
  const other = await (await browser.newContext()).newPage();
  await other.goto(url("/sign-in?next=%2F%2Fevil.example%2Fx"));
  await other.getByLabel("E-mail").fill(org.owner.email);
  await other.getByLabel("Password").fill(org.owner.password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
});

test("a new organization's dashboard: what Tolk does, three first steps with a curl line, 30 days of credits, plain words", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner);
  await page.goto(url("/dashboard"));
  await expect(page.getByRole("main")).toContainText("Tolk translates text, keyed strings and documents");
  const checklist = page.getByTestId("first-run");
  await expect(checklist.getByRole("heading", { name: "Get started" })).toBeVisible();
  await expect(checklist.locator("li[data-done='false']")).toHaveCount(3);
  await expect(checklist.getByTestId("first-run-curl")).toContainText("/v1/translate");
  await expect(checklist.getByRole("link", { name: "Create an API key" })).toHaveAttribute("href", "/keys");
  await expect(page.getByRole("heading", { name: "Credits spent, last 30 days" })).toBeVisible();
  await expect(page.getByTestId("chart-30-days")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("one credit per character of its output");
  await expectAccessible(page, "the dashboard with its checklist");

  // A translation ticks the playground's step off; the chart counts its credits.
  const res = await v1("/v1/translate", org.apiKey, {
    method: "POST",
    body: JSON.stringify({ text: "The house is big.", source_lang: "en", target_lang: "es" }),
  });
  expect(res.status).toBe(200);
  await page.reload();
  await expect(checklist.getByRole("listitem").filter({ hasText: "Try the playground" })).toHaveAttribute(
    "data-done",
    "true",
  );
  await expect(page.getByRole("main")).toContainText("18 credits from");
});

test("the playground estimates before sending, counts against the plan's limit, explains the bill after, and keeps the focus on the result", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner);
  await page.goto(url("/translate"));
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  const text = "Restart the router, then open the settings page and sign in again now.";
  await page.getByLabel("Text").fill(text);
  const counter = page.getByTestId("text-counter");
  await expect(counter).toContainText(`${text.length} of `);
  await expect(counter).toContainText("characters (your plan's limit per text)");
  await expect(page.getByTestId("credits-estimate")).toHaveText(`${text.length} credits`);
  await expect(page.getByTestId("cost-estimate")).toContainText("This is an estimate from the text's");

  await page.getByRole("button", { name: "Translate", exact: true }).click();
  const translation = (await page.getByTestId("translation").textContent()) ?? "";
  expect(translation.length).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Result" })).toBeFocused();
  await expect(page.getByTestId("cost-explained")).toContainText(
    `Cost: ${[...translation].length} credits = ${[...translation].length} characters of Spanish × 1 credit per character.`,
  );
  await expect(page.getByRole("button", { name: "Copy translation" })).toBeVisible();

  // Over the plan's limit: said plainly, and the request is not sent.
  const limit = Number(((await counter.textContent()) ?? "").match(/of ([\d,]+)/)?.[1]?.replaceAll(",", ""));
  expect(limit).toBeGreaterThan(0);
  await page.getByLabel("Text").fill("a".repeat(limit + 1));
  await expect(counter).toContainText("shorten the text or split it");
  await expect(page.getByRole("button", { name: "Translate", exact: true })).toBeDisabled();
});

test("a language no engine serves is listed, disabled, with what would add it; lists are sorted by name", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner);
  await page.goto(url("/translate"));
  await page.getByLabel("From").selectOption("en");
  const to = page.getByLabel("To");
  const german = to.locator("option[value='de']");
  await expect(german).toBeDisabled();
  await expect(page.getByTestId("unserved-languages")).toContainText("German");
  await expect(page.getByTestId("unserved-languages").getByRole("link", { name: "Settings" })).toHaveAttribute(
    "href",
    "/settings#deepl",
  );
  const names = await page
    .getByLabel("From")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o.textContent ?? "").replace(/ \([^)]*\)$/u, "")));
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
});

test("the request log and audit log have their own titles", async ({ browser }) => {
  const page = await pageInSession(browser, org.owner);
  await page.goto(url("/requests"));
  await expect(page).toHaveTitle("Requests · Tolk");
  await page.goto(url("/audit"));
  await expect(page).toHaveTitle("Audit log · Tolk");
});
