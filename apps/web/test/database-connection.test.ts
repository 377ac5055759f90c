// A database connection lost in the middle of a request (PostgreSQL restarted, or the backend
// terminated by an operator): a read (authentication, a GET) is retried once on a fresh
// connection, and the debit is repeated until it is answered (it is idempotent per operation),
// so the request succeeds and is billed once. PostgreSQL only: PGlite has no connections to lose.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as quota } from "../app/v1/quota/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, expectConventions, sleep, startApp } from "./helpers";

const onPostgres = Boolean(process.env.TOLK_TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("a database connection terminated mid-request", () => {
  let h: Harness;
  let admin: postgres.Sql;
  beforeAll(async () => {
    h = await startApp();
    admin = postgres(h.databaseUrl ?? "", { max: 3, onnotice: () => undefined });
  });
  afterAll(async () => {
    await admin.end();
    await h.close();
  });

  const consumed = async (token: string | undefined) =>
    ((await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } }).data.credits
      .consumed;

  const translateBody = (text: string) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text, source_lang: "en", target_lang: "es" }),
  });

  /** Terminates the backends waiting on a lock, `times` times (each after a backend waits again). */
  const terminateWaiters = async (times: number) => {
    let terminated = 0;
    for (let i = 0; i < 400 && terminated < times; i++) {
      await sleep(25);
      const rows = await admin`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
      terminated += rows.filter((r) => r.done === true).length;
    }
    return terminated;
  };

  let orgId = "";
  const debitsOf = async () =>
    Number((await admin`select count(*)::int as n from credit_debits where org_id = ${orgId}`)[0]?.n);

  /**
   * A new organization's translation whose debit waits on the organization's row (held here),
   * with the waiting backend terminated `times` times: its statement fails with 57P01 as in a
   * PostgreSQL restart.
   */
  const translateWhileTerminating = async (times: number) => {
    const org = await h.org();
    orgId = org.orgId;
    const token = org.keys.all?.key;
    let pending: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    let terminated = 0;
    await admin.begin(async (tx) => {
      await tx`select id from organizations where id = ${orgId} for update`;
      pending = call(h, translate, "/v1/translate", { token, ...translateBody("The house is big.") });
      terminated = await terminateWaiters(times);
    });
    return { r: await (pending as NonNullable<typeof pending>), terminated, token };
  };

  it("repeats a read whose connection was terminated: a GET is answered 200, not 503", async () => {
    const org = await h.org();
    let pending: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    let terminated = 0;
    // The key's lookup waits behind a lock on its table and is terminated there, as a restart would.
    await admin.begin(async (tx) => {
      await tx`lock table api_keys in access exclusive mode`;
      pending = call(h, quota, "/v1/quota", { token: org.keys.all?.key });
      terminated = await terminateWaiters(1);
    });
    const r = await (pending as NonNullable<typeof pending>);
    expect(terminated, "the key's lookup waited on the lock").toBe(1);
    expect(r.status, r.text).toBe(200);
    expectConventions(r);
  });

  it("retries a debit whose connection was terminated once: 200, billed exactly once", async () => {
    const { r, terminated, token } = await translateWhileTerminating(1);
    expect(terminated, "a backend waited on the organization's lock").toBe(1);
    expect(r.status, r.text).toBe(200);
    expectConventions(r);
    const used = (r.json as { data: { credits_used: number } }).data.credits_used;
    expect(used).toBeGreaterThan(0);
    expect(await consumed(token)).toBe(used);
    expect(await debitsOf()).toBe(1);
  });

  it("repeats the debit through several terminated connections: 200, billed exactly once", async () => {
    const { r, terminated, token } = await translateWhileTerminating(3);
    expect(terminated, "the debit and its repeats waited on the organization's lock").toBe(3);
    expect(r.status, r.text).toBe(200);
    const used = (r.json as { data: { credits_used: number } }).data.credits_used;
    expect(await consumed(token)).toBe(used);
    expect(await debitsOf()).toBe(1);
  });
});
