// The driver under terminated connections (patches/postgres@3.4.9.patch): a query cut off by a
// terminated backend fails, and never leaves rows or buffered bytes behind that would shape the
// answer of the next query on the reconnected socket. Before the patch an API key lookup could
// come back without its row (a 401 for a valid key) or the process could end on an uncaught
// TypeError. PostgreSQL only: PGlite has no connections.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openTestDatabase } from "../src/testing";

const serverUrl = process.env.TOLK_TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)("queries while PostgreSQL terminates connections", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let admin: postgres.Sql;
  beforeAll(async () => {
    handle = await openTestDatabase();
    admin = postgres(handle.url ?? "", { max: 1, onnotice: () => undefined });
    await admin`create table probe_rows (id int primary key, name text not null)`;
    await admin`insert into probe_rows select g, 'row ' || g from generate_series(1, 40) g`;
  });
  afterAll(async () => {
    await admin?.end();
    await handle?.close();
  });

  it("answer every query with its own rows or an error, and keep the process alive", async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    const client = postgres(handle.url ?? "", {
      max: 8,
      connect_timeout: 5,
      onnotice: () => undefined,
      connection: { application_name: "probe" },
    });
    let stop = false;
    const outcomes = { right: 0, wrong: [] as string[], failed: 0 };
    // Each query asks for a different number of rows, so a result carried over from another
    // query, or shifted by its rows, shows as the wrong count or the wrong first row.
    const worker = async () => {
      while (!stop) {
        const n = 1 + Math.floor(Math.random() * 40);
        try {
          const rows = await client.unsafe<{ id: number }[]>(
            "select id from probe_rows where id <= $1 order by id",
            [n],
            { prepare: true },
          );
          if (rows.length === n && rows[0]?.id === 1 && rows.every(Boolean)) outcomes.right += 1;
          else outcomes.wrong.push(`asked ${n}, got ${rows.length}: ${JSON.stringify(rows.slice(0, 3))}`);
        } catch {
          outcomes.failed += 1;
        }
      }
    };
    const terminator = async () => {
      for (let i = 0; i < 150; i++) {
        await sleep(2 + Math.random() * 30);
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'probe'`;
      }
      stop = true;
    };
    try {
      await Promise.all([terminator(), ...Array.from({ length: 24 }, worker)]);
    } finally {
      await client.end({ timeout: 1 });
      process.off("uncaughtException", onUncaught);
    }
    // The probe did its work: queries failed because their connections were terminated.
    expect(outcomes.failed).toBeGreaterThan(0);
    expect(outcomes.right).toBeGreaterThan(0);
    expect(outcomes.wrong).toEqual([]);
    expect(uncaught).toEqual([]);
  }, 120_000);
});
