import { describe, expect, it } from "vitest";

import { config } from "../proxy";
import { consolePages } from "../src/console/nav";
import { safeReturnPath, signInReturningTo } from "../src/console/return-path";

describe("the page to return to after signing in", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(safeReturnPath("/keys")).toBe("/keys");
    expect(safeReturnPath("/usage?from=2026-01-01&to=2026-01-31")).toBe("/usage?from=2026-01-01&to=2026-01-31");
    expect(safeReturnPath("/settings#deepl")).toBe("/settings#deepl");
    expect(signInReturningTo("/usage?from=2026-01-01")).toBe("/sign-in?next=%2Fusage%3Ffrom%3D2026-01-01");
  });

  it("refuses anything that leaves the site, so sign-in cannot redirect elsewhere", () => {
    for (const next of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnPath(next)).toBeNull();
    }
    expect(signInReturningTo("//evil.example")).toBe("/sign-in");
    expect(signInReturningTo(null)).toBe("/sign-in");
  });
});

describe("proxy.ts", () => {
  it("runs for every console page, so each one's deep link survives signing in", () => {
    const matched = (href: string) => config.matcher.some((m) => m === href || m === `${href}/:path*`);
    for (const page of [...consolePages, { href: "/account" }]) expect(matched(page.href), page.href).toBe(true);
  });

  it("runs for nothing else (the API and assets never pay for it)", () => {
    const pages = new Set([...consolePages.map((p) => p.href), "/account"]);
    for (const m of config.matcher) expect(pages.has(m.replace(/\/:path\*$/u, "")), m).toBe(true);
  });
});
