import { type Page, expect, test } from "@playwright/test";

import { signIn, v1 } from "./support";
import { PHONE, type TestOrg, expectNoSideScroll, newOrg, pageAs, shot, url } from "./ux-support";

// Regression tests of issue 25's defects, in an organization of their own. Serial: later steps
// use what earlier ones made (a glossary, a memory, a brand voice, a member).
test.describe.configure({ mode: "serial" });

let org: TestOrg;
test.beforeAll(async () => {
  org = await newOrg("Defects org");
});

/** The cookie header a browser context would send: a copy of its session. */
async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

test("defect 1: the playground shows the terms applied, the memory match and the brand voice", async ({ browser }) => {
  const page = await pageAs(browser, org.owner);
  await page.goto(url("/glossaries"));
  await page.getByLabel("Glossary name").fill("Home terms");
  await page.getByLabel("Source language").selectOption("en");
  await page.getByLabel("Target language").selectOption("es");
  await page.getByRole("button", { name: "Create glossary" }).click();
  await page.getByLabel("Source term").fill("house");
  await page.getByLabel("Target term").fill("hogar");
  await page.getByRole("button", { name: "Add entry" }).click();
  await expect(page.getByRole("row", { name: /house/ })).toContainText("hogar");

  await page.goto(url("/memories"));
  await page.getByLabel("Memory name").fill("Support TM");
  await page.getByRole("button", { name: "Create memory" }).click();
  await page.getByLabel("Source sentence").fill("Restart the router.");
  await page.getByLabel("Target sentence").fill("Reinicie el router.");
  await page.getByRole("button", { name: "Add unit" }).click();
  await expect(page.getByRole("row", { name: /Restart the router/ })).toBeVisible();

  await page.goto(url("/brand-voices"));
  await page.getByLabel("Voice name").fill("Friendly");
  await page.getByLabel("Formality").selectOption("Informal");
  await page.getByRole("button", { name: "Create brand voice" }).click();
  await expect(page.getByRole("row", { name: /Friendly/ })).toBeVisible();

  await page.goto(url("/translate"));
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByLabel("Glossary Home terms").check();
  await page.getByLabel("Translation memory").selectOption({ label: "Support TM (1 unit)" });
  await page.getByLabel("Brand voice").selectOption({ label: "Friendly" });
  await page.getByLabel("Text").fill("Restart the router. The house is big.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("translation")).toContainText("Reinicie el router.");
  await expect(page.getByTestId("translation")).toContainText("hogar");
  const effects = page.getByTestId("resource-effects");
  await expect(effects.getByTestId("terms-applied")).toContainText("house → hogar");
  await expect(effects.getByTestId("terms-applied")).toContainText("glossary Home terms");
  await expect(effects.getByTestId("tm-match")).toContainText("Sentence 1: exact match of unit");
  await expect(effects.getByTestId("brand-voice-applied")).toContainText("Friendly: formality Informal");
  // The bill says the memory's sentence is paid for like the engine's.
  await expect(page.getByTestId("cost-explained")).toContainText(
    "1 sentence came from your translation memory; memory matches are billed like any other output.",
  );
  await shot(page, "translate-effects");
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page, "the playground's result");
  await shot(page, "translate-effects");
});

test("defect 2: targets follow the source, an impossible pair cannot be sent, swap moves the translation into the input", async ({
  browser,
}) => {
  const res = await v1("/v1/languages", org.apiKey);
  const { languages } = ((await res.json()) as { data: { languages: { code: string; targets: string[] }[] } }).data;
  // A source with targets, none of them Spanish (Danish here): the old target must not stay.
  const few = languages.find((l) => l.targets.length > 0 && !l.targets.includes("es"));
  if (!few) throw new Error("no source language that does not reach Spanish");

  const page = await pageAs(browser, org.owner);
  await page.goto(url("/translate"));
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByLabel("From").selectOption(few.code);
  const to = page.getByLabel("To");
  // The languages the source cannot reach are listed too, disabled, with the reason beside them.
  const offered = await to
    .locator("option:not([disabled])")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered.sort()).toEqual([...few.targets].sort());
  expect(few.targets).toContain(await to.inputValue());
  await page.getByLabel("Text").fill("Hej");
  await expect(page.getByRole("button", { name: "Translate", exact: true })).toBeEnabled();

  // Swap: the translation becomes the text, and the pair turns around.
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByLabel("Text").fill("The house is big.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("translation")).toHaveText("La casa es grande.");
  await page.getByRole("button", { name: "Swap languages" }).click();
  await expect(page.getByLabel("From")).toHaveValue("es");
  await expect(page.getByLabel("To")).toHaveValue("en");
  await expect(page.getByLabel("Text")).toHaveValue("La casa es grande.");
  await expect(page.getByTestId("translation")).toHaveCount(0);

  // The glossary form names a pair this server cannot translate as such.
  const unreachable = languages.find(
    (l) => l.code !== "en" && !languages.find((s) => s.code === "en")?.targets.includes(l.code),
  );
  await page.goto(url("/glossaries"));
  await expect(page.getByTestId("pair-note")).toHaveText("");
  if (unreachable) {
    await page.getByLabel("Source language").selectOption("en");
    await page.getByLabel("Target language").selectOption(unreachable.code);
    await expect(page.getByTestId("pair-note")).toContainText("cannot translate");
    const groups = await page
      .getByLabel("Target language")
      .locator("optgroup")
      .evaluateAll((gs) => gs.map((g) => g.getAttribute("label")));
    expect(groups).toEqual(["Translatable from English", "Not translatable here yet"]);
  }
});

test("defect 3: sign-out ends the session on the server; a copied cookie stops working", async ({ browser }) => {
  const page = await pageAs(browser, org.owner);
  const copied = await cookieHeader(page);
  // The copy works while the session lives.
  expect((await fetch(url("/api/trpc/keys.list"), { headers: { cookie: copied } })).status).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  expect((await fetch(url("/api/trpc/keys.list"), { headers: { cookie: copied } })).status).toBe(401);
  const keys = await fetch(url("/keys"), { headers: { cookie: copied }, redirect: "manual" });
  expect(keys.status).toBeGreaterThanOrEqual(300);
  expect(keys.status).toBeLessThan(400);
  expect(keys.headers.get("location")).toMatch(/\/sign-in/);
  // In a browser too: the copied cookie opens the sign-in page, not the keys.
  const thief = await (await browser.newContext()).newPage();
  await thief.context().addCookies(await page.context().cookies());
  await thief.goto(url("/keys"));
  await expect(thief).toHaveURL(/\/sign-in/);
});

test("defect 3: a password change and a removal end the user's other sessions", async ({ browser }) => {
  const admin = await org.addUser("admin");
  const here = await pageAs(browser, admin);
  const elsewhere = await pageAs(browser, admin);

  await here.getByRole("link", { name: "Account" }).click();
  await expect(here).toHaveTitle("Account · Tolk");
  await here.getByLabel("Current password").fill("not-my-password");
  await here.getByLabel("New password (at least 8 characters)").fill("a-new-password-1");
  await here.getByLabel("New password again").fill("a-new-password-1");
  await here.getByRole("button", { name: "Change password" }).click();
  await expect(here.getByRole("main").getByRole("alert")).toContainText("current password is not right");

  await here.getByLabel("Current password").fill(admin.password);
  await here.getByLabel("New password (at least 8 characters)").fill("a-new-password-1");
  await here.getByLabel("New password again").fill("a-new-password-1");
  await here.getByRole("button", { name: "Change password" }).click();
  await expect(here.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
  // This browser stays signed in with the new password; the other one is out.
  await here.goto(url("/keys"));
  await expect(here.getByRole("heading", { name: "Active keys" })).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/sign-in/);
  await signIn(elsewhere, admin.email, "a-new-password-1");

  // The owner removes them: their session ends at once.
  const owner = await pageAs(browser, org.owner);
  await owner.goto(url("/members"));
  const row = owner.getByRole("row", { name: new RegExp(admin.email) });
  await row.getByRole("button", { name: "Remove" }).click();
  const dialog = owner.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(owner.getByRole("row", { name: new RegExp(admin.email) })).toHaveCount(0);
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/sign-in/);
  expect((await elsewhere.request.get(url("/api/trpc/session.current"))).status()).toBe(401);
});

test("defect 4: a used invitation, a member on admin pages and an unknown address each get a page that says what happened", async ({
  browser,
}) => {
  const owner = await pageAs(browser, org.owner);
  await owner.goto(url("/members"));
  const memberEmail = `invited-${Date.now()}@example.com`;
  await owner.getByLabel("E-mail").fill(memberEmail);
  await owner.getByLabel("Role", { exact: true }).selectOption("member");
  await owner.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await owner.getByTestId("invitation-link").textContent()) ?? "";

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await invitee.getByLabel(/Choose a password/).fill("member-password-1");
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  // Joining signs the new member in: the dashboard opens, no second password prompt.
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  for (const gone of [link, url("/invite/not-a-real-token")]) {
    await invitee.goto(gone);
    await expect(invitee.getByRole("heading", { name: "This invitation link no longer works" })).toBeVisible();
    await expect(invitee.getByRole("main")).toContainText("already been used, has expired, or was withdrawn");
    await expect(invitee.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute("href", "/sign-in");
    await expect(invitee.getByRole("button", { name: "Try again" })).toHaveCount(0);
  }

  const member = await pageAs(browser, { email: memberEmail, password: "member-password-1" });
  for (const [path, label] of [
    ["/keys", "API keys"],
    ["/members", "Members"],
    ["/settings", "Settings"],
  ] as const) {
    await member.goto(url(path));
    await expect(member.getByRole("heading", { level: 1, name: label })).toBeVisible();
    await expect(member.getByTestId("needs-admin")).toContainText(`${label} needs an admin`);
    await expect(member.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(member.getByRole("main").getByRole("textbox")).toHaveCount(0);
    await expect(member.getByRole("main").getByRole("button")).toHaveCount(0);
  }

  const missing = await owner.goto(url("/no-such-page"));
  expect(missing?.status()).toBe(404);
  await expect(owner.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(owner).toHaveTitle("Page not found · Tolk");
  await expect(owner.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
});

test("defect 4: every page has its own title, and there is a favicon", async ({ browser }) => {
  const page = await pageAs(browser, org.owner);
  for (const [path, title] of [
    ["/dashboard", "Dashboard"],
    ["/translate", "Translate"],
    ["/usage", "Usage"],
    ["/documents", "Documents"],
    ["/glossaries", "Glossaries"],
    ["/memories", "Translation memories"],
    ["/brand-voices", "Brand voices"],
    ["/keys", "API keys"],
    ["/members", "Members"],
    ["/settings", "Settings"],
    ["/account", "Account"],
  ] as const) {
    await page.goto(url(path));
    await expect(page).toHaveTitle(`${title} · Tolk`);
  }
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveAttribute("href", /icon\.svg/);
  const res = await fetch(new URL((await icon.getAttribute("href")) ?? "", url("/")));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("image/svg+xml");
  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(url("/sign-in"));
  await expect(signedOut).toHaveTitle("Sign in · Tolk");
});

test("defect 5: confirmation dialogs open on Cancel, so Enter keeps the key, the entry and the unit", async ({
  browser,
}) => {
  const page = await pageAs(browser, org.owner);
  await page.goto(url("/keys"));
  await page.getByLabel("Name").fill("kept by Enter");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = page.getByRole("row", { name: /kept by Enter/ });
  await key.getByRole("button", { name: "Revoke" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(key).toBeVisible();

  await page.goto(url("/glossaries"));
  await page
    .getByRole("row", { name: /Home terms/ })
    .getByRole("button", { name: "Edit" })
    .click();
  const entry = page.getByRole("row", { name: /house/ });
  await entry.getByRole("button", { name: "Delete entry house" }).click();
  await expect(page.getByRole("dialog")).toContainText("Delete this entry?");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(entry).toBeVisible();
  await entry.getByRole("button", { name: "Delete entry house" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete entry" }).click();
  await expect(page.getByRole("row", { name: /house/ })).toHaveCount(0);

  await page.goto(url("/memories"));
  await page
    .getByRole("row", { name: /Support TM/ })
    .getByRole("button", { name: "Edit" })
    .click();
  const unit = page.getByRole("row", { name: /Restart the router/ });
  await unit.getByRole("button", { name: /Delete unit/ }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(unit).toBeVisible();
  await unit.getByRole("button", { name: /Delete unit/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete unit" }).click();
  await expect(page.getByRole("row", { name: /Restart the router/ })).toHaveCount(0);
});

test("defect 6: a translated document, a glossary export and a memory export are named after what they are", async ({
  browser,
}) => {
  const page = await pageAs(browser, org.owner);
  await page.goto(url("/documents"));
  await page
    .getByLabel("File")
    .setInputFiles({ name: "report.txt", mimeType: "text/plain", buffer: Buffer.from("The house is big.\n") });
  await page.getByLabel("From").selectOption("en");
  await page.getByLabel("To").selectOption("es");
  await page.getByRole("button", { name: "Translate document" }).click();
  const progress = page.getByTestId("job-progress");
  await expect(progress.getByRole("status")).toHaveText("Done.", { timeout: 60_000 });
  const [document] = await Promise.all([
    page.waitForEvent("download"),
    progress.getByRole("link", { name: "Download report.es.txt" }).click(),
  ]);
  expect(document.suggestedFilename()).toBe("report.es.txt");

  await page.goto(url("/glossaries"));
  await page.getByLabel("Glossary name").fill("Brand terms: Q1/2026");
  await page.getByRole("button", { name: "Create glossary" }).click();
  await expect(page.getByRole("heading", { name: /Brand terms: Q1\/2026/ })).toBeVisible();
  await page.getByLabel("Export format").selectOption("csv");
  const [glossary] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export", exact: true }).click(),
  ]);
  expect(glossary.suggestedFilename()).toBe("Brand terms_ Q1_2026.csv");

  await page.goto(url("/memories"));
  await page
    .getByRole("row", { name: /Support TM/ })
    .getByRole("button", { name: "Edit" })
    .click();
  const [memory] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export TMX" }).click(),
  ]);
  expect(memory.suggestedFilename()).toBe("Support TM.tmx");
});

test("account: the console links the account page and the API docs", async ({ browser }) => {
  const page = await pageAs(browser, org.owner);
  await expect(page.getByRole("link", { name: "API docs" })).toHaveAttribute("href", "/docs");
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByTestId("account-email")).toHaveText(org.owner.email);
  await expect(page.getByRole("button", { name: "Sign out of all sessions" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
});
