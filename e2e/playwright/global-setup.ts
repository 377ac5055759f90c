import { randomBytes } from "node:crypto";

import postgres from "postgres";

import { startServer, tempDataDir, tolk } from "../src/server";

/** The database the run uses: a fresh PostgreSQL database with TOLK_TEST_DATABASE_URL, else embedded PGlite. */
async function freshDatabase(): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const pgUrl = process.env.TOLK_TEST_DATABASE_URL;
  if (!pgUrl) {
    const data = tempDataDir();
    return { env: { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" }, remove: async () => data.remove() };
  }
  const name = `tolk_console_${randomBytes(5).toString("hex")}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL: process.env.TOLK_TEST_REDIS_URL ?? "" },
    remove: async () => {
      const sql = postgres(pgUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}

/**
 * One production server on a fresh database, seeded with the CLI exactly as the README's first
 * start does. Tests read what they need from the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const database = await freshDatabase();
  const seeded = await tolk(["seed"], database.env);
  // The webhook test's receiver listens on loopback over plain http: an operator's allow-list.
  const server = await startServer({
    ...database.env,
    TOLK_WEBHOOK_ALLOW_HTTP: "1",
    TOLK_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  });
  process.env.TOLK_E2E_URL = server.url;
  process.env.TOLK_E2E_ADMIN_EMAIL = String(seeded.admin_email);
  process.env.TOLK_E2E_ADMIN_PASSWORD = String(seeded.admin_password);
  // Tests that need an organization of their own, or run `tolk` as an operator would, use the
  // same database beside the running server.
  process.env.TOLK_E2E_DB_ENV = JSON.stringify(database.env);
  return async () => {
    await server.stop();
    if (process.env.TOLK_E2E_KEEP_LOG) console.log(server.output());
    await database.remove();
  };
}
