import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { openDatabase } from "@tolk/db";
import { openTestDatabase } from "@tolk/db/testing";
import {
  type DomainContext,
  DownloadLinks,
  SegmentCache,
  createDomainContext,
  createDownloadLinks,
  getDocumentJob,
  submitDocument,
} from "@tolk/domain";
import { LocalObjectStorage } from "@tolk/platform";
import { createTestOrg } from "@tolk/domain/testing";
import { EngineRouter } from "@tolk/engines";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { main } from "../src/main";

// `tolk worker --once` drains the queue the server fills: a job is queued through the domain
// (as POST /v1/translate/document with Prefer: respond-async does), then the CLI runs it with
// the real Apertium engine and the same storage directory.
const dataDir = mkdtempSync(join(tmpdir(), "tolk-cli-worker-"));
const storageDir = join(dataDir, "documents");
const saved = { ...process.env };
let postgresDb: Awaited<ReturnType<typeof openTestDatabase>> | null = null;

beforeAll(async () => {
  process.env.TOLK_DATA_DIR = dataDir;
  process.env.TOLK_STORAGE_DIR = storageDir;
  delete process.env.DATABASE_URL;
  if (process.env.TOLK_TEST_DATABASE_URL) {
    postgresDb = await openTestDatabase();
    process.env.DATABASE_URL = postgresDb.url;
  }
});
afterAll(async () => {
  process.env = saved;
  await postgresDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function tolk(...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  const lines: string[] = [];
  const log = vi
    .spyOn(console, "log")
    .mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(" ")));
  const err = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const code = await main([...args, "--json"]);
    return { code, json: lines.length === 1 ? (JSON.parse(lines[0] ?? "") as Record<string, unknown>) : {} };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

/** Opens the database the CLI uses (the embedded one only while the CLI does not hold it). */
async function withDatabase<T>(fn: (ctx: DomainContext) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir, maxConnections: 2 });
  try {
    return await fn(createDomainContext({ db: handle.db }));
  } finally {
    await handle.close();
  }
}

describe("tolk worker --once", () => {
  it("runs the queued document jobs with the configured engine and storage, and reports how many", async () => {
    expect((await tolk("migrate")).code).toBe(0);
    const { jobId, orgId } = await withDatabase(async (ctx) => {
      const org = await createTestOrg(ctx);
      const principalOrg = await ctx.db.query.organizations.findFirst({
        where: (o, { eq }) => eq(o.id, org.orgId),
        columns: {
          id: true,
          plan: true,
          planOverrides: true,
          billingAnchor: true,
          defaultSourceLang: true,
          ownEnginesVersion: true,
        },
      });
      if (!principalOrg) throw new Error("no org");
      // Submission only checks that a route exists; the worker brings its own engines.
      const router = new EngineRouter([
        {
          name: "apertium",
          pairs: () => [{ source: "en", target: "es" }],
          health: async () => ({ ok: true }),
          close: async () => {},
          translate: () => Promise.reject(new Error("not here")),
        },
      ]);
      const queued = await submitDocument(
        ctx,
        {
          translation: { router, cache: new SegmentCache() },
          storage: new LocalObjectStorage(storageDir),
          links: createDownloadLinks(ctx, { baseUrl: "http://localhost:3000" }),
          retentionMs: 86_400_000,
        },
        {
          principal: { source: "api_key", userId: org.ownerId, org: principalOrg, scopes: null, keyId: null },
          requestId: "req_cli_worker",
          upload: { filename: "note.txt", bytes: new TextEncoder().encode("The house is big.\n") },
          request: { source_lang: "en", target_lang: "es" },
          async: true,
        },
      );
      if (queued.kind !== "queued") throw new Error("expected a queued job");
      return { jobId: queued.job.job_id, orgId: org.orgId };
    });

    const run = await tolk("worker", "--once");
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ jobs: 1 });
    const links = new DownloadLinks("http://localhost:3000", [{ kid: "x", secret: Buffer.from("x".repeat(32)) }]);
    const job = await withDatabase((ctx) => getDocumentJob(ctx, links, { orgId, jobId }));
    expect(job).toMatchObject({ status: "completed", character_count: 18, progress: 1 });
    const result = await new LocalObjectStorage(storageDir).get(`${orgId}/${jobId}/result.txt`);
    expect(new TextDecoder().decode(result)).toBe("La casa es grande.\n");
    expect((await tolk("worker", "--once")).json).toMatchObject({ jobs: 0 });
  }, 180_000);

  it("refuses a bad --concurrency as a usage error in JSON", async () => {
    const r = await tolk("worker", "--once", "--concurrency", "0");
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ error: { code: "bad_request" } });
  });
});
