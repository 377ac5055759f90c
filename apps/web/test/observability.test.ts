// GET /metrics, the access log and the 5xx log of /v1 requests, in-process against a real
// database and Apertium. The metrics text is checked by Prometheus's own parser (promtool,
// Debian package `prometheus`).
import { spawnSync } from "node:child_process";

import { configureLogger } from "@tolk/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setAppContext } from "@/server/context";

import { GET as jwks } from "../app/.well-known/jwks.json/route";
import { GET as metrics } from "../app/metrics/route";
import { GET as deeplNotFound } from "../app/v2/[...path]/route";
import { GET as glossary } from "../app/v1/glossaries/[id]/route";
import { POST as createGlossary } from "../app/v1/glossaries/route";
import { POST as translate } from "../app/v1/translate/route";
import { GET as notFound } from "../app/v1/[...path]/route";
import { type Harness, call, ensureWindowLeft, expectNoStack, startApp } from "./helpers";

const promtool = spawnSync("promtool", ["--version"]).status === 0;
if (!promtool) console.warn("promtool is missing: install Debian's `prometheus` package to check the /metrics format");

let h: Harness;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  h = await startApp();
  configureLogger({
    level: "info",
    format: "json",
    destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(async () => {
  configureLogger({ level: "info", format: "json" });
  await h.close();
});

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
const scrape = async (token?: string) => {
  const res = await metrics(
    new Request("http://localhost/metrics", { headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};
/** The value of one sample, by metric name and exact label set as Prometheus prints it; 0 when absent. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe("GET /metrics", () => {
  it("counts requests by route template, engine calls, cache hits, credits and queue state, in a format promtool accepts", async () => {
    const before = (await scrape()).text;
    const org = await h.org();
    const body = { text: `The dog is small ${Date.now()}.`, source_lang: "en", target_lang: "es" };
    for (let i = 0; i < 2; i++)
      expect((await call(h, translate, "/v1/translate", { token: org.keys.all?.key, ...json(body) })).status).toBe(200);
    expect(
      (await call(h, notFound, "/v1/nothing/here", { token: org.keys.all?.key, params: { path: ["nothing", "here"] } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(h, deeplNotFound, "/v2/nothing/here", {
          token: org.keys.all?.key,
          params: { path: ["nothing", "here"] },
        })
      ).status,
    ).toBe(404);
    // A route outside the pipeline (as the console's tRPC and sign-in are) is counted too.
    expect((await jwks(new Request("http://localhost/.well-known/jwks.json"))).status).toBe(200);

    const m = await scrape();
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const delta = (series: string) => sample(m.text, series) - sample(before, series);
    expect(delta('tolk_http_requests_total{route="/v1/translate",method="POST",status="200"}')).toBe(2);
    expect(delta('tolk_http_requests_total{route="/v1/[...path]",method="GET",status="404"}')).toBe(1);
    expect(delta('tolk_http_requests_total{route="/v2/[...path]",method="GET",status="404"}')).toBe(1);
    expect(delta('tolk_http_requests_total{route="/.well-known/jwks.json",method="GET",status="200"}')).toBe(1);
    expect(delta('tolk_http_request_duration_seconds_count{route="/v1/translate",method="POST"}')).toBe(2);
    // The first request's sentence went to Apertium, the second one's came from the cache.
    expect(delta('tolk_engine_calls_total{engine="apertium",pair="en-es",outcome="ok"}')).toBe(1);
    expect(delta('tolk_engine_segments_total{engine="apertium",pair="en-es"}')).toBe(1);
    expect(delta('tolk_engine_call_duration_seconds_count{engine="apertium",pair="en-es"}')).toBe(1);
    expect(delta('tolk_segment_cache_lookups_total{result="miss"}')).toBe(1);
    expect(delta('tolk_segment_cache_lookups_total{result="hit"}')).toBe(1);
    expect(delta('tolk_credits_debited_total{kind="text"}')).toBeGreaterThan(0);
    // Read from the jobs table at scrape time; Node's own metrics come with it.
    expect(m.text).toMatch(/^tolk_document_jobs\{state="created"\} \d+$/m);
    expect(m.text).toMatch(/^tolk_document_queue_depth \d+$/m);
    expect(m.text).toMatch(/^tolk_document_queue_oldest_age_seconds [\d.e+-]+$/m);
    expect(m.text).toMatch(/^process_cpu_user_seconds_total [\d.e+-]+$/m);
    expect(m.text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e+-]+$/m);
  });

  it.skipIf(!promtool)("parses with promtool check metrics, and Tolk's own metrics pass its lint", async () => {
    const m = await scrape();
    const check = spawnSync("promtool", ["check", "metrics"], { input: m.text, encoding: "utf8" });
    // Exit 1 is a parse error, 3 lint findings. prom-client's default gauges
    // nodejs_active_{handles,requests,resources}_total carry a `_total` suffix the lint
    // reserves for counters: upstream names, left as dashboards know them.
    expect(check.status === 0 || check.status === 3, `${check.stdout}${check.stderr}`).toBe(true);
    const findings = `${check.stdout}${check.stderr}`
      .split("\n")
      .filter((l) => l.trim() && !/^nodejs_active_\w+_total non-counter/.test(l));
    expect(findings).toEqual([]);
  });

  it("counts rate-limit refusals by bucket", async () => {
    const before = (await scrape()).text;
    // Both requests in one 60 s window, or the second one is allowed.
    await ensureWindowLeft(h, 10);
    const org = await h.org({ plan: "enterprise", limits: { translate_per_min: 1 } });
    const body = { text: "Hello.", source_lang: "en", target_lang: "es" };
    expect((await call(h, translate, "/v1/translate", { token: org.keys.all?.key, ...json(body) })).status).toBe(200);
    expect((await call(h, translate, "/v1/translate", { token: org.keys.all?.key, ...json(body) })).status).toBe(429);
    const after = (await scrape()).text;
    expect(
      sample(after, 'tolk_rate_limit_refusals_total{bucket="translate"}') -
        sample(before, 'tolk_rate_limit_refusals_total{bucket="translate"}'),
    ).toBe(1);
  });

  it("wants the bearer token when TOLK_METRICS_TOKEN is set", async () => {
    const token = "metrics-token-0123456789";
    setAppContext({ ...h.app, env: { ...h.app.env, TOLK_METRICS_TOKEN: token } });
    try {
      expect((await scrape()).status).toBe(401);
      expect((await scrape("wrong-token-0123456789ab")).status).toBe(401);
      const ok = await scrape(token);
      expect(ok.status).toBe(200);
      expect(ok.text).toContain("tolk_http_requests_total");
    } finally {
      setAppContext(h.app);
    }
  });
});

describe("logs", () => {
  it("writes one access-log line per /v1 request: ids, route template, status, duration, bytes, never the key", async () => {
    const org = await h.org();
    const key = org.keys.all;
    if (!key) throw new Error("no key");
    const created = await call(h, createGlossary, "/v1/glossaries", {
      token: key.key,
      ...json({ name: "Terms", source_lang: "en", target_lang: "es", entries: [{ source: "dog", target: "perro" }] }),
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: string } }).data.id;
    lines.length = 0;
    const r = await call(h, glossary, `/v1/glossaries/${id}`, { token: key.key, params: { id } });
    expect(r.status).toBe(200);
    const requestId = r.res.headers.get("x-request-id");
    const access = lines.filter((l) => l.msg === "request" && l.request_id === requestId);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: "info",
      org_id: org.orgId,
      key_id: key.id,
      method: "GET",
      route: "/v1/glossaries/[id]",
      status: 200,
      bytes: Buffer.byteLength(r.text),
    });
    expect(typeof access[0]?.duration_ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain(key.key);
  });

  it("logs a 5xx with its request id and stack; the client gets neither the stack nor the cause", async () => {
    const org = await h.org();
    const broken = {
      ...h.app.translation,
      cache: {
        ...h.app.translation.cache,
        getOrTranslate: () => Promise.reject(new Error("the cache caught fire")),
      } as unknown as typeof h.app.translation.cache,
    };
    // call() runs the handler in the harness's own context: a harness whose cache fails.
    const failing = { ...h, app: { ...h.app, translation: broken } };
    lines.length = 0;
    const r = await call(failing, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: "Hello there.", source_lang: "en", target_lang: "es" }),
    });
    expect(r.status).toBe(500);
    expectNoStack(r.text);
    expect(r.text).not.toContain("caught fire");
    const requestId = r.res.headers.get("x-request-id");
    const failure = lines.find((l) => l.msg === "request failed");
    expect(failure).toMatchObject({ level: "error", request_id: requestId, err: { message: "the cache caught fire" } });
    expect((failure?.err as { stack: string }).stack).toMatch(/\n\s+at /);
    expect(lines.find((l) => l.msg === "request")).toMatchObject({
      request_id: requestId,
      status: 500,
      route: "/v1/translate",
    });
  });
});
