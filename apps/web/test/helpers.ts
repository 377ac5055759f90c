// A small harness for /v1 route tests: one app context per test file over a fresh test
// database (PGlite, or PostgreSQL when TOLK_TEST_DATABASE_URL is set), the Redis rate-limit
// store when TOLK_TEST_REDIS_URL is set, and helpers that call route handlers like Next does.
import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";

import { type Plan, type Scope, errorBody } from "@tolk/contract";
import { type TestOrg, createTestDb, createTestOrg } from "@tolk/domain/testing";
import { expect } from "vitest";

import { readEnv } from "@/env";
import { type AppContext, createAppContext, runWithAppContext, setAppContext } from "@/server/context";
import { type RouteContext } from "@/server/v1/pipeline";

export type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key sets of the scope matrix; `all` is created by createTestOrg itself. */
export const KEY_SCOPES: Record<string, Scope[]> = {
  translate: ["translate"],
  read: ["read"],
  write: ["write"],
};

export interface Harness {
  app: AppContext;
  /** The test database's URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string;
  /** This file's client address: Redis counters outlive a run, so no two files share one. */
  clientIp: string;
  /** An organization with an owner and keys `all`, `translate`, `read`, `write`. */
  org(options?: { plan?: Plan; limits?: unknown; topUp?: number }): Promise<TestOrg>;
  close(): Promise<void>;
}

export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * Builds the app context for one test file and installs it as the process singleton; with
 * `install: false`, a second instance that answers only through serveRoutes (an upstream).
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { install?: boolean } = {},
): Promise<Harness> {
  const install = options.install ?? true;
  const t = await createTestDb({ realClock: true });
  const app = await createAppContext(
    // No background warm-up unless a test asks: it would load every installed pair per file.
    // A pair still loading after TOLK_APERTIUM_START_WAIT_MS (10 s by default) answers 503; a
    // loaded test machine can take longer, and only the cold-start test is about that wait.
    readEnv({
      REDIS_URL: process.env.TOLK_TEST_REDIS_URL,
      TOLK_APERTIUM_WARM: "none",
      TOLK_APERTIUM_START_WAIT_MS: "60000",
      ...env,
    }),
    t.handle,
  );
  if (install) setAppContext(app);
  return {
    app,
    databaseUrl: t.handle.url,
    clientIp: randomIp(),
    // The app's domain context runs on the real clock, so the organizations do too (billing
    // periods and ledger times then agree with what the routes compute).
    org: (options = {}) => createTestOrg(app.domain, { plan: "starter", ...options, keyScopes: KEY_SCOPES }),
    close: async () => {
      if (install) setAppContext(undefined);
      await app.close(); // also closes (and on PostgreSQL drops) the test database
    },
  };
}

export interface CallOptions {
  method?: string;
  token?: string | null;
  headers?: Record<string, string>;
  body?: BodyInit;
  params?: Record<string, string | string[]>;
  ip?: string;
}

export interface Reply {
  res: Response;
  status: number;
  text: string;
  json: unknown;
}

export function makeRequest(path: string, options: CallOptions & { ip: string }): Request {
  const headers = new Headers(options.headers);
  headers.set("x-forwarded-for", options.ip);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  return new Request(`http://localhost${path}`, { method: options.method ?? "GET", headers, body: options.body });
}

export async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { res, status: res.status, text, json };
}

/** Calls a route handler the way the App Router does, against `h`'s context (installed or not). */
export async function call(h: Harness, handler: Handler, path: string, options: CallOptions = {}): Promise<Reply> {
  const req = makeRequest(path, { ...options, ip: options.ip ?? h.clientIp });
  return reply(await runWithAppContext(h.app, () => handler(req, { params: Promise.resolve(options.params ?? {}) })));
}

function field(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const p of path) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

/**
 * The conventions every /v1 response keeps: a UUID X-Request-Id equal to the one in the body,
 * numeric X-RateLimit-* headers (reset within the 60 s window), JSON, and no stack trace.
 */
export function expectConventions(r: Reply): void {
  const requestId = r.res.headers.get("x-request-id");
  expect(requestId).toMatch(UUID);
  const bodyId = r.status < 400 ? field(r.json, "meta", "request_id") : field(r.json, "error", "request_id");
  expect(bodyId).toBe(requestId);
  expect(r.res.headers.get("content-type")).toContain("application/json");

  const limit = Number(r.res.headers.get("x-ratelimit-limit"));
  const remaining = Number(r.res.headers.get("x-ratelimit-remaining"));
  const reset = Number(r.res.headers.get("x-ratelimit-reset"));
  expect(r.res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(r.res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(r.res.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
  expect(limit).toBeGreaterThan(0);
  expect(remaining).toBeLessThanOrEqual(limit);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(60);

  expectNoStack(r.text);
}

export function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\.ts:\d+|Error: /);
}

/** An error response in the spec's shape, with the conventions. */
export function expectError(r: Reply, status: number, code: string, type: string): { message: string; param?: string } {
  expect({ status: r.status, body: r.json }).toMatchObject({ status, body: { error: { code, type } } });
  const parsed = errorBody.parse(r.json);
  expectConventions(r);
  return parsed.error;
}

/** What a promise rejected with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Fixed 60 s windows: a test that counts requests up to a limit must not straddle a window
 * boundary. Probes the limiter's own clock (memory or Redis) with a throwaway address and
 * waits for the next window when fewer than `seconds` are left in this one.
 */
export async function ensureWindowLeft(h: Harness, seconds: number): Promise<void> {
  const probe = await h.app.limiter.consumeAnonymous(`probe-${randomIp()}`);
  if (probe.resetSeconds < seconds) await sleep(probe.resetSeconds * 1000 + 100);
}

export function header(r: Reply, name: string): string | null {
  return r.res.headers.get(name);
}

/**
 * Serves route handlers on a real HTTP port of 127.0.0.1, the way Next's server would: path →
 * handler, the body read whole, the answer written back with its status and headers. For
 * tests where a client speaks HTTP to this app (an engine using a second Tolk as its upstream).
 */
export async function serveRoutes(
  h: Harness,
  routes: Record<string, Handler>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        const handler = routes[path];
        if (!handler) {
          res
            .writeHead(404, { "content-type": "application/json" })
            .end(JSON.stringify({ message: `no route ${path} in this test server` }));
          return;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === "string") headers.set(name, value);
        headers.set("x-forwarded-for", h.clientIp);
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const request = new Request(`http://localhost${req.url ?? "/"}`, { method: req.method, headers, body });
        // Against `h`'s context, which need not be the process's (a second instance).
        const response = await runWithAppContext(h.app, () => handler(request, { params: Promise.resolve({}) }));
        const out = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(out);
      })().catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
