import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as analyze } from "../app/v1/analyze/headless/route";
import { POST as glossaries } from "../app/v1/glossaries/route";
import { POST as memoryUnits } from "../app/v1/memories/[id]/units/route";
import { POST as memories } from "../app/v1/memories/route";
import { POST as batch } from "../app/v1/translate/batch/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Handler, type Harness, call, expectError, startApp } from "./helpers";

// A JSON body nested 100,000 deep parses (JSON.parse is iterative) but overflowed the stack of
// the recursive walk that looks for NUL characters: a 500 "Maximum call stack size exceeded".
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h.close());

const post = (body: string) => ({ method: "POST", body, headers: { "content-type": "application/json" } });
const nested = (depth: number, leaf = '"x"') =>
  `{"text":${"[".repeat(depth)}${leaf}${"]".repeat(depth)},"source_lang":"en","target_lang":"es"}`;

const ROUTES: [string, Handler, Record<string, string>?][] = [
  ["/v1/translate", translate],
  ["/v1/translate/batch", batch],
  ["/v1/analyze/headless", analyze],
  ["/v1/glossaries", glossaries],
  ["/v1/memories", memories],
  ["/v1/memories/{id}/units", memoryUnits, { id: "00000000-0000-4000-8000-000000000000" }],
];

describe("JSON bodies nested too deeply", () => {
  for (const [path, handler, params] of ROUTES) {
    it(`POST ${path}: 400 naming the limit, not a 500`, async () => {
      const org = await h.org();
      const r = await call(h, handler, path, { token: org.keys.all?.key, params, ...post(nested(100_000)) });
      const error = expectError(r, 400, "bad_request", "invalid_request_error");
      expect(error.message).toBe("The request body is nested more than 64 levels deep; that is the limit.");
    });
  }

  it("still names a NUL character by its path within the limit", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...post(nested(3, '"a\\u0000b"')),
    });
    const error = expectError(r, 400, "bad_request", "invalid_request_error");
    expect(error.message).toBe("'text.0.0.0' must not contain the NUL character (U+0000).");
  });
});
