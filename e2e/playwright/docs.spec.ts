import { expect, test } from "@playwright/test";

import { serverUrl } from "./support";

// The API reference at /docs: rendered from the instance's own /openapi.json, with every asset
// from the instance itself (a self-hosted Tolk may have no internet access).
test("/docs renders every operation of /openapi.json and loads nothing from another origin", async ({ page }) => {
  const origin = new URL(serverUrl()).origin;
  const requested: string[] = [];
  page.on("request", (req) => requested.push(req.url()));

  const doc = (await (await fetch(`${serverUrl()}/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary: string }>> };
  const summaries = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.summary));
  expect(summaries).toHaveLength(39);

  await page.goto(`${serverUrl()}/docs`);
  await expect(page.getByRole("heading", { name: "Tolk API" }).first()).toBeVisible();
  // The sidebar lists every operation by its summary, every group open.
  const sidebar = page.getByRole("complementary", { name: "Sidebar for Tolk API" });
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  for (const summary of summaries) await expect(sidebar.getByRole("link", { name: new RegExp(`^${escape(summary)} HTTP Method`, "u") })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const foreign = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:") && !url.startsWith("blob:"));
  expect(foreign).toEqual([]);
  expect(requested).toContain(`${origin}/openapi.json`);
});
