// The conventions of every /v1 response, success or error: request id, rate-limit headers,
// error shape; unknown paths (404) and wrong methods (405).
import { type TestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as catchAll from "../app/v1/[...path]/route";
import * as formats from "../app/v1/formats/route";
import * as languages from "../app/v1/languages/route";
import * as me from "../app/v1/me/route";
import * as quota from "../app/v1/quota/route";
import * as usage from "../app/v1/usage/route";
import {
  type Harness,
  type Reply,
  call,
  ensureWindowLeft,
  expectConventions,
  expectError,
  header,
  randomIp,
  startApp,
} from "./helpers";

let h: Harness;
let org: TestOrg;
let token: string;
beforeAll(async () => {
  h = await startApp();
  org = await h.org();
  token = org.keys.all?.key ?? "";
});
afterAll(() => h.close());

describe("every response carries the request id and the rate-limit headers", () => {
  it("200", async () => {
    const r = await call(h, me.GET, "/v1/me", { token });
    expect(r.status).toBe(200);
    expectConventions(r);
    expect(header(r, "x-ratelimit-limit")).toBe("120");
  });

  it("400", async () => {
    expectError(
      await call(h, usage.GET, "/v1/usage?from=nope", { token }),
      400,
      "bad_request",
      "invalid_request_error",
    );
  });

  it("401, limited per client address", async () => {
    const ip = randomIp();
    const first = await call(h, me.GET, "/v1/me", { ip });
    expectError(first, 401, "unauthorized", "authentication_error");
    expect(header(first, "x-ratelimit-limit")).toBe("60");
    const second = await call(h, me.GET, "/v1/me", { ip });
    expect(Number(header(second, "x-ratelimit-remaining"))).toBe(Number(header(first, "x-ratelimit-remaining")) - 1);
  });

  it("403", async () => {
    expectError(
      await call(h, quota.GET, "/v1/quota", { token: org.keys.write?.key }),
      403,
      "insufficient_scope",
      "permission_error",
    );
  });

  it("404 for an unknown path, with or without credentials", async () => {
    for (const auth of [token, null]) {
      const r = await call(h, catchAll.GET, "/v1/nothing/here", { token: auth, params: { path: ["nothing", "here"] } });
      const error = expectError(r, 404, "not_found", "invalid_request_error");
      expect(error.message).toContain("/v1/nothing/here");
    }
  });

  it("404 for every method of an unknown path", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const r = await call(h, catchAll[method], "/v1/translate/nope", {
        method,
        token,
        params: { path: ["translate", "nope"] },
        ...(method === "GET" || method === "DELETE" ? {} : { body: "{}" }),
      });
      expectError(r, 404, "not_found", "invalid_request_error");
    }
  });

  it("405 with Allow: GET for a wrong method on every route", async () => {
    const routes: [string, typeof me][] = [
      ["/v1/me", me],
      ["/v1/quota", quota],
      ["/v1/usage", usage],
      ["/v1/languages", languages],
      ["/v1/formats", formats],
    ];
    for (const [path, route] of routes) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        const r = await call(h, route[method], path, { method, token, ...(method === "DELETE" ? {} : { body: "{}" }) });
        expectError(r, 405, "method_not_allowed", "invalid_request_error");
        expect(header(r, "allow")).toBe("GET");
      }
    }
  });

  it("405 also for an unauthenticated caller (the method is wrong whoever asks)", async () => {
    const r = await call(h, me.POST, "/v1/me", { method: "POST", body: "{}" });
    expectError(r, 405, "method_not_allowed", "invalid_request_error");
    expect(header(r, "allow")).toBe("GET");
  });

  it("429, with Retry-After", async () => {
    const tiny = await h.org({ plan: "enterprise", limits: { api_per_min: 2 } });
    await ensureWindowLeft(h, 5);
    const replies: Reply[] = [];
    for (let i = 0; i < 3; i++) replies.push(await call(h, me.GET, "/v1/me", { token: tiny.keys.all?.key }));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 429]);
    const [, , denied] = replies;
    if (!denied) throw new Error("no reply");
    expectError(denied, 429, "rate_limit_exceeded", "rate_limit_error");
    expect(header(denied, "retry-after")).toBe(header(denied, "x-ratelimit-reset"));
  });

  it("each response has its own request id", async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 5; i++)
      ids.add(header(await call(h, languages.GET, "/v1/languages", { token }), "x-request-id"));
    expect(ids.size).toBe(5);
  });
});
