import { expect, test } from "@playwright/test";

import { serverUrl } from "./support";
import { expectAccessible } from "./ux-support";

// The API references at /docs, /docs/deepl and /docs/libretranslate: each rendered from the
// instance's own OpenAPI document, with every asset from the instance itself (a self-hosted Tolk
// may have no internet access), linked to each other and to the console, and accessible.
const references = [
  { path: "/docs", document: "/openapi.json", title: "Tolk API", operations: 39 },
  { path: "/docs/deepl", document: "/openapi/deepl.json", title: "Tolk: DeepL-compatible API", operations: 0 },
  {
    path: "/docs/libretranslate",
    document: "/openapi/libretranslate.json",
    title: "Tolk: LibreTranslate-compatible API",
    operations: 0,
  },
];

for (const { path, document, title, operations } of references) {
  test(`${path} renders every operation of ${document}, loads nothing from another origin, links the other references and the console`, async ({
    page,
  }) => {
    const origin = new URL(serverUrl()).origin;
    const requested: string[] = [];
    page.on("request", (req) => requested.push(req.url()));

    const doc = (await (await fetch(`${serverUrl()}${document}`)).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    const summaries = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.summary));
    if (operations > 0) expect(summaries).toHaveLength(operations);
    expect(summaries.length).toBeGreaterThan(4);

    await page.goto(`${serverUrl()}${path}`);
    await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
    // The sidebar lists every operation by its summary, every group open.
    const sidebar = page.getByRole("complementary", { name: `Sidebar for ${title}` });
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
    for (const summary of summaries)
      await expect(
        sidebar.getByRole("link", { name: new RegExp(`^${escape(summary)} HTTP Method`, "u") }),
      ).toBeVisible();
    await page.waitForLoadState("networkidle");

    const foreign = requested.filter(
      (url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:") && !url.startsWith("blob:"),
    );
    expect(foreign).toEqual([]);
    expect(requested).toContain(`${origin}${document}`);

    const nav = page.getByRole("navigation", { name: "API references" });
    await expect(nav.getByRole("link", { name: "← Console" })).toHaveAttribute("href", "/dashboard");
    for (const other of references) await expect(nav.locator(`a[href="${other.path}"]`)).toHaveCount(1);
    await expect(nav.locator(`a[href="${path}"]`)).toHaveAttribute("aria-current", "page");
  });

  // Scalar renders the reference lazily and follows the system's colour scheme, so axe runs on
  // the whole page once every operation is listed, light and dark, at a desktop and a phone width
  // (scalar-accessibility.ts supplies what Scalar's own markup lacks).
  test(`${path} has no axe violation, light and dark, at 1440 and 390 px`, async ({ browser }) => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const context = await browser.newContext({ colorScheme, viewport });
        const page = await context.newPage();
        await page.goto(`${serverUrl()}${path}`);
        await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectAccessible(page, `${path} (${colorScheme})`);
        await context.close();
      }
    }
  });
}
