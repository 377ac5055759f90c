import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { type Page, expect } from "@playwright/test";

export function serverUrl(): string {
  const url = process.env.TOLK_E2E_URL;
  if (!url)
    throw new Error("TOLK_E2E_URL is unset: run through playwright.config.ts (its global setup starts the server)");
  return url;
}

export const admin = () => ({
  email: process.env.TOLK_E2E_ADMIN_EMAIL ?? "",
  password: process.env.TOLK_E2E_ADMIN_PASSWORD ?? "",
});

const screenshotDir = join(import.meta.dirname, "screenshots");

/** Saves the page at desktop and phone widths into the git-ignored screenshots folder. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Nothing may be wider than the screen (the page would scroll sideways). Charts re-measure
    // on their resize observer, a frame or two after the viewport changes: poll briefly.
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect
      .poll(overflow, { message: `${name} overflows horizontally at ${width} px`, timeout: 5_000 })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Signs in through the form using only the keyboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${serverUrl()}/sign-in`);
  await page.getByLabel("E-mail").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A /v1 call with an API key. */
export function v1(path: string, key: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${serverUrl()}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
  });
}
