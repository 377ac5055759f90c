import { readFileSync } from "node:fs";

import { type Browser, type Page, expect, test } from "@playwright/test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";

import { admin, screenshot, serverUrl, signIn, v1 } from "./support";

// One story, in order: later steps use what earlier ones made (a key, a translation, a member).
test.describe.configure({ mode: "serial" });

const memberEmail = "member@example.com";
const memberPassword = "member-password-1";

/** The smallest Word document: one paragraph per sentence. */
function docx(paragraphs: string[]): Buffer {
  const decl = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join("");
  return Buffer.from(
    zipSync({
      "[Content_Types].xml": strToU8(
        `${decl}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      "_rels/.rels": strToU8(
        `${decl}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      "word/document.xml": strToU8(
        `${decl}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

/** Drops a file on an element the way a browser does (a drop event carrying a DataTransfer). */
async function dropFile(
  page: Page,
  testId: string,
  file: { name: string; mimeType: string; text: string },
): Promise<void> {
  const transfer = await page.evaluateHandle(({ name, mimeType, text }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: mimeType }));
    return dt;
  }, file);
  await page.getByTestId(testId).dispatchEvent("drop", { dataTransfer: transfer });
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, admin().email, admin().password);
  return page;
}

test("1. signs in with e-mail and password; a wrong password is refused", async ({ page }) => {
  await page.goto(`${serverUrl()}/dashboard`);
  await expect(page).toHaveURL(/\/sign-in/);
  await screenshot(page, "sign-in");
  await page.getByLabel("E-mail").fill(admin().email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not right");

  await signIn(page, admin().email, admin().password);
  await expect(page.getByText("Allowance this period")).toBeVisible();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByText("Translate", { exact: true }).first()).toBeVisible();
  await screenshot(page, "dashboard");
});

let readKey = "";

test("2. a key with only the read scope is shown once, reads quota and may not translate", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByLabel("Name").fill("read-only e2e");
  await page.getByLabel(/^translate/).uncheck();
  await page.getByLabel(/^read/).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-key-value");
  await expect(shown).toHaveText(/^svc_[0-9A-Za-z]{36}$/);
  await expect(page.getByTestId("new-key")).toContainText("will not be shown again");
  readKey = (await shown.textContent()) ?? "";
  const row = page.getByRole("row", { name: /read-only e2e/ });
  await expect(row).toContainText(readKey.slice(0, 7));
  await expect(row).toContainText(admin().email);
  await screenshot(page, "keys");

  await page.reload();
  await expect(page.getByRole("row", { name: /read-only e2e/ })).toBeVisible();
  expect(await page.content()).not.toContain(readKey);

  expect((await v1("/v1/quota", readKey)).status).toBe(200);
  const translate = await v1("/v1/translate", readKey, {
    method: "POST",
    body: JSON.stringify({ text: "Hello", source_lang: "en", target_lang: "es" }),
  });
  expect(translate.status).toBe(403);
  expect(((await translate.json()) as { error: { code: string } }).error.code).toBe("insufficient_scope");
});

test("3. a revoked key gets 401 on its next request", async ({ browser }) => {
  expect(readKey).not.toBe("");
  const page = await adminPage(browser);
  await page.goto(`${serverUrl()}/keys`);
  const row = page.getByRole("row", { name: /read-only e2e/ });
  await row.getByRole("button", { name: "Revoke" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cannot be undone");
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /read-only e2e/ })).toHaveCount(0);
  expect((await v1("/v1/quota", readKey)).status).toBe(401);
});

test("4. the playground translates with quality score and credits, and the usage chart, table and CSV show it", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.getByRole("link", { name: "Translate" }).click();
  await expect(page.getByRole("heading", { name: "Translate" })).toBeVisible();
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByRole("button", { name: "Swap languages" }).click();
  await expect(page.getByLabel("From")).toHaveValue("es");
  await page.getByRole("button", { name: "Swap languages" }).click();
  await page.getByLabel("Text").fill("Good morning. The house is big.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("translation")).toHaveText("Buenos días. La casa es grande.");
  // The score, then what it means (its explanation sits beside it).
  await expect(page.getByTestId("quality-score")).toHaveText(/^\d+(\.\d+)?What this means/);
  await expect(page.getByTestId("credits-used")).toHaveText("31");
  await screenshot(page, "translate");

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Usage" }).click();
  await expect(page.getByRole("heading", { name: "Usage" })).toBeVisible();
  const chart = page.getByTestId("chart-per-day");
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("chart-per-language")).toContainText("es");
  // The playground's row: usage per key puts it under "No key" (other tests' keys have rows too).
  const row = page.getByRole("row", { name: /\bes\b.*No key/ });
  await expect(row).toContainText("31");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toBe("date,target_lang,api_key_id,api_key_name,characters,credits,translations");
  // The playground translates with the member's session, not an API key.
  expect(csv).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10)},es,,,31,31,1$`, "m"));
  await screenshot(page, "usage");
});

test("4b. documents (issue test 4): a docx is checked in the browser, uploaded, followed to completion, downloaded, and is in Spanish", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.getByRole("link", { name: "Documents" }).click();
  await expect(page.getByRole("heading", { name: "Documents", exact: true })).toBeVisible();
  await expect(page.getByText("No documents yet")).toBeVisible();

  // Refused in the page, before any upload: an unknown format (dropped) and an oversized text file.
  await dropFile(page, "dropzone", { name: "setup.exe", mimeType: "application/octet-stream", text: "MZ" });
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not a supported format");
  await page
    .getByLabel("File")
    .setInputFiles({ name: "huge.txt", mimeType: "text/plain", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 97) });
  await expect(page.getByRole("main").getByRole("alert")).toContainText("at most 5 MB");
  await expect(page.getByRole("button", { name: "Translate document" })).toBeDisabled();

  await page.getByLabel("File").setInputFiles({
    name: "greeting.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: docx(["Good morning.", "The house is big."]),
  });
  await expect(page.getByText("Ready: greeting.docx")).toBeVisible();
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByRole("button", { name: "Translate document" }).click();
  const progress = page.getByTestId("job-progress");
  await expect(progress.getByRole("progressbar", { name: "Progress of greeting.docx" })).toBeVisible();
  await expect(progress.getByRole("status")).toHaveText("Done.", { timeout: 60_000 });
  await expect(progress.getByRole("progressbar")).toHaveAttribute("value", "100");
  // The document's score, explained, and its segments lowest first, for a reviewer to start with.
  await expect(progress.getByTestId("document-quality")).toHaveText(
    /length-weighted mean of its segments\): \d+What this means/,
  );
  const review = progress.getByTestId("segments-to-review");
  await review.getByText("Review first: 2 segments with the lowest scores").click();
  await expect(review.getByRole("row", { name: /Good morning\./ })).toBeVisible();
  await expect(review.getByRole("row", { name: /The house is big\./ })).toBeVisible();
  // The same file and pair again would be billed again: the form says so before it is sent.
  await expect(page.getByTestId("bills-again")).toContainText("Translating it again bills it again");
  await expect(page.getByRole("button", { name: "Translate again (billed again)" })).toBeEnabled();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    progress.getByRole("link", { name: "Download greeting.es.docx" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("greeting.es.docx");
  const parts = unzipSync(readFileSync((await download.path()) ?? ""));
  const xml = strFromU8(parts["word/document.xml"] ?? new Uint8Array());
  expect(xml).toContain("Buenos días.");
  expect(xml).toContain("La casa es grande.");
  expect(xml).not.toContain("Good morning");

  const row = page.getByRole("row", { name: /greeting\.docx/ });
  await expect(row).toContainText("completed");
  await expect(row).toContainText("en → es");
  await expect(row.getByRole("link", { name: /Download greeting\.es\.docx/ })).toBeVisible();
  await screenshot(page, "documents");
});

test("4c. a glossary is created, edited, imported and exported, then used in the playground; the dashboard counts it", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.getByRole("link", { name: "Glossaries" }).click();
  await expect(page.getByRole("heading", { name: "Glossaries", exact: true })).toBeVisible();
  await expect(page.getByText("No glossaries yet")).toBeVisible();
  await page.getByLabel("Glossary name").fill("Brand terms");
  await page.getByLabel("Source language").selectOption("en");
  await page.getByLabel("Target language").selectOption("es");
  await page.getByRole("button", { name: "Create glossary" }).click();
  await expect(page.getByRole("row", { name: /Brand terms/ })).toContainText("en → es");

  await page.getByLabel("Source term").fill("house");
  await page.getByLabel("Target term").fill("hogar");
  await page.getByRole("button", { name: "Add entry" }).click();
  await expect(page.getByRole("row", { name: /house/ })).toContainText("hogar");
  await page
    .getByLabel("Import file")
    .setInputFiles({ name: "terms.csv", mimeType: "text/csv", buffer: Buffer.from("source,target\ncar,coche\n") });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 1, skipped 0." })).toBeVisible();
  await expect(page.getByRole("row", { name: /Brand terms/ })).toContainText("2");
  await page.getByLabel("Export format").selectOption("tsv");
  const [exported] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export", exact: true }).click(),
  ]);
  const tsv = readFileSync((await exported.path()) ?? "", "utf8");
  expect(tsv).toContain("house\thogar");
  expect(tsv).toContain("car\tcoche");
  await screenshot(page, "glossaries");

  await page.getByRole("link", { name: "Translate" }).click();
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByLabel("Glossary Brand terms").check();
  await page.getByLabel("Text").fill("The house is big.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("translation")).toContainText("hogar");
  // The Analyze panel reads the same text, for free.
  await expect(page.getByTestId("analysis-language")).toHaveText("en");
  await expect(page.getByTestId("analysis-domain")).not.toBeEmpty();
  await screenshot(page, "translate-with-resources");

  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.locator(".grid > div", { hasText: /^Glossaries/ })).toContainText(/^Glossaries1 of [\d,]+$/);
});

test("5. an admin invites a member by link and changes roles; the member cannot open API keys and the server refuses too; a role change signs them out", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Invite someone" })).toBeVisible();
  await page.getByLabel("E-mail").fill(memberEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("member");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invitation-link").textContent()) ?? "";
  expect(link).toMatch(/\/invite\/[0-9A-Za-z]{32}$/);
  await expect(page.getByRole("row", { name: new RegExp(memberEmail) })).toContainText("member");
  await screenshot(page, "members");

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: /Join Demo organization/ })).toBeVisible();
  await screenshot(invitee, "invitation");
  await invitee.getByLabel(/Choose a password/).fill(memberPassword);
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "This invitation link no longer works" })).toBeVisible();
  await expect(invitee.getByRole("main")).toContainText("already been used");

  const member = await (await browser.newContext()).newPage();
  await signIn(member, memberEmail, memberPassword);
  await expect(member.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await member.goto(`${serverUrl()}/keys`);
  await expect(member.getByTestId("needs-admin")).toContainText("API keys needs an admin");
  const refused = await member.request.get(`${serverUrl()}/api/trpc/keys.list`);
  expect(refused.status()).toBe(403);
  const created = await member.request.post(`${serverUrl()}/api/trpc/keys.create`, {
    data: { json: { name: "sneaky", scopes: ["translate"] } },
    headers: { Origin: serverUrl() },
  });
  expect(created.status()).toBe(403);

  // The admin promotes them: the member's sessions end, and they sign in again with the new role.
  await page.reload();
  const memberRow = page.getByRole("row", { name: new RegExp(memberEmail) });
  // Choosing a role asks first: Cancel (focused) leaves the role as it was.
  const roleSelect = memberRow.getByLabel(`Role of ${memberEmail}`, { exact: true });
  await roleSelect.selectOption("admin");
  const confirm = page.getByRole("dialog", { name: `Change the role of ${memberEmail} to admin?` });
  await expect(confirm).toContainText("Admins manage API keys");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(roleSelect).toHaveValue("member");
  await page.reload();
  await expect(
    page.getByRole("row", { name: new RegExp(memberEmail) }).getByLabel(`Role of ${memberEmail}`, { exact: true }),
  ).toHaveValue("member");
  await page
    .getByRole("row", { name: new RegExp(memberEmail) })
    .getByLabel(`Role of ${memberEmail}`, { exact: true })
    .selectOption("admin");
  await page
    .getByRole("dialog", { name: `Change the role of ${memberEmail} to admin?` })
    .getByRole("button", { name: "Change role" })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(
    page.getByRole("row", { name: new RegExp(memberEmail) }).getByLabel(`Role of ${memberEmail}`, { exact: true }),
  ).toHaveValue("admin");
  await member.reload();
  await expect(member).toHaveURL(/\/sign-in/);
  await signIn(member, memberEmail, memberPassword);
  await member.goto(`${serverUrl()}/keys`);
  await expect(member.getByRole("heading", { name: "Active keys" })).toBeVisible();
  expect((await member.request.get(`${serverUrl()}/api/trpc/keys.list`)).status()).toBe(200);
});

test("6. cross-site requests to the console API are refused", async ({ browser }) => {
  const page = await adminPage(browser);
  const res = await page.request.post(`${serverUrl()}/api/trpc/keys.create`, {
    data: { json: { name: "csrf", scopes: ["read"] } },
    headers: { Origin: "https://evil.example" },
  });
  expect(res.status()).toBe(403);
  expect(res.headers()["access-control-allow-origin"]).toBeUndefined();
});

test("7. settings save the name and identity-provider id; every page renders at 1440 and 375 px; sign-out ends the session", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("starter");
  await page.getByLabel("Organization name").fill("Demo org renamed");
  await page.getByLabel("Identity-provider organization id").fill("acme-idp");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Organization name")).toHaveValue("Demo org renamed");
  await screenshot(page, "settings");

  // Pages with nothing in them yet, in their empty state (the others were saved with content above).
  for (const [path, heading, empty] of [
    ["/memories", "Translation memories", "No translation memories yet"],
    ["/brand-voices", "Brand voices", "No brand voices yet"],
  ] as const) {
    await page.goto(`${serverUrl()}${path}`);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText(empty)).toBeVisible();
    await screenshot(page, path.slice(1));
  }

  // A memory gets a unit; a brand voice is created and then edited.
  await page.goto(`${serverUrl()}/memories`);
  await page.getByLabel("Memory name").fill("Support TM");
  await page.getByRole("button", { name: "Create memory" }).click();
  await page.getByLabel("Source sentence").fill("Restart the router.");
  await page.getByLabel("Target sentence").fill("Reinicie el router.");
  await page.getByRole("button", { name: "Add unit" }).click();
  await expect(page.getByRole("row", { name: /Support TM/ })).toContainText("1");
  await page.goto(`${serverUrl()}/brand-voices`);
  await page.getByLabel("Voice name").fill("Friendly");
  await page.getByLabel("Formality").selectOption("Informal");
  await page.getByLabel("Do not translate").fill("Tolk");
  await page.getByRole("button", { name: "Create brand voice" }).click();
  const voice = page.getByRole("row", { name: /Friendly/ });
  await expect(voice).toContainText("Informal");
  await voice.getByRole("button", { name: "Edit Friendly" }).click();
  await page.getByLabel("Tone").fill("warm");
  await page.getByRole("button", { name: "Save brand voice" }).click();
  await expect(voice).toContainText("warm");
  await screenshot(page, "brand-voices-filled");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(`${serverUrl()}/keys`);
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await page.request.get(`${serverUrl()}/api/trpc/keys.list`)).status()).toBe(401);
});
