import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { batchResponse, documentJobResponse, documentResponse, translateResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as getJob } from "../app/v1/translate/[job_id]/route";
import { POST as batch } from "../app/v1/translate/batch/route";
import { POST as translateDocument } from "../app/v1/translate/document/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, expectError, startApp } from "./helpers";

// quality_score in use, on the real Apertium: min_quality flags a weak translation in `warnings`
// (never an error), and a document job lists its lowest-scoring segments for review.
let h: Harness;
const storageDir = mkdtempSync(join(tmpdir(), "tolk-quality-routes-"));
beforeAll(async () => {
  h = await startApp({ TOLK_STORAGE_DIR: storageDir });
});
afterAll(async () => {
  await h.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
// Made-up lowercase words the engine cannot know: a translation that cannot be good.
const WEAK = "The frobnicator glorped the wibbly snarfles again.";
const PLAIN = "The house is big.";

describe("min_quality", () => {
  it("returns a translation scoring below it, with a warning naming the score and its risks", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: WEAK, source_lang: "en", target_lang: "es", min_quality: 90 }),
    });
    expect(r.status).toBe(200);
    const body = translateResponse.parse(r.json).data;
    expect(body.translation).not.toBe("");
    expect(body.quality_score).not.toBeNull();
    expect(body.quality_score ?? 100).toBeLessThan(90);
    expect(body.quality_reasons).toContain("unknown_common");
    expect(
      body.warnings?.some(
        (w) => w.includes(`quality_score ${body.quality_score}, below min_quality 90`) && w.includes("unknown_common"),
      ),
    ).toBe(true);
  });

  it("adds no warning when the translation reaches it, nor when it is not asked for", async () => {
    const org = await h.org();
    for (const extra of [{ min_quality: 0 }, {}]) {
      const r = await call(h, translate, "/v1/translate", {
        token: org.keys.all?.key,
        ...json({ text: PLAIN, source_lang: "en", target_lang: "es", ...extra }),
      });
      const body = translateResponse.parse(r.json).data;
      expect(body.warnings ?? []).toEqual([]);
    }
  });

  it("flags each key of a batch that scores below it, per target", async () => {
    const org = await h.org();
    const r = await call(h, batch, "/v1/translate/batch", {
      token: org.keys.all?.key,
      ...json({
        strings: { weak: WEAK, plain: "Hello" },
        source_lang: "en",
        target_langs: ["es", "ca"],
        min_quality: 90,
      }),
    });
    expect(r.status).toBe(200);
    const body = batchResponse.parse(r.json).data;
    expect(body.translations.es?.weak).toBeTruthy();
    const flagged = body.warnings ?? [];
    expect(flagged.some((w) => w.startsWith("'weak' (es) has quality_score"))).toBe(true);
    expect(flagged.some((w) => w.startsWith("'weak' (ca) has quality_score"))).toBe(true);
  });

  it("refuses a value outside 0–100 with 400 in the error shape", async () => {
    const org = await h.org();
    for (const min of [101, -1, 50.5, "high"]) {
      const r = await call(h, translate, "/v1/translate", {
        token: org.keys.all?.key,
        ...json({ text: PLAIN, source_lang: "en", target_lang: "es", min_quality: min }),
      });
      expect(expectError(r, 400, "bad_request", "invalid_request_error").param).toBe("min_quality");
    }
    const f = new FormData();
    f.set("file", new File([PLAIN], "a.txt"));
    f.set("source_lang", "en");
    f.set("target_lang", "es");
    f.set("min_quality", "200");
    const r = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      body: f,
    });
    expect(expectError(r, 400, "bad_request", "invalid_request_error").param).toBe("min_quality");
  });
});

describe("a document's lowest-scoring segments", () => {
  it("are listed lowest first in the result and the job status, with a warning below min_quality", async () => {
    const org = await h.org();
    const paragraphs = [PLAIN, WEAK, "Open the file and save your changes.", "Blorfing the quuxes requires sprockets."];
    const f = new FormData();
    f.set("file", new File([paragraphs.join("\n\n")], "notes.txt"));
    f.set("source_lang", "en");
    f.set("target_lang", "es");
    f.set("min_quality", "95");
    const r = await call(h, translateDocument, "/v1/translate/document", {
      method: "POST",
      token: org.keys.all?.key,
      body: f,
    });
    expect(r.status).toBe(200);
    const result = documentResponse.parse(r.json).data;
    const lowest = result.lowest_segments ?? [];
    expect(lowest.length).toBeGreaterThanOrEqual(2);
    expect(lowest.length).toBeLessThanOrEqual(10);
    expect(lowest.map((s) => s.quality_score)).toEqual([...lowest.map((s) => s.quality_score)].sort((a, b) => a - b));
    // Each entry points at its paragraph; the made-up text ranks before the plain sentence.
    for (const s of lowest) expect(paragraphs[s.position]).toBe(s.source_excerpt);
    const weak = lowest.findIndex((s) => s.position === 1);
    const plain = lowest.findIndex((s) => s.position === 0);
    expect(weak).toBeGreaterThanOrEqual(0);
    expect(lowest[weak]?.quality_reasons).toContain("unknown_common");
    if (plain >= 0) expect(weak).toBeLessThan(plain);
    expect(
      result.warnings?.some(
        (w) => w.startsWith("The document has quality_score") && w.includes("below min_quality 95"),
      ),
    ).toBe(true);

    const job = await call(h, getJob, `/v1/translate/${result.job_id}`, {
      token: org.keys.all?.key,
      params: { job_id: result.job_id },
    });
    const view = documentJobResponse.parse(job.json).data;
    expect(view.quality_score).toBe(result.quality_score);
    expect(view.lowest_segments).toEqual(lowest);
    expect(view.warnings).toEqual(result.warnings);
  });
});
