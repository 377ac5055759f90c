import { type DatabaseHandle, usageEvents } from "@tolk/db";
import { openTestDatabase } from "@tolk/db/testing";

import { type Plan, type Scope } from "@tolk/contract";

import { addMember, createUser } from "./accounts/create-user";
import { createOrganization } from "./accounts/create-organization";
import { type DomainContext, createDomainContext } from "./context";
import { type ObjectStorage, ObjectNotFoundError } from "./ports/object-storage";
import { createApiKey } from "./keys/create-api-key";
import { type UsageRecord } from "./billing/debit-credits";
import { topUpCredits } from "./billing/top-up-credits";

/** A test clock: starts at a fixed instant and moves only when told. */
export function testClock(start = "2026-03-15T12:00:00.000Z") {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (iso: string) => {
      now = new Date(iso).getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
    /** Back to the start, for a file whose tests each expect the same now. */
    reset: () => {
      now = new Date(start).getTime();
    },
  };
}

export interface TestDb {
  handle: DatabaseHandle & { url?: string };
  ctx: DomainContext;
  clock: ReturnType<typeof testClock>;
  close(): Promise<void>;
}

/** A fresh migrated database and a domain context over it with a controllable clock. */
export async function createTestDb(options: { realClock?: boolean } = {}): Promise<TestDb> {
  const handle = await openTestDatabase();
  const clock = testClock();
  return {
    handle,
    clock,
    ctx: createDomainContext({ db: handle.db, now: options.realClock ? () => new Date() : clock.now }),
    close: () => handle.close(),
  };
}

export interface TestOrg {
  orgId: string;
  ownerId: string;
  /** Plaintext keys by name: `all` has every scope, and one key per requested scope set. */
  keys: Record<string, { id: string; key: string }>;
}

/** An organization with an owner, keys with the given scope sets, and optional top-up credits. */
export async function createTestOrg(
  ctx: DomainContext,
  options: { plan?: Plan; limits?: unknown; topUp?: number; keyScopes?: Record<string, Scope[]> } = {},
): Promise<TestOrg> {
  const org = await createOrganization(ctx, {
    name: "Test org",
    plan: options.plan ?? "starter",
    limits: options.limits,
  });
  const owner = await createUser(ctx, { email: `owner-${org.id.toLowerCase()}@example.com`, password: "password123" });
  await addMember(ctx, { orgId: org.id, userId: owner.id, role: "owner" });
  const keys: TestOrg["keys"] = {};
  const sets = { all: ["translate", "read", "write"] as Scope[], ...options.keyScopes };
  for (const [name, scopes] of Object.entries(sets)) {
    const { key, plaintext } = await createApiKey(ctx, { orgId: org.id, name, scopes, createdBy: owner.id });
    keys[name] = { id: key.id, key: plaintext };
  }
  if (options.topUp) await topUpCredits(ctx, { orgId: org.id, amount: options.topUp });
  return { orgId: org.id, ownerId: owner.id, keys };
}

/**
 * Writes usage events directly, for tests of what reads them. The service itself writes them
 * only inside `tolk_debit_many`, in the same statement as the debit they belong to.
 */
export async function recordUsage(ctx: DomainContext, records: readonly UsageRecord[]): Promise<void> {
  if (records.length === 0) return;
  const createdAt = ctx.now();
  await ctx.db.insert(usageEvents).values(records.map((r) => ({ ...r, createdAt })));
}

/**
 * Object storage in this process's memory, for use-case tests: the adapters (a directory, an S3
 * bucket) are tested against the same port in @tolk/platform.
 */
export class MemoryObjectStorage implements ObjectStorage {
  readonly kind = "local";
  readonly objects = new Map<string, Uint8Array>();

  put(key: string, body: Uint8Array | readonly Uint8Array[]): Promise<void> {
    this.objects.set(key, body instanceof Uint8Array ? body.slice() : Buffer.concat(body.map((b) => Buffer.from(b))));
    return Promise.resolve();
  }

  get(key: string): Promise<Uint8Array> {
    const bytes = this.objects.get(key);
    return bytes ? Promise.resolve(bytes.slice()) : Promise.reject(new ObjectNotFoundError(key));
  }

  delete(key: string): Promise<void> {
    this.objects.delete(key);
    return Promise.resolve();
  }

  directDownloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  check(): Promise<void> {
    return Promise.resolve();
  }
}
