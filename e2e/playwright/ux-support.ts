import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Locator, type Page, expect } from "@playwright/test";

import { tolk } from "../src/server";
import { serverUrl, signIn } from "./support";

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface OrgUser {
  email: string;
  password: string;
}

export interface TestOrg {
  orgId: string;
  apiKey: string;
  owner: OrgUser;
  /** Adds a user to the organization with the CLI, as an operator would. */
  addUser(role: "owner" | "admin" | "member"): Promise<OrgUser>;
}

function cliEnv(): Record<string, string> {
  const env = process.env.TOLK_E2E_DB_ENV;
  if (!env) throw new Error("TOLK_E2E_DB_ENV is unset: run through playwright.config.ts");
  return JSON.parse(env) as Record<string, string>;
}

/**
 * An organization of the test's own, made with the CLI: what it creates (keys, glossaries,
 * translations) never shows in the demo organization other spec files count on.
 */
export async function newOrg(name: string): Promise<TestOrg> {
  const env = cliEnv();
  const created = await tolk(["org", "create", "--name", name, "--plan", "professional"], env);
  const orgId = String(created.org_id);
  const addUser = async (role: "owner" | "admin" | "member"): Promise<OrgUser> => {
    const user = {
      email: `${role}-${randomBytes(4).toString("hex")}@example.com`,
      password: `pw-${randomBytes(8).toString("hex")}`,
    };
    await tolk(
      ["user", "create", "--email", user.email, "--password", user.password, "--org", orgId, "--role", role],
      env,
    );
    return user;
  };
  return { orgId, apiKey: String(created.api_key), owner: await addUser("owner"), addUser };
}

/** A new browser context signed in as `user`, at the given viewport. */
export async function pageAs(browser: Browser, user: OrgUser, viewport = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, user.email, user.password);
  return page;
}

type SessionState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const sessions = new Map<string, Promise<SessionState>>();

/**
 * A new browser context in `user`'s one session, signed in through the form the first time and
 * reused after (the sign-in opens the dashboard, which costs as much as the page a test looks
 * at): for tests that look at pages and never end the session (no sign-out, no password change).
 */
export async function pageInSession(browser: Browser, user: OrgUser, viewport = DESKTOP): Promise<Page> {
  let state = sessions.get(user.email);
  if (!state) {
    state = pageAs(browser, user).then(async (page) => {
      const saved = await page.context().storageState();
      await page.context().close();
      return saved;
    });
    sessions.set(user.email, state);
  }
  const context = await browser.newContext({ viewport, storageState: await state });
  return context.newPage();
}

/** The page does not scroll sideways: nothing is wider than the screen. */
export async function expectNoSideScroll(page: Page, name: string): Promise<void> {
  // Charts re-measure on their resize observer a frame or two after the viewport changes: poll briefly.
  const overflow = () =>
    page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth);
  await expect
    .poll(overflow, { message: `${name} scrolls sideways at ${page.viewportSize()?.width} px`, timeout: 5_000 })
    .toBeLessThanOrEqual(0);
}

/** The element is shown and lies wholly within the screen's width (reachable without scrolling sideways). */
export async function expectWithinWidth(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box) throw new Error("the element has no box");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** axe-core finds no WCAG A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe-core violations on ${name} at ${page.viewportSize()?.width} px`).toEqual([]);
}

const screenshotDir = join(import.meta.dirname, "screenshots");

/** A full-page screenshot at the page's current width into the git-ignored screenshots folder. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

export const url = (path: string) => `${serverUrl()}${path}`;

declare global {
  interface Window {
    __layoutShift?: number;
  }
}

/**
 * Collects the page's layout shifts from its first paint on every navigation after this call:
 * the browser's own `layout-shift` entries, those right after user input excluded, as CLS counts.
 */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The sum of every layout shift since the page began loading, once its requests have settled. */
export async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => window.__layoutShift ?? 0);
}
