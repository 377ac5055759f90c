import { afterAll, beforeAll, beforeEach } from "vitest";

import { type Authenticator, type DomainContext, type Principal, noSpendableCache } from "../src";
import { type TestDb, createTestDb, createTestOrg } from "../src/testing";
import { loadOrg } from "./helpers";

/** A test file's database, as `useTestDb` gives it: open from `beforeAll` on. */
export type SharedTestDb = Omit<TestDb, "close">;

/**
 * One fresh, migrated database per test file (src/testing.ts's `createTestDb`), opened before
 * its tests and closed after them. `ctx` exists at once so that a file can keep it in a
 * constant its helpers close over; it reaches the database once `beforeAll` has opened it.
 * `resetClock` puts the test clock back to its start before each test.
 */
export function useTestDb(options: { realClock?: boolean; resetClock?: boolean } = {}): SharedTestDb {
  let db: TestDb | undefined;
  const opened = (): TestDb => {
    if (!db) throw new Error("the test database opens in beforeAll");
    return db;
  };
  beforeAll(async () => {
    db = await createTestDb({ realClock: options.realClock });
  });
  afterAll(() => db?.close());
  if (options.resetClock) beforeEach(() => opened().clock.reset());
  return {
    ctx: {
      get db() {
        return opened().ctx.db;
      },
      now: () => opened().ctx.now(),
      debits: { submit: (statement) => opened().ctx.debits.submit(statement) },
      spendable: noSpendableCache,
    },
    get handle() {
      return opened().handle;
    },
    get clock() {
      return opened().clock;
    },
  };
}

/** The owner of a new organization (see `createTestOrg`) calling through an API key with no scope list. */
export async function apiKeyPrincipal(
  ctx: DomainContext,
  org: Parameters<typeof createTestOrg>[1] = {},
): Promise<Principal> {
  const { orgId, ownerId } = await createTestOrg(ctx, org);
  return { source: "api_key", userId: ownerId, org: await loadOrg(ctx, orgId), scopes: null, keyId: null };
}

/** Authenticates API keys only: a session token fails the test that sends one. */
export const apiKeyAuthenticator: Authenticator = {
  config: { issuer: "https://tolk.test", audience: "tolk", orgClaim: "org_id", clockToleranceSec: 30 },
  keys: async () => {
    throw new Error("no session tokens in this file");
  },
};

/** An e-mail address no other test of the file uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
