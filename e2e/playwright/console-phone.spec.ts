import { type Locator, type Page, expect, test } from "@playwright/test";

import {
  DESKTOP,
  PHONE,
  type TestOrg,
  expectAccessible,
  expectNoSideScroll,
  expectWithinWidth,
  layoutShift,
  newOrg,
  pageAs,
  pageInSession,
  recordLayoutShift,
  shot,
  url,
} from "./ux-support";

// Every page at 390 × 844 (a phone) and 1440 × 900: no sideways scroll, its main action on screen,
// no axe-core violation, and a screenshot of each into the git-ignored screenshots folder.
test.describe.configure({ mode: "serial" });

let org: TestOrg;
test.beforeAll(async () => {
  org = await newOrg("Phone org");
});

/** Each console page, the heading it opens with and its main action. */
const pages: { path: string; heading: string; action: (page: Page) => Locator }[] = [
  { path: "/dashboard", heading: "Dashboard", action: (p) => p.getByRole("progressbar") },
  {
    path: "/translate",
    heading: "Translate",
    action: (p) => p.getByRole("button", { name: "Translate", exact: true }),
  },
  { path: "/usage", heading: "Usage", action: (p) => p.getByRole("button", { name: "Export CSV" }) },
  { path: "/documents", heading: "Documents", action: (p) => p.getByRole("button", { name: "Translate document" }) },
  { path: "/glossaries", heading: "Glossaries", action: (p) => p.getByRole("button", { name: "Create glossary" }) },
  {
    path: "/memories",
    heading: "Translation memories",
    action: (p) => p.getByRole("button", { name: "Create memory" }),
  },
  {
    path: "/brand-voices",
    heading: "Brand voices",
    action: (p) => p.getByRole("button", { name: "Create brand voice" }),
  },
  { path: "/keys", heading: "API keys", action: (p) => p.getByRole("button", { name: "Create key" }) },
  { path: "/members", heading: "Members", action: (p) => p.getByRole("button", { name: "Create invitation link" }) },
  { path: "/settings", heading: "Settings", action: (p) => p.getByRole("button", { name: "Save", exact: true }) },
  { path: "/account", heading: "Account", action: (p) => p.getByRole("button", { name: "Change password" }) },
];

test("setup: the organization has a glossary, a memory, a brand voice, a member and a translation to show", async ({
  browser,
}) => {
  await org.addUser("member");
  const page = await pageAs(browser, org.owner);
  await page.goto(url("/glossaries"));
  await page.getByLabel("Glossary name").fill("Product names with a rather long title");
  await page.getByRole("button", { name: "Create glossary" }).click();
  await page.getByLabel("Source term").fill("house");
  await page.getByLabel("Target term").fill("hogar");
  await page.getByRole("button", { name: "Add entry" }).click();
  await page.goto(url("/memories"));
  await page.getByLabel("Memory name").fill("Support TM");
  await page.getByRole("button", { name: "Create memory" }).click();
  await page.goto(url("/brand-voices"));
  await page.getByLabel("Voice name").fill("Friendly");
  await page.getByRole("button", { name: "Create brand voice" }).click();
  await page.goto(url("/translate"));
  await page.getByLabel("Text").fill("The house is big.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("translation")).toHaveText("La casa es grande.");
});

for (const { path, heading, action } of pages) {
  test(`${path} at 390 px: no sideways scroll, main action on screen, accessible; screenshots at both widths`, async ({
    browser,
  }) => {
    const page = await pageInSession(browser, org.owner, PHONE);
    await page.goto(url(path));
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectNoSideScroll(page, path);
    await expectWithinWidth(page, action(page));
    // The menu is folded: the page's own content comes first.
    await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
    await expectAccessible(page, path);
    await shot(page, path.slice(1));
    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
    await expectNoSideScroll(page, path);
    await expectAccessible(page, path);
    await shot(page, path.slice(1));
  });
}

// Layout shift as the browser measures it (the sum of its layout-shift entries, a stricter figure
// than CLS's worst window): "good" is at most 0.1. A fresh page load at each size, content loading
// included, since that is when a page jumps.
const logPages = [
  { path: "/requests", heading: "Requests" },
  { path: "/audit", heading: "Audit log" },
];
for (const { path, heading } of [...pages, ...logPages]) {
  test(`${path} loads without layout shift (≤ 0.1) at 390 px and at 1440 px`, async ({ browser }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await pageInSession(browser, org.owner, viewport);
      await recordLayoutShift(page);
      await page.goto(url(path));
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await layoutShift(page), `layout shift of ${path} at ${viewport.width} px`).toBeLessThanOrEqual(0.1);
      await page.context().close();
    }
  });
}

test("pages outside the console at 390 px: sign-in, a gone invitation, an unknown address", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  for (const [path, name, action] of [
    ["/sign-in", "sign-in", (p: Page) => p.getByRole("button", { name: "Sign in" })],
    ["/invite/not-a-real-token", "invitation-gone", (p: Page) => p.getByRole("link", { name: "Sign in" }).last()],
    ["/no-such-page", "not-found", (p: Page) => p.getByRole("link", { name: "Go to the dashboard" })],
  ] as const) {
    await page.setViewportSize(PHONE);
    await page.goto(url(path));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSideScroll(page, path);
    await expectWithinWidth(page, action(page));
    await expectAccessible(page, path);
    await shot(page, name);
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, path);
    await shot(page, name);
  }
});

test("the phone menu opens, leads to a page and folds again", async ({ browser }) => {
  const page = await pageAs(browser, org.owner, PHONE);
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: "API keys" })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expectNoSideScroll(page, "open menu");
  await expectAccessible(page, "open menu");
  await shot(page, "menu-open");
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: "Glossaries" })).toBeHidden();
});

test("tables fit a phone with their actions on screen; the dashboard's numbers sit side by side", async ({
  browser,
}) => {
  const page = await pageAs(browser, org.owner, PHONE);
  await page.goto(url("/keys"));
  await expectWithinWidth(page, page.getByRole("row", { name: /Default key/ }).getByRole("button", { name: "Revoke" }));
  await page.goto(url("/members"));
  const member = page.getByRole("row", { name: /member-/ });
  await expectWithinWidth(page, member.getByRole("button", { name: "Remove" }));
  await expectWithinWidth(page, member.getByRole("combobox"));
  await page.goto(url("/glossaries"));
  await expectWithinWidth(
    page,
    page.getByRole("row", { name: /Product names/ }).getByRole("button", { name: "Delete" }),
  );
  await expectNoSideScroll(page, "/glossaries");

  await page.goto(url("/dashboard"));
  const allowance = await page.getByText("Allowance this period", { exact: true }).boundingBox();
  const consumed = await page.getByText("Consumed this period", { exact: true }).boundingBox();
  if (!allowance || !consumed) throw new Error("the dashboard's stats have no boxes");
  expect(Math.abs(allowance.y - consumed.y)).toBeLessThan(2);
  expect(consumed.x).toBeGreaterThan(allowance.x);
});
