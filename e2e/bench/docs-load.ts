/**
 * `pnpm --filter @tolk/e2e bench:docs`: how long each API reference (/docs, /docs/deepl,
 * /docs/libretranslate) takes to load cold in Debian's chromium against the production build:
 * a fresh browser context (empty cache) per load, timed from navigation to the reference's
 * title and to its last operation listed in the sidebar, with the bytes the page transferred (response bodies as sent, compressed where the server compresses).
 * The first load after the server starts is reported apart (the server's own first render).
 *
 *   BENCH_ROUNDS  cold loads per reference after the first (default 5)
 */
import { chromium } from "@playwright/test";

import { startBenchServer } from "../src/bench-server";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const references = [
  { path: "/docs", title: "Tolk API" },
  { path: "/docs/deepl", title: "Tolk: DeepL-compatible API" },
  { path: "/docs/libretranslate", title: "Tolk: LibreTranslate-compatible API" },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const tolk = await startBenchServer("Docs bench");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

async function coldLoad(path: string, title: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  let bytes = 0;
  // A request still finishing as the context closes has no sizes to give: it is not counted.
  page.on(
    "requestfinished",
    (req) =>
      void req.sizes().then(
        (s) => (bytes += s.responseBodySize),
        () => undefined,
      ),
  );
  const started = performance.now();
  await page.goto(`${tolk.server.url}${path}`);
  await page.getByRole("heading", { name: title }).first().waitFor();
  const titleMs = performance.now() - started;
  await page
    .getByRole("complementary", { name: `Sidebar for ${title}` })
    .getByRole("link")
    .last()
    .waitFor();
  const sidebarMs = performance.now() - started;
  await page.waitForLoadState("networkidle");
  await context.close();
  return { titleMs, sidebarMs, bytes };
}

try {
  console.log(`cold loads at 1440x900, ${rounds} per reference after the first`);
  for (const { path, title } of references) {
    const first = await coldLoad(path, title);
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(await coldLoad(path, title));
    console.log(
      `${path.padEnd(21)} first ${Math.round(first.titleMs)} ms; then median title ${Math.round(median(runs.map((r) => r.titleMs)))} ms, ` +
        `every operation listed ${Math.round(median(runs.map((r) => r.sidebarMs)))} ms, ${Math.round(median(runs.map((r) => r.bytes)) / 1024)} KiB transferred`,
    );
  }
} finally {
  await browser.close();
  await tolk.stop();
}
