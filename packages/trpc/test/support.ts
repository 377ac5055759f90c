import { EngineRouter } from "@tolk/engines";
import { RateLimiter, SegmentCache, createDownloadLinks } from "@tolk/domain";
import { LocalObjectStorage, MemoryRateLimitStore } from "@tolk/platform";
import { type TestDb } from "@tolk/domain/testing";
import { TRPCError } from "@trpc/server";

import { appRouter, createCallerFactory, createConsoleContext } from "../src";

const createCaller = createCallerFactory(appRouter);
const limiter = new RateLimiter(new MemoryRateLimitStore(), 60);

/**
 * The console's procedures as a signed-in user calls them, on a test database with no engine
 * and no file storage (documents are tested in console-resources.test.ts with their own).
 */
export function consoleCaller(
  db: TestDb,
  options: { userId: string | null; requestedOrgId?: string | null; ip?: string },
) {
  return createCaller(consoleContext(db, options));
}

/** The context consoleCaller calls with (also for requests through tRPC's HTTP handler). */
export function consoleContext(
  db: TestDb,
  options: { userId: string | null; requestedOrgId?: string | null; ip?: string },
) {
  const translation = { router: new EngineRouter([]), cache: new SegmentCache() };
  return createConsoleContext({
    domain: db.ctx,
    translation,
    documents: {
      translation,
      storage: new LocalObjectStorage("/nonexistent"),
      links: createDownloadLinks(db.ctx, { baseUrl: "http://tolk.test" }),
      retentionMs: 0,
    },
    limiter,
    userId: options.userId,
    requestedOrgId: options.requestedOrgId ?? null,
    ...(options.ip ? { ip: options.ip } : {}),
  });
}

/** The TRPCError a procedure call fails with. */
export async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected the procedure to fail");
}
