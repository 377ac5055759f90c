import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";

import { translateResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as quota } from "../app/v1/quota/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, expectError, header, startApp } from "./helpers";

// The first request of a pair nobody has used yet, on a machine whose cores are all busy: the
// pair's pipeline must load its dictionaries first. The answer is the translation, or 503
// engine_unavailable with Retry-After (nothing billed), never a 500.
let h: Harness;
let loops: ChildProcess[] = [];
beforeAll(async () => {
  h = await startApp({ TOLK_APERTIUM_START_WAIT_MS: "300" });
});
afterAll(async () => {
  for (const loop of loops) loop.kill("SIGKILL");
  await h.close();
});

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

describe("a cold pair under CPU load", () => {
  it("answers 200 or 503 engine_unavailable with Retry-After, and is served once loaded", async () => {
    loops = Array.from({ length: os.availableParallelism() * 2 }, () =>
      spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" }),
    );
    const org = await h.org();
    const token = org.keys.all?.key;
    const body = json({ text: "The teacher opened the green door.", source_lang: "en", target_lang: "ca" });
    const first = await call(h, translate, "/v1/translate", { token, ...body });
    expect([200, 503]).toContain(first.status);
    if (first.status === 503) {
      expect(expectError(first, 503, "engine_unavailable", "api_error").message).toMatch(/en-ca is still starting/);
      expect(Number(header(first, "retry-after"))).toBeGreaterThan(0);
      const q = (await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } };
      expect(q.data.credits.consumed).toBe(0);
    }
    for (const loop of loops) loop.kill("SIGKILL");
    // The pipeline went on loading: a retry (as Retry-After says) is translated.
    let answer = first;
    for (let attempt = 0; answer.status === 503 && attempt < 60; attempt++) {
      await new Promise((r) => setTimeout(r, 1000));
      answer = await call(h, translate, "/v1/translate", { token, ...body });
    }
    expect(answer.status).toBe(200);
    expect(translateResponse.parse(answer.json).data.translation).toMatch(/porta verda/);
  }, 120_000);
});
