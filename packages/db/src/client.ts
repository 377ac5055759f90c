import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";

import { acquireLock } from "./lock";
import * as schema from "./schema";
import { defaultDataDir } from "./workspace-root";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A use case takes either, so a caller can compose several inside one transaction. */
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where it lives, without credentials: for logs and /readyz. */
  location: string;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`. On PGlite it runs before the notifying
   * write's own call returns (one process, so nothing can slip in between); on PostgreSQL it
   * arrives asynchronously, moments after the commit.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** Folder for the embedded database (default `<checkout>/.data`). */
  dataDir?: string;
  /** Embedded database in memory only (tests). */
  memory?: boolean;
  /** PostgreSQL pool size. */
  maxConnections?: number;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10);
  if (options.memory) {
    const client = new PGlite();
    await client.waitReady;
    return {
      db: drizzlePglite({ client, schema }) as unknown as Database,
      kind: "pglite",
      location: "memory",
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      close: () => client.close(),
    };
  }
  return openPglite(options.dataDir ?? defaultDataDir());
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const pgdata = join(dataDir, "pglite");
  const release = acquireLock(join(dataDir, "pglite.lock"));
  try {
    const client = new PGlite(pgdata);
    await client.waitReady;
    return {
      db: drizzlePglite({ client, schema }) as unknown as Database,
      kind: "pglite",
      location: pgdata,
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

function openPostgres(url: string, max: number): DatabaseHandle {
  // A connection whose backend is terminated while it is being set up is given up after
  // connect_timeout (postgres-js' default is 30 s, which a request would wait out whole).
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 5 });
  const parsed = new URL(url);
  return {
    db: drizzlePostgres({ client, schema }),
    kind: "postgres",
    location: `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`,
    listen: async (channel, onNotify) => {
      const subscription = await client.listen(channel, onNotify);
      return () => subscription.unlisten();
    },
    close: () => client.end({ timeout: 5 }),
  };
}
