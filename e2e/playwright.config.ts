import { defineConfig } from "@playwright/test";

// The console in Debian's chromium against the production build (run `pnpm build` first).
// No retries: a flaky test is a bug to fix, not to hide.
export default defineConfig({
  testDir: "./playwright",
  globalSetup: "./playwright/global-setup.ts",
  outputDir: "./playwright/.results",
  retries: 0,
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
});
