import { type Page, expect, test } from "@playwright/test";

import { v1 } from "./support";
import {
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

// A key's life in the console, in order: made with an expiry, used, renamed, rotated twice
// (with an overlap, then without), its expired predecessor revoked; the audit log has it all.
test.describe.configure({ mode: "serial" });

let org: TestOrg;
test.beforeAll(async () => {
  org = await newOrg("Key lifecycle org");
});

let staging = "";
let firstReplacement = "";

const keysPage = async (page: Page) => {
  await page.goto(url("/keys"));
  await expect(page.getByRole("heading", { name: "Active keys" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
};

test("a key made with an expiry is shown once with focus on it, says when it expires, and its name cannot be taken twice", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner);
  await keysPage(page);
  await page.getByLabel("Name").fill("Staging");
  await page.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toBeFocused();
  await expect(shown).toContainText("It expires on");
  staging = (await page.getByTestId("new-key-value").textContent()) ?? "";
  expect(staging).toMatch(/^svc_[0-9A-Za-z]{36}$/);
  const row = page.getByRole("row", { name: /Staging/ });
  await expect(row).toContainText("in 30 days");
  await expect(row).toContainText("never"); // not used yet

  // Names tell keys apart: the same name in another case is refused, with the reason.
  await page.getByLabel("Name").fill("staging");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("already named “Staging”");
  await expect(page.getByRole("row", { name: /Staging/ })).toHaveCount(1);
  await expectAccessible(page, "/keys after creating a key");
});

test("after a call with the key, the list shows when it was last used, with the exact time on hover", async ({
  browser,
}) => {
  expect((await v1("/v1/me", staging)).status).toBe(200);
  const page = await pageInSession(browser, org.owner);
  await keysPage(page);
  // The request does not wait for this bookkeeping write: reload until it is there.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row", { name: /Staging/ }).locator("time", { hasText: "just now" })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("row", { name: /Staging/ }).locator("time", { hasText: "just now" })).toHaveAttribute(
    "title",
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
  );
});

test("a key is renamed in a dialog; a name another key has is refused there", async ({ browser }) => {
  const page = await pageInSession(browser, org.owner);
  await keysPage(page);
  await page
    .getByRole("row", { name: /Staging/ })
    .getByRole("button", { name: "Rename" })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("New key name")).toBeFocused();
  await expectAccessible(page, "/keys rename dialog");
  await dialog.getByLabel("New key name").fill("default KEY");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(dialog.getByRole("alert")).toContainText("already named “Default key”");
  await dialog.getByLabel("New key name").fill("Staging EU");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Staging EU/ })).toHaveCount(1);
  // The key itself is unchanged.
  expect((await v1("/v1/me", staging)).status).toBe(200);
});

test("rotating with a 1-hour overlap shows the new key once; both keys work, the old one marked as replaced", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner);
  await keysPage(page);
  await page
    .getByRole("row", { name: /Staging EU/ })
    .getByRole("button", { name: "Rotate" })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Old key keeps working for").selectOption({ label: "1 hour" });
  await dialog.getByRole("button", { name: "Rotate key" }).click();
  const result = dialog.getByTestId("rotated-key");
  await expect(result).toBeFocused();
  await expect(result).toContainText("keeps working until");
  firstReplacement = (await dialog.getByTestId("rotated-key-value").textContent()) ?? "";
  expect(firstReplacement).toMatch(/^svc_[0-9A-Za-z]{36}$/);
  await expectAccessible(page, "/keys rotation result");
  await dialog.getByRole("button", { name: "I stored it, close" }).click();
  await expect(dialog).toBeHidden();
  // The dialog hides at once; its content goes on the close event, a moment later.
  await expect.poll(() => page.content()).not.toContain(firstReplacement);

  const rows = page.getByRole("row", { name: /Staging EU/ });
  await expect(rows).toHaveCount(2);
  const old = rows.filter({ hasText: "replaced by" });
  await expect(old).toContainText(firstReplacement.slice(0, 7));
  await expect(old).toContainText("in 1 hour");
  await expect(old.getByRole("button", { name: "Rotate" })).toHaveCount(0);
  expect((await v1("/v1/me", staging)).status).toBe(200);
  expect((await v1("/v1/me", firstReplacement)).status).toBe(200);
});

test("rotating with no overlap stops the old key at once: the API says it expired and the console lists it as expired", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner);
  await keysPage(page);
  await page
    .getByRole("row", { name: /Staging EU/ })
    .filter({ hasNotText: "replaced by" })
    .getByRole("button", { name: "Rotate" })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Old key keeps working for").selectOption({ label: "No overlap: it stops now" });
  await dialog.getByRole("button", { name: "Rotate key" }).click();
  await expect(dialog.getByTestId("rotated-key")).toContainText("no longer works");
  const newest = (await dialog.getByTestId("rotated-key-value").textContent()) ?? "";
  await dialog.getByRole("button", { name: "I stored it, close" }).click();

  const refused = await v1("/v1/me", firstReplacement);
  expect(refused.status).toBe(401);
  const body = (await refused.json()) as { error: { code: string; type: string; message: string; request_id: string } };
  expect(body.error).toMatchObject({ code: "unauthorized", type: "authentication_error" });
  expect(body.error.message).toContain("expired");
  expect((await v1("/v1/me", newest)).status).toBe(200);

  await page.reload();
  const expired = page.getByRole("region", { name: "Expired keys" });
  await expect(expired.getByRole("row", { name: /Staging EU/ })).toContainText("Expired");
  await expect(expired.getByRole("row", { name: /Staging EU/ }).getByRole("button", { name: "Rotate" })).toHaveCount(0);
  await expectAccessible(page, "/keys with an expired key");
});

test("revoking keeps focus on the list, and every change is in the audit log", async ({ browser }) => {
  const page = await pageInSession(browser, org.owner);
  await keysPage(page);
  const expired = page.getByRole("region", { name: "Expired keys" });
  await expired
    .getByRole("row", { name: /Staging EU/ })
    .getByRole("button", { name: "Revoke" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("region", { name: "Expired keys" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Active keys" })).toBeFocused();

  await page.goto(url("/audit"));
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  for (const action of ["api_key.created", "api_key.renamed", "api_key.rotated", "api_key.revoked"]) {
    await expect(page.getByTestId("audit-row").filter({ hasText: action }).first()).toContainText(org.owner.email);
  }
  await expect(page.getByTestId("audit-row").filter({ hasText: "api_key.renamed" })).toContainText(
    "Staging → Staging EU",
  );
});

test("the keys page at 390 px: no sideways scroll with replaced keys listed, the row actions on screen, accessible", async ({
  browser,
}) => {
  const page = await pageInSession(browser, org.owner, PHONE);
  await keysPage(page);
  await expectNoSideScroll(page, "/keys");
  const row = page.getByRole("row", { name: /Staging EU/ }).first();
  for (const name of ["Rename", "Rotate", "Revoke"]) await expectWithinWidth(page, row.getByRole("button", { name }));
  await expectAccessible(page, "/keys");
  await shot(page, "keys-lifecycle");
});
