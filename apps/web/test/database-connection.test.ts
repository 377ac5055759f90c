// A database connection lost in the middle of a request (PostgreSQL restarted, or the backend
// terminated by an operator): the request is answered 503 with Retry-After, or completed on a
// fresh connection, never 500, and billing stays exact either way. PostgreSQL only: PGlite has
// no connections to lose.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as quota } from "../app/v1/quota/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, expectConventions, expectError, header, sleep, startApp } from "./helpers";

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
    ((await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } }).data.credits.consumed;

  it("answers 503 + Retry-After (or the translation from a new connection), never 500, and bills exactly what it answered", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    let pending: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    // Hold the organization's row so the request's debit waits on it, then terminate the
    // backend that waits: its statement fails with 57P01 as in a PostgreSQL restart.
    await admin.begin(async (tx) => {
      await tx`select id from organizations where id = ${org.orgId} for update`;
      pending = call(h, translate, "/v1/translate", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "The house is big.", source_lang: "en", target_lang: "es" }),
      });
      let terminated = 0;
      for (let i = 0; i < 200 && terminated === 0; i++) {
        await sleep(50);
        const rows = await admin`
          select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
        terminated = rows.filter((r) => r.done === true).length;
      }
      expect(terminated, "a backend waited on the organization's lock").toBeGreaterThan(0);
    });
    const r = await (pending as NonNullable<typeof pending>);
    expect(r.status, r.text).not.toBe(500);
    if (r.status === 503) {
      expectError(r, 503, "service_unavailable", "api_error");
      expect(Number(header(r, "retry-after"))).toBeGreaterThan(0);
      expect(await consumed(token)).toBe(0);
    } else {
      expect(r.status, r.text).toBe(200);
      expectConventions(r);
      const used = (r.json as { data: { credits_used: number } }).data.credits_used;
      expect(await consumed(token)).toBe(used);
    }
    // The pool recovers: the next request is answered and billed once.
    const before = await consumed(token);
    const next = await call(h, translate, "/v1/translate", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Good morning.", source_lang: "en", target_lang: "es" }),
    });
    expect(next.status, next.text).toBe(200);
    expect(await consumed(token)).toBe(before + (next.json as { data: { credits_used: number } }).data.credits_used);
  });
});
