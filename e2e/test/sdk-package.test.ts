import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { chromium } from "@playwright/test";
import type * as Sdk from "@tolk/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// The SDK as a user gets it: `pnpm pack` of packages/sdk, installed with npm into an empty
// folder outside the workspace, imported by plain node, calling the production build.
const root = resolve(import.meta.dirname, "..", "..");
const run = promisify(execFile);
let data: ReturnType<typeof tempDataDir>;
let folder: string;
let server: RunningServer;
let key: string;
let tarball: string;

// The script a user would write: nothing from the workspace, only the installed package.
const SCRIPT = `
import { AuthenticationError, TolkClient, USER_AGENT } from "@tolk/sdk";

const client = new TolkClient({ baseUrl: process.env.TOLK_URL, token: process.env.TOLK_KEY });
const text = await client.translateText({ text: "Good morning. The house is big.", source_lang: "en", target_lang: "es" });
const doc = await client.translateDocument(new File(["Good morning.\\n"], "greeting.txt"), { source_lang: "en", target_lang: "es" }, { pollIntervalMs: 200 });
let refused = null;
try {
  await new TolkClient({ baseUrl: process.env.TOLK_URL, token: "svc_notakey" }).getMe();
} catch (error) {
  refused = { isAuthenticationError: error instanceof AuthenticationError, code: error.code, status: error.status, request_id: error.request_id };
}
console.log(JSON.stringify({
  userAgent: USER_AGENT,
  translation: text.data.translation,
  document: new TextDecoder().decode(doc.bytes),
  filename: doc.filename,
  job: { status: doc.job.status, credits_used: doc.job.credits_used },
  refused,
}));
`;

// Types a TypeScript user compiles against: the published declarations, with zod from the install.
const TYPED = `
import { TolkClient, RateLimitError, type TranslationResult, type DocumentJob } from "@tolk/sdk";
const client = new TolkClient({ baseUrl: "http://localhost", token: "svc_x" });
const result: TranslationResult = (await client.translateText({ text: "Hi", target_lang: "es" })).data;
const job: DocumentJob = (await client.uploadDocument(new Blob(["x"]), { filename: "a.txt", source_lang: "en", target_lang: "es", async: true })).data;
const wait = (e: unknown): number | null => (e instanceof RateLimitError ? e.retry_after : null);
// @ts-expect-error target_lang is required
await client.translateText({ text: "Hi" });
export { result, job, wait };
`;

// Packaging does not depend on the database: it runs once, in the pass on the embedded defaults.
describe.skipIf(Boolean(process.env.TOLK_TEST_DATABASE_URL))("@tolk/sdk as a published package", () => {
  beforeAll(async () => {
    data = tempDataDir();
    folder = mkdtempSync(join(tmpdir(), "tolk-sdk-consumer-"));
    const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
    const seeded = await tolk(["seed"], env);
    key = String(seeded.api_key);
    server = await startServer(env);
    await run("pnpm", ["--filter", "@tolk/sdk", "pack", "--pack-destination", folder], { cwd: root });
    tarball = readdirSync(folder).find((f) => f.endsWith(".tgz")) ?? "";
    writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `./${tarball}`], { cwd: folder });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    data?.remove();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("packs as tolk-sdk-<version>.tgz with no workspace: or catalog: dependency left", async () => {
    expect(tarball).toMatch(/^tolk-sdk-\d+\.\d+\.\d+\.tgz$/);
    const { stdout } = await run("tar", ["-xzOf", tarball, "package/package.json"], { cwd: folder });
    expect(stdout).not.toMatch(/workspace:|catalog:/);
    const manifest = JSON.parse(stdout) as {
      private: boolean;
      exports: Record<string, unknown>;
      dependencies: Record<string, string>;
    };
    expect(manifest.private).toBe(false);
    expect(manifest.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.js" });
    expect(Object.keys(manifest.dependencies)).toEqual(["zod"]);
    // The code needs only the platform: nothing of the contract's zod schemas is bundled in at run time.
    const { stdout: code } = await run("tar", ["-xzOf", tarball, "package/dist/index.js"], { cwd: folder });
    expect(code).not.toMatch(/^import /m);
    const { stdout: files } = await run("tar", ["-tzf", tarball], { cwd: folder });
    expect(files.split("\n").filter(Boolean).sort()).toEqual([
      "package/LICENSE",
      "package/README.md",
      "package/dist/index.d.ts",
      "package/dist/index.js",
      "package/package.json",
    ]);
  });

  it("installed by npm into an empty folder, translates a text and a document against the running server", async () => {
    writeFileSync(join(folder, "script.mjs"), SCRIPT);
    const { stdout } = await run(process.execPath, ["script.mjs"], {
      cwd: folder,
      env: { ...process.env, TOLK_URL: server.url, TOLK_KEY: key },
    });
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out.userAgent).toMatch(/^tolk-sdk-js\/\d+\.\d+\.\d+$/);
    expect(out.translation).toBe("Buenos días. La casa es grande.");
    expect(out.document).toBe("Buenos días.\n");
    expect(out.filename).toBe("greeting.es.txt");
    expect(out.job).toMatchObject({ status: "completed" });
    expect((out.job as { credits_used: number }).credits_used).toBeGreaterThan(0);
    expect(out.refused).toMatchObject({ isAuthenticationError: true, code: "unauthorized", status: 401 });
    expect((out.refused as { request_id: string }).request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  // The same script under the other runtimes the SDK promises, from their npm packages.
  for (const runtime of ["bun", "deno"] as const) {
    it(`runs the same script under ${runtime}`, async () => {
      writeFileSync(join(folder, "script.mjs"), SCRIPT);
      const bin = join(root, "e2e", "node_modules", ".bin", runtime);
      const args =
        runtime === "deno" ? ["run", "--allow-net", "--allow-env", "--allow-read", "script.mjs"] : ["script.mjs"];
      const { stdout } = await run(bin, args, {
        cwd: folder,
        env: { ...process.env, TOLK_URL: server.url, TOLK_KEY: key, DENO_NO_UPDATE_CHECK: "1", DO_NOT_TRACK: "1" },
      });
      const out = JSON.parse(stdout) as Record<string, unknown>;
      expect(out.translation).toBe("Buenos días. La casa es grande.");
      expect(out.document).toBe("Buenos días.\n");
      expect(out.refused).toMatchObject({ isAuthenticationError: true, code: "unauthorized", status: 401 });
    });
  }

  it("runs in a browser: the installed bundle, loaded by Chromium from the server's origin", async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      const page = await browser.newPage();
      // The page and the bundle are served by the browser itself; the /v1 calls reach the real server.
      const bundle = readFileSync(join(folder, "node_modules", "@tolk", "sdk", "dist", "index.js"), "utf8");
      await page.route(`${server.url}/sdk-check/**`, (route) =>
        route.request().url().endsWith(".js")
          ? route.fulfill({ contentType: "text/javascript", body: bundle })
          : route.fulfill({
              contentType: "text/html",
              body: '<!doctype html><title>sdk</title><script type="module">import * as sdk from "/sdk-check/sdk.js"; window.sdk = sdk;</script>',
            }),
      );
      await page.goto(`${server.url}/sdk-check/index.html`);
      await page.waitForFunction(() => "sdk" in window);
      const out = await page.evaluate(async (token) => {
        const { sdk } = window as unknown as { sdk: typeof Sdk };
        const client = new sdk.TolkClient({ baseUrl: location.origin, token });
        const text = await client.translateText({ text: "Good morning.", source_lang: "en", target_lang: "es" });
        const doc = await client.translateDocument(
          new File(["Thank you.\n"], "thanks.txt"),
          { source_lang: "en", target_lang: "es" },
          { pollIntervalMs: 200 },
        );
        const refused = await new sdk.TolkClient({ baseUrl: location.origin, token: "svc_notakey" })
          .getMe()
          .catch((e: unknown) => e);
        return {
          translation: text.data.translation,
          document: new TextDecoder().decode(doc.bytes),
          refused: refused instanceof sdk.AuthenticationError,
        };
      }, key);
      expect(out).toEqual({ translation: "Buenos días.", document: "Gracias.\n", refused: true });
    } finally {
      await browser.close();
    }
  });

  it("ships declarations a TypeScript user compiles against", async () => {
    writeFileSync(join(folder, "typed.mts"), TYPED);
    writeFileSync(
      join(folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          lib: ["es2022", "dom"],
          types: [],
        },
        files: ["typed.mts"],
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    await expect(run(process.execPath, [tsc, "-p", "."], { cwd: folder })).resolves.toBeDefined();
  });
});
