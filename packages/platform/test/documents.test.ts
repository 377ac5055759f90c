import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { creditDebits, documentJobs, usageEvents } from "@tolk/db";
import { type Engine, EngineError, EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import { eq } from "drizzle-orm";
import { filterFor, stripCodes } from "@tolk/formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import {
  type DocumentServices,
  type Principal,
  SegmentCache,
  type SubmittedDocument,
  addMemoryUnits,
  claimNextJob,
  createGlossary,
  createMemory,
  debitCredits,
  downloadDocument,
  failAbandonedJobs,
  getCreditBalance,
  getDocumentJob,
  createDownloadLinks,
  renewLease,
  resultKey,
  runDocumentJob,
  segmentsKey,
  submitDocument,
  sweepExpiredDocuments,
} from "@tolk/domain";
import { DAY, rejection } from "@tolk/domain/test-helpers";
import { apiKeyPrincipal, useTestDb } from "@tolk/domain/test-support";
import { DocumentWorker, LocalObjectStorage, configureLogger } from "../src";
import { docx, pptx, sp, xlsx } from "../../formats/test/fixtures/ooxml";
import { PIECE_SEGMENTS, segmentsPieceKey, translationsPieceKey } from "../../domain/src/documents/document-objects";
import { TranslationReader } from "../../domain/src/documents/translated-so-far";
import { STORY_WINDOW } from "../../formats/src/ooxml/parts";
import { watchZipWork } from "../../formats/test/support/zip-work";

const isPiece = (key: string) => /\/segments\.\d+\.jsonl$/.test(key);
const isTranslationsPiece = (key: string) => /\/translations\.\d+\.jsonl$/.test(key);

// Document jobs end to end in the domain: submit → queue → worker → storage → billing, on a
// real database, a real storage directory, and engines that are either the real Apertium or
// small stand-ins (upper-casing, failing, or held until released) that make states observable.
const t = useTestDb();
let apertium: Engine;
let storageDir: string;

const upper = (gate?: { wait: () => Promise<void> }): Engine => ({
  name: "llm",
  pairs: () => [{ source: "en", target: "es" }],
  health: async () => ({ ok: true }),
  close: async () => {},
  translate: async (req) => {
    await gate?.wait();
    return req.segments.map((s) => ({ text: s.toUpperCase(), unknownWords: 0, words: 1 }));
  },
});

let failures = 0;
const failing: Engine = {
  name: "llm",
  pairs: () => [{ source: "en", target: "es" }],
  health: async () => ({ ok: false }),
  close: async () => {},
  translate: async () => {
    failures++;
    throw new EngineError("llm", "connection refused");
  },
};

async function services(engine: Engine): Promise<DocumentServices> {
  return {
    translation: { router: new EngineRouter([engine]), cache: new SegmentCache() },
    storage: new LocalObjectStorage(storageDir),
    links: createDownloadLinks(t.ctx, { baseUrl: "http://tolk.test" }),
    retentionMs: 7 * DAY,
    leaseMs: 60_000,
  };
}

function principal(options: { topUp?: number; monthlyCredits?: number } = {}): Promise<Principal> {
  return apiKeyPrincipal(t.ctx, {
    plan: options.monthlyCredits === undefined ? "starter" : "enterprise",
    limits: options.monthlyCredits === undefined ? undefined : { monthly_credits: options.monthlyCredits },
    topUp: options.topUp,
  });
}

let seq = 0;
const txt = (text: string, filename = "notes.txt") => ({ filename, bytes: new TextEncoder().encode(text) });
const enEs = { source_lang: "en", target_lang: "es" };

function submit(
  svc: DocumentServices,
  p: Principal,
  upload: { filename: string; bytes: Uint8Array },
  async = false,
): Promise<SubmittedDocument> {
  return submitDocument(t.ctx, svc, { principal: p, requestId: `req_${++seq}`, upload, request: enEs, async });
}

async function jobRow(id: string) {
  const [row] = await t.ctx.db.select().from(documentJobs).where(eq(documentJobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

const debitsOf = (orgId: string) => t.ctx.db.select().from(creditDebits).where(eq(creditDebits.orgId, orgId));

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), "tolk-docs-"));
  apertium = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
});
afterAll(async () => {
  await apertium.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe("synchronous document translation", () => {
  it("translates a txt file with Apertium, keeps its layout, bills output characters once per job, and records usage", async () => {
    const svc = await services(apertium);
    const p = await principal();
    const source = "Good morning.\r\n\r\nThe house is big.\r\n";
    const done = await submit(svc, p, txt(source, "Greeting.TXT"));
    if (done.kind !== "completed") throw new Error("expected a completed job");
    const out = Buffer.from(done.result.file_data, "base64").toString("utf8");
    expect(out).toBe("Buenos días.\r\n\r\nLa casa es grande.\r\n");
    expect(done.result).toMatchObject({
      filename: "Greeting.TXT",
      source_lang: "en",
      target_lang: "es",
      character_count: 30,
      credits_used: 30,
    });
    expect(done.result.download_url).toMatch(
      new RegExp(`^http://tolk.test/v1/documents/${done.result.job_id}/download\\?expires=\\d+&signature=`),
    );
    const job = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: done.result.job_id });
    expect(job).toMatchObject({ status: "completed", progress: 1, error: null, credits_used: 30 });
    expect(job.result_url).toMatch(/\/download\?expires=/);
    // One debit, keyed by the job; one usage event of kind document.
    const debits = await debitsOf(p.org.id);
    expect(debits.map((d) => [d.operationKey, d.amount])).toEqual([[done.result.job_id, 30]]);
    const usage = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.orgId, p.org.id));
    expect(usage.map((u) => [u.kind, u.targetLang, u.characters, u.credits])).toEqual([["document", "es", 30, 30]]);
    // Downloadable by the organization, and not by another one.
    const dl = await downloadDocument(t.ctx, svc, {
      jobId: done.result.job_id,
      orgId: p.org.id,
      expires: null,
      signature: null,
    });
    expect(dl.kind === "bytes" && Buffer.from(dl.body).toString()).toBe(out);
    const other = await principal();
    expect(
      (
        await rejection(
          downloadDocument(t.ctx, svc, {
            jobId: done.result.job_id,
            orgId: other.org.id,
            expires: null,
            signature: null,
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await rejection(getDocumentJob(t.ctx, svc.links, { orgId: other.org.id, jobId: done.result.job_id }))).status,
    ).toBe(404);
  });

  it("refuses before any job exists: unknown and not-yet-available formats, oversize files, unparseable files, unaffordable documents", async () => {
    const svc = await services(upper());
    const p = await principal();
    const cases: [{ filename: string; bytes: Uint8Array }, number, string, RegExp][] = [
      [txt("x", "virus.exe"), 400, "unsupported_format", /not a supported document format.*docx/],
      [txt("x", "README"), 400, "unsupported_format", /not a supported/],
      [txt("x", "slides.key"), 400, "unsupported_format", /not a supported/],
      [{ filename: "big.txt", bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61) }, 413, "file_too_large", /5 MB/],
      [
        { filename: "odd.txt", bytes: new Uint8Array([0xff, 0xfe, 0x41]) },
        400,
        "bad_request",
        /not a valid txt file: .*UTF-16LE/,
      ],
    ];
    for (const [upload, status, code, message] of cases) {
      const err = await rejection(submit(svc, p, upload));
      expect({ status: err.status, code: err.code }, upload.filename).toEqual({ status, code });
      expect(err.message).toMatch(message);
    }
    const poor = await principal({ monthlyCredits: 10 });
    const err = await rejection(submit(svc, poor, txt("This sentence is longer than ten credits.")));
    expect(err.status).toBe(402);
    expect(err.message).toMatch(/needs 41 and 10 are available/);
    const jobs = await t.ctx.db.select().from(documentJobs).where(eq(documentJobs.orgId, poor.org.id));
    expect(jobs).toEqual([]);
    expect(await debitsOf(p.org.id)).toEqual([]);
  });
  it("logs the job's lifecycle with where a completed job spent its time, phase by phase", async () => {
    const lines: Record<string, unknown>[] = [];
    configureLogger({
      level: "info",
      format: "json",
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      const p = await principal();
      const done = await submit(await services(apertium), p, txt("The house is big.\n"));
      if (done.kind !== "completed") throw new Error("expected a completed job");
      const mine = lines.filter((l) => l.job_id === done.result.job_id);
      expect(mine.map((l) => l.msg)).toEqual([
        "document job created",
        "document job started",
        "document job completed",
      ]);
      const completed = mine[2] ?? {};
      expect(completed).toMatchObject({ level: "info", org_id: p.org.id, format: "txt", segments: 1, characters: 18 });
      expect(Object.keys(completed.phases_ms as object)).toEqual([
        "segments_ready",
        "translated",
        "merged",
        "stored_and_billed",
      ]);
      expect(typeof completed.duration_ms).toBe("number");
    } finally {
      configureLogger({ level: "info", format: "json" });
    }
  });
});

describe("glossaries and memories on documents", () => {
  it("applies the request's glossary and memory to every segment, and refuses an unknown id before any job exists", async () => {
    const svc = await services(apertium);
    const p = await principal();
    const glossary = await createGlossary(t.ctx, {
      org: p.org,
      request: {
        name: "Product",
        source_lang: "en",
        target_lang: "es",
        entries: [{ source: "dashboard", target: "tablero" }],
      },
    });
    const memory = await createMemory(t.ctx, {
      org: p.org,
      request: { name: "Approved", source_lang: "en", target_lang: "es" },
    });
    await addMemoryUnits(t.ctx, {
      orgId: p.org.id,
      memoryId: memory.id,
      request: { units: [{ source: "Good morning.", target: "¡Muy buenos días!" }] },
    });
    const request = { ...enEs, glossary_ids: [glossary.id], tm_id: memory.id };
    const upload = txt("Good morning.\n\nOpen the dashboard.\n");
    const done = await submitDocument(t.ctx, svc, {
      principal: p,
      requestId: `req_${++seq}`,
      upload,
      request,
      async: false,
    });
    if (done.kind !== "completed") throw new Error("expected a completed job");
    const out = Buffer.from(done.result.file_data, "base64").toString("utf8");
    expect(out.split("\n\n")[0]).toBe("¡Muy buenos días!"); // the memory's exact match, not the engine's "Buenos días."
    expect(out).toContain("tablero");
    expect(out).not.toMatch(/dashboard/i);

    const before = await t.ctx.db.select().from(documentJobs).where(eq(documentJobs.orgId, p.org.id));
    const refused = await rejection(
      submitDocument(t.ctx, svc, {
        principal: p,
        requestId: `req_${++seq}`,
        upload,
        request: { ...enEs, glossary_ids: ["gls_doesnotexist"] },
        async: true,
      }),
    );
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.message).toContain("gls_doesnotexist");
    expect(await t.ctx.db.select().from(documentJobs).where(eq(documentJobs.orgId, p.org.id))).toHaveLength(
      before.length,
    );
  });
});

describe("queued jobs", () => {
  it("goes created → processing (with real progress) → completed through the worker", async () => {
    let release: () => void = () => {};
    let calls = 0;
    const gate = {
      wait: () => {
        calls++;
        return calls === 2 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
    };
    const svc = await services(upper(gate));
    const p = await principal();
    // 130 lines in separate blocks: three chunks of segments, so progress moves twice.
    const lines = Array.from({ length: 130 }, (_, i) => `Line number ${i}.`);
    const source = lines.join("\n\n") + "\n";
    const queued = await submit(svc, p, txt(source), true);
    if (queued.kind !== "queued") throw new Error("expected a queued job");
    expect(queued.job).toMatchObject({ status: "created", progress: 0, result_url: null, error: null });

    const worker = new DocumentWorker(t.ctx, svc);
    const draining = worker.drain();
    const progress = async () =>
      (await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: queued.job.job_id })).progress;
    await expect.poll(progress, { timeout: 10_000 }).toBeGreaterThan(0);
    // The second chunk is held; the third, sent meanwhile, has come back but is applied in order.
    expect(calls).toBe(3);
    await new Promise((r) => setTimeout(r, 100));
    const mid = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: queued.job.job_id });
    expect(mid.status).toBe("processing");
    expect(mid.progress).toBeGreaterThan(0.4);
    expect(mid.progress).toBeLessThan(0.6);
    release();
    expect(await draining).toBe(1);
    const done = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: queued.job.job_id });
    expect(done).toMatchObject({ status: "completed", progress: 1 });
    const row = await jobRow(queued.job.job_id);
    const file = await svc.storage.get(row.resultKey ?? "");
    expect(new TextDecoder().decode(file)).toBe(source.toUpperCase());
    // Output characters of the translated segments (the line breaks are not translated).
    expect(row.credits).toBe(lines.reduce((n, l) => n + l.length, 0));
    // A document's sentences do not fill the segment cache that text requests share.
    expect(svc.translation.cache.stats).toMatchObject({ entries: 0, misses: 130 });
  });

  it("reads the segments the upload stored instead of extracting the file again, and extracts when they are missing or damaged", async () => {
    const svc = await services(upper());
    const reads: string[] = [];
    const storage = svc.storage;
    const get = storage.get.bind(storage);
    storage.get = (key) => (reads.push(key), get(key));
    const p = await principal();
    const source = "First line.\n\nSecond line.\n";
    const keys = async () => {
      const queued = await submit(svc, p, txt(source), true);
      if (queued.kind !== "queued") throw new Error("expected a queued job");
      const row = await jobRow(queued.job.job_id);
      return { row, segments: segmentsKey(row), piece: segmentsPieceKey(row, 0) };
    };
    const run = async () => {
      reads.length = 0;
      expect(await new DocumentWorker(t.ctx, svc).drain()).toBe(1);
    };

    // Stored at upload: the job reads them, and the file only once (for the merge).
    const stored = await keys();
    // A manifest (version, count), then pieces of JSON lines, a segment per line.
    expect(JSON.parse(new TextDecoder().decode(await get(stored.segments)))).toEqual({ version: 3, segments: 2 });
    const lines = new TextDecoder().decode(await get(stored.piece)).split("\n");
    expect(lines.map((l) => (l ? (JSON.parse(l) as unknown) : l))).toMatchObject([
      { text: "First line." },
      { text: "Second line." },
      "",
    ]);
    // What the job translates is what was stored (a changed text shows it was not re-extracted).
    const first = JSON.parse(lines[0] ?? "") as { id: string; text: string };
    lines[0] = JSON.stringify({ ...first, text: "Stored text." });
    await storage.put(stored.piece, new TextEncoder().encode(lines.join("\n")), "application/x-ndjson");
    await run();
    expect(reads.filter((k) => k === stored.row.inputKey)).toHaveLength(1);
    expect(new TextDecoder().decode(await get(resultKey(stored.row)))).toBe("STORED TEXT.\n\nSECOND LINE.\n");

    // No manifest to trust (a job queued before segments were stored, another layout, a damaged
    // manifest): extracted from the file, which is then read twice (extract, merge).
    const damages = [
      (key: string) => storage.delete(key),
      (key: string) => storage.put(key, new TextEncoder().encode("{not json"), "application/json"),
      // Version 2's layout (one object of JSON lines) is not trusted: extracted again.
      (key: string) =>
        storage.put(key, new TextEncoder().encode('{"version":2}\n{"id":"a","text":"Old."}\n'), "application/x-ndjson"),
      (key: string) => storage.put(key, new TextEncoder().encode('{"version":3}'), "application/json"),
    ];
    for (const damage of damages) {
      const job = await keys();
      await damage(job.segments);
      await run();
      expect(reads.filter((k) => k === job.row.inputKey)).toHaveLength(2);
      expect(new TextDecoder().decode(await get(resultKey(job.row)))).toBe(source.toUpperCase());
    }

    // A damaged piece is found only while the job reads it: that attempt fails as the service's
    // fault and drops the manifest, and the retry extracts the file again.
    for (const damage of [
      (key: string) => storage.delete(key),
      (key: string) => storage.put(key, new TextEncoder().encode('{"id":"1"}\n'), "application/x-ndjson"),
    ]) {
      const job = await keys();
      await damage(job.piece);
      await run();
      expect(await jobRow(job.row.id)).toMatchObject({ status: "created", attempts: 1 });
      t.clock.advance(60_000);
      await run();
      expect(await jobRow(job.row.id)).toMatchObject({ status: "completed", attempts: 2 });
      expect(reads.filter((k) => k === job.row.inputKey)).toHaveLength(2);
      expect(new TextDecoder().decode(await get(resultKey(job.row)))).toBe(source.toUpperCase());
    }

    // Retention deletes them with the input and the result.
    t.clock.advance(8 * DAY);
    await sweepExpiredDocuments(t.ctx, storage);
    await expect(get(stored.segments)).rejects.toThrow(/No object/);
    await expect(get(stored.piece)).rejects.toThrow(/No object/);
  });

  it("stores a large document's segments while it inflates and translates them a piece at a time, never holding them all", async () => {
    const held = { ...STORY_WINDOW };
    // Every part read in windows, however small, so the test's document need not be megabytes.
    Object.assign(STORY_WINDOW, { above: 0 });
    try {
      const calls: number[] = [];
      const reads: string[] = [];
      const svc = await services({
        ...upper(),
        translate: async (req) => (calls.push(reads.filter(isPiece).length), upper().translate(req)),
      });
      const storage = svc.storage;
      const get = storage.get.bind(storage);
      storage.get = (key) => (reads.push(key), get(key));
      const put = storage.put.bind(storage);
      const inflatedAtPut: number[] = [];
      const translationPuts: string[] = [];
      const work = watchZipWork();
      storage.put = (key, body, type) => {
        if (isPiece(key)) inflatedAtPut.push(work.bytesInflated());
        if (isTranslationsPiece(key)) translationPuts.push(key);
        return put(key, body, type);
      };
      const paragraphs = 3 * PIECE_SEGMENTS + 100;
      const body = Array.from(
        { length: paragraphs },
        (_, i) => `<w:p><w:r><w:t>Line ${i} of the report.</w:t></w:r></w:p>`,
      ).join("");
      const file = docx({ body });
      const p = await principal({ topUp: 10_000_000 });
      const queued = await submit(svc, p, { filename: "big.docx", bytes: file }, true);
      work.restore();
      if (queued.kind !== "queued") throw new Error("expected a queued job");
      // The upload wrote a piece every PIECE_SEGMENTS segments, the first while most of the
      // document was still to inflate: it never held more than a piece of them.
      const inflated = work.bytesInflated();
      expect(inflatedAtPut).toHaveLength(4);
      expect(inflatedAtPut[0]).toBeLessThan(inflated / 2);
      expect((await jobRow(queued.job.job_id)).segments).toBe(paragraphs);
      const readers = new Set<TranslationReader>();
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the spied reader as `this`
      const readTranslation = TranslationReader.prototype.get;
      const spied = vi.spyOn(TranslationReader.prototype, "get").mockImplementation(function (
        this: TranslationReader,
        id: string,
      ) {
        readers.add(this);
        return readTranslation.call(this, id);
      });
      try {
        expect(await new DocumentWorker(t.ctx, svc).drain()).toBe(1);
      } finally {
        spied.mockRestore();
      }
      // The engine's first call came when one piece had been read, not all four.
      expect(calls[0]).toBe(1);
      expect(reads.filter(isPiece)).toHaveLength(4);
      // The translations went to storage a piece at a time as they came in, and the merge read
      // them back a piece at a time, never holding more than three; once the result was stored
      // they were deleted.
      const row = await jobRow(queued.job.job_id);
      expect(translationPuts).toEqual([0, 1, 2, 3].map((n) => translationsPieceKey(row, n)));
      expect(readers.size).toBe(1);
      for (const reader of readers) {
        expect(reader.missed).toBe(false);
        expect(reader.mostHeld).toBeLessThanOrEqual(3);
      }
      expect(reads.filter(isTranslationsPiece).length).toBeLessThanOrEqual(4);
      for (const key of translationPuts) await expect(get(key)).rejects.toThrow();
      expect(row).toMatchObject({ status: "completed", segments: paragraphs });
      const out = await filterFor("docx")?.extract(await get(row.resultKey ?? ""), {
        sourceLang: "en",
        targetLang: "es",
      });
      expect(out?.map((s) => s.text)).toEqual(Array.from({ length: paragraphs }, (_, i) => `LINE ${i} OF THE REPORT.`));
    } finally {
      Object.assign(STORY_WINDOW, held);
    }
  });

  it.each([
    // 13 slides of 1,000 paragraphs, and a shared-string table of 13,000 strings a sheet uses.
    [
      "pptx",
      () =>
        pptx(
          Array.from({ length: 13 }, (_, s) => ({
            shapes: sp(
              Array.from(
                { length: 1000 },
                (_, i) => `<a:p><a:r><a:t>Line ${s * 1000 + i} of the deck.</a:t></a:r></a:p>`,
              ).join(""),
            ),
          })),
        ),
    ],
    [
      "xlsx",
      () =>
        xlsx(
          [
            {
              name: "Data",
              rows: Array.from(
                { length: 13_000 },
                (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`,
              ).join(""),
            },
          ],
          Array.from({ length: 13_000 }, (_, i) => `<si><t>Line ${i} of the deck.</t></si>`),
        ),
    ],
  ])(
    "stores a large %s's segments as it reads them and merges it reading the translations a piece at a time",
    async (ext, make) => {
      const held = { ...STORY_WINDOW };
      Object.assign(STORY_WINDOW, { above: 0 });
      try {
        const svc = await services(upper());
        const storage = svc.storage;
        const get = storage.get.bind(storage);
        const put = storage.put.bind(storage);
        const segmentPuts: string[] = [];
        const translationPuts: string[] = [];
        storage.put = (key, body, type) => {
          if (isPiece(key)) segmentPuts.push(key);
          if (isTranslationsPiece(key)) translationPuts.push(key);
          return put(key, body, type);
        };
        const p = await principal({ topUp: 10_000_000 });
        const queued = await submit(svc, p, { filename: `big.${ext}`, bytes: make() }, true);
        if (queued.kind !== "queued") throw new Error("expected a queued job");
        expect(segmentPuts).toHaveLength(4);
        const readers = new Set<TranslationReader>();
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the spied reader as `this`
        const readTranslation = TranslationReader.prototype.get;
        const spied = vi.spyOn(TranslationReader.prototype, "get").mockImplementation(function (
          this: TranslationReader,
          id: string,
        ) {
          readers.add(this);
          return readTranslation.call(this, id);
        });
        try {
          expect(await new DocumentWorker(t.ctx, svc).drain()).toBe(1);
        } finally {
          spied.mockRestore();
        }
        const row = await jobRow(queued.job.job_id);
        expect(row).toMatchObject({ status: "completed", segments: 13_000 });
        expect(translationPuts).toEqual([0, 1, 2, 3].map((n) => translationsPieceKey(row, n)));
        // One merge, in extract order, never holding more than three pieces of translations.
        expect(readers.size).toBe(1);
        for (const reader of readers) {
          expect(reader.missed).toBe(false);
          expect(reader.mostHeld).toBeLessThanOrEqual(3);
        }
        const out = await filterFor(ext)?.extract(await get(row.resultKey ?? ""), {
          sourceLang: "en",
          targetLang: "es",
        });
        expect(out?.map((s) => s.text)).toEqual(Array.from({ length: 13_000 }, (_, i) => `LINE ${i} OF THE DECK.`));
      } finally {
        Object.assign(STORY_WINDOW, held);
      }
    },
  );

  it("resumes a job whose worker crashed (lease ran out) on another worker, billing it once", async () => {
    const svc = await services(upper());
    const p = await principal();
    const queued = await submit(svc, p, txt("Hello there.\n"), true);
    // Worker A claims the job and dies without a word.
    const claimed = await claimNextJob(t.ctx, { workerId: "A", leaseMs: 60_000 });
    expect(claimed?.id).toBe(queued.kind === "queued" ? queued.job.job_id : "");
    // Before the lease runs out nobody else can take it.
    expect(await claimNextJob(t.ctx, { workerId: "B" })).toBeNull();
    t.clock.advance(61_000);
    const b = new DocumentWorker(t.ctx, svc);
    expect(await b.drain()).toBe(1);
    const row = await jobRow(claimed?.id ?? "");
    expect(row).toMatchObject({ status: "completed", attempts: 2 });
    // The crashed worker cannot write any more: its lease is gone.
    expect(await renewLease(t.ctx, { jobId: row.id, workerId: "A", progress: 0.5 })).toBe(false);
    expect((await debitsOf(p.org.id)).length).toBe(1);
  });

  it("saves progress after the first chunk, then at most once a second, not after every chunk", async () => {
    const svc = await services(upper());
    const p = await principal({ monthlyCredits: 1_000_000 });
    // 1,280 lines in separate blocks: 20 chunks of segments, translated in well under a second.
    const source = Array.from({ length: 1280 }, (_, i) => `Line number ${i}.`).join("\n\n") + "\n";
    const queued = await submit(svc, p, txt(source), true);
    if (queued.kind !== "queued") throw new Error("expected a queued job");
    let jobUpdates = 0;
    const db = new Proxy(t.ctx.db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        const method = value as (...args: unknown[]) => unknown;
        if (prop !== "update") return method.bind(target);
        return (table: unknown) => {
          if (table === documentJobs) jobUpdates++;
          return method.call(target, table);
        };
      },
    });
    const job = await claimNextJob(t.ctx, { workerId: "W" });
    if (!job) throw new Error("no job to claim");
    const started = performance.now();
    await runDocumentJob({ ...t.ctx, db }, svc, { job, workerId: "W" });
    const seconds = (performance.now() - started) / 1000;
    expect(await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: queued.job.job_id })).toMatchObject({
      status: "completed",
    });
    // Progress writes only (completion runs in a transaction of its own): the first chunk's, then one a second at most.
    expect(jobUpdates).toBeGreaterThanOrEqual(1);
    expect(jobUpdates).toBeLessThanOrEqual(1 + Math.ceil(seconds));
    expect(jobUpdates).toBeLessThan(20);
  });

  it("merges a Word document read in windows while its last fifth translates, and every paragraph comes out translated", async () => {
    let calls = 0;
    let readsBeforeLastCall = 0;
    let callsAtFirstRead: number | undefined;
    let queue = Promise.resolve();
    const engine = upper();
    const counted: Engine = {
      ...engine,
      translate: async (req) => {
        calls++;
        // One call at a time, 20 ms each: the translation outlasts the merge of the whole file.
        const turn = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
        queue = turn;
        await turn;
        readsBeforeLastCall = read.mock.calls.length;
        return engine.translate(req);
      },
    };
    const svc = await services(counted);
    const p = await principal({ monthlyCredits: 10_000_000 });
    // Past the 4 MB of inflated XML from which a part is read in windows: ~3,000 paragraphs
    // with bold runs, in ~50 chunks.
    const bold = (i: number) => `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">bold words ${i} </w:t></w:r>`;
    // Padding that compresses about as little as Word's XML, so the part inflates in small steps.
    let seed = 7;
    const noise = () =>
      Array.from({ length: 1200 }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 16).toString(16)).join("");
    const paragraphs = Array.from(
      { length: 3000 },
      (_, i) =>
        `<w:p w:rsidP="${noise()}"><w:r><w:t xml:space="preserve">Paragraph ${i} opens with plain text, then </w:t></w:r>${bold(i)}<w:r><w:t>and ends.</w:t></w:r></w:p>`,
    );
    const file = docx({ body: paragraphs.join("") });
    const queued = await submit(svc, p, { filename: "long.docx", bytes: file }, true);
    if (queued.kind !== "queued") throw new Error("expected a queued job");
    const job = await claimNextJob(t.ctx, { workerId: "W" });
    if (!job) throw new Error("no job to claim");
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the spied map as `this`
    const get = TranslationReader.prototype.get;
    const read = vi.spyOn(TranslationReader.prototype, "get").mockImplementation(function (
      this: TranslationReader,
      id: string,
    ) {
      callsAtFirstRead ??= calls;
      return get.call(this, id);
    });
    try {
      await runDocumentJob(t.ctx, svc, { job, workerId: "W" });
    } finally {
      read.mockRestore();
    }
    // 3,000 segments in 47 chunks of 64, one engine call each. The merge starts once 2,400 are
    // in (chunk 38 applied), reads some before the engine's last answer, and none too early.
    expect(calls).toBe(47);
    expect(callsAtFirstRead).toBeGreaterThanOrEqual(38);
    expect(readsBeforeLastCall).toBeGreaterThan(0);
    expect(read.mock.results.filter((r) => r.value === undefined)).toEqual([]);
    const done = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: queued.job.job_id });
    expect(done).toMatchObject({ status: "completed" });
    const out = await svc.storage.get(resultKey(job));
    const segments = await filterFor("docx")?.extract(out, { sourceLang: "en", targetLang: "es" });
    expect(segments).toHaveLength(3000);
    for (const [i, s] of (segments ?? []).entries()) {
      expect(stripCodes(s.text)).toBe(`PARAGRAPH ${i} OPENS WITH PLAIN TEXT, THEN BOLD WORDS ${i} AND ENDS.`);
      expect(s.text).toContain("<g1>BOLD WORDS");
    }
  });

  it("keeps renewing the lease while a slow engine call runs, so a live job is not taken over", async () => {
    let release: () => void = () => {};
    let held = false;
    const gate = { wait: () => new Promise<void>((r) => ((held = true), (release = r))) };
    const svc = { ...(await services(upper(gate))), leaseMs: 300 };
    const p = await principal();
    const queued = await submit(svc, p, txt("Slow engine.\n"), true);
    const draining = new DocumentWorker(t.ctx, svc).drain();
    await expect.poll(() => held).toBe(true);
    t.clock.advance(200);
    await new Promise((r) => setTimeout(r, 250)); // at least two heartbeats (every 100 ms)
    t.clock.advance(200); // past the first lease, not past the renewed one
    expect(await claimNextJob(t.ctx, { workerId: "thief" })).toBeNull();
    release();
    await draining;
    expect(await jobRow(queued.kind === "queued" ? queued.job.job_id : "")).toMatchObject({
      status: "completed",
      attempts: 1,
    });
  });

  it("a stopping worker finishes a job within its grace, else releases it so another worker completes it at once", async () => {
    let release: () => void = () => {};
    let held = false;
    const gate = { wait: () => (held ? Promise.resolve() : new Promise<void>((r) => ((held = true), (release = r)))) };
    const svc = await services(upper(gate));
    const p = await principal();
    const queued = await submit(svc, p, txt("Hold me.\n"), true);
    const id = queued.kind === "queued" ? queued.job.job_id : "";

    const first = new DocumentWorker(t.ctx, svc, { pollMs: 10 });
    first.start();
    await expect.poll(() => held, { timeout: 10_000 }).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: "processing", workerId: first.id, attempts: 1 });
    // The engine call outlives the grace: the job goes back to the queue, due now, the attempt not counted.
    const stopping = first.stop({ graceMs: 50 });
    await expect.poll(async () => (await jobRow(id)).status, { timeout: 10_000 }).toBe("created");
    expect(await jobRow(id)).toMatchObject({ workerId: null, leaseUntil: null, attempts: 0, progress: 0 });
    release();
    expect(await stopping).toEqual([id]);
    // The released run noticed and wrote nothing: no result, no debit.
    expect(await jobRow(id)).toMatchObject({ status: "created", resultKey: null });
    expect(await debitsOf(p.org.id)).toEqual([]);

    const second = new DocumentWorker(t.ctx, svc);
    expect(await second.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "completed", attempts: 1, workerId: second.id });
    expect(await debitsOf(p.org.id)).toHaveLength(1);

    // A job that ends within the grace is completed, not released.
    held = false;
    const quick = await submit(svc, p, txt("Finish me.\n"), true);
    const quickId = quick.kind === "queued" ? quick.job.job_id : "";
    const third = new DocumentWorker(t.ctx, svc, { pollMs: 10 });
    third.start();
    await expect.poll(() => held, { timeout: 10_000 }).toBe(true);
    const finishing = third.stop({ graceMs: 30_000 });
    release();
    expect(await finishing).toEqual([]);
    expect(await jobRow(quickId)).toMatchObject({ status: "completed" });
  });

  it("ends a job that crashed on every attempt as failed, never stuck in processing, and bills nothing", async () => {
    const svc = await services(upper());
    const p = await principal();
    const queued = await submit(svc, p, txt("Crash me.\n"), true);
    const id = queued.kind === "queued" ? queued.job.job_id : "";
    for (const w of ["A", "B", "C"]) {
      expect((await claimNextJob(t.ctx, { workerId: w, leaseMs: 1_000 }))?.id).toBe(id);
      t.clock.advance(2_000);
    }
    expect(await claimNextJob(t.ctx, { workerId: "D" })).toBeNull();
    expect(await failAbandonedJobs(t.ctx)).toEqual([id]);
    const job = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: id });
    expect(job).toMatchObject({ status: "failed", progress: 0, result_url: null });
    expect(job.error).toMatch(/interrupted/);
    expect(await debitsOf(p.org.id)).toEqual([]);
  });

  it("a synchronous job cut off by a crash ends failed instead of being billed later", async () => {
    const svc = await services(upper());
    const p = await principal();
    // The request's own run never finishes: simulate by inserting the job the way submit does, then no run.
    const queued = await submit(svc, p, txt("Hello.\n"), true);
    const id = queued.kind === "queued" ? queued.job.job_id : "";
    await t.ctx.db
      .update(documentJobs)
      .set({
        status: "processing",
        attempts: 1,
        maxAttempts: 1,
        workerId: "request:x",
        leaseUntil: new Date(t.clock.now().getTime() + 60_000),
      })
      .where(eq(documentJobs.id, id));
    t.clock.advance(61_000);
    const worker = new DocumentWorker(t.ctx, svc);
    await worker.drain();
    expect((await jobRow(id)).status).toBe("failed");
    expect(await debitsOf(p.org.id)).toEqual([]);
  });

  it("a retry of the request takes over the synchronous job its failed attempt left running, once the lease ran out, and bills it once", async () => {
    const svc = await services(upper());
    const p = await principal();
    const upload = txt("Hello.\n\nGood night.\n");
    const requestId = `req_${++seq}`;
    // The first attempt made its job and then could not even record its failure (its database
    // connection was gone): the job stays processing under that attempt until its lease runs out.
    const first = await submitDocument(t.ctx, svc, { principal: p, requestId, upload, request: enEs, async: true });
    const id = first.kind === "queued" ? first.job.job_id : "";
    await t.ctx.db
      .update(documentJobs)
      .set({
        status: "processing",
        attempts: 1,
        maxAttempts: 1,
        workerId: `request:${requestId}`,
        leaseUntil: new Date(t.clock.now().getTime() + 60_000),
      })
      .where(eq(documentJobs.id, id));
    const retry = () =>
      submitDocument(t.ctx, svc, { principal: p, requestId, upload, request: enEs, async: false, resumed: true });

    // While the lease holds, the first attempt may still be working: the retry is told to wait.
    expect(await rejection(retry())).toMatchObject({ status: 409, code: "idempotency_conflict" });
    t.clock.advance(61_000);
    const done = await retry();
    if (done.kind !== "completed") throw new Error("expected the taken-over job completed");
    expect(done.job.id).toBe(id);
    expect(Buffer.from(done.result.file_data, "base64").toString("utf8")).toBe("HELLO.\n\nGOOD NIGHT.\n");
    expect(await debitsOf(p.org.id)).toHaveLength(1);
    // A further retry replays the completed job instead of running it again.
    const again = await retry();
    expect(again.kind === "completed" && again.job.id).toBe(id);
    expect(await debitsOf(p.org.id)).toHaveLength(1);
  });

  it("retries an engine failure with backoff, then ends failed with the reason, billing nothing", async () => {
    const svc = await services(failing);
    const p = await principal();
    const queued = await submit(svc, p, txt("Hello.\n"), true);
    const id = queued.kind === "queued" ? queued.job.job_id : "";
    const worker = new DocumentWorker(t.ctx, svc);
    failures = 0;
    expect(await worker.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "created", attempts: 1, error: null });
    expect(await worker.drain()).toBe(0); // backing off
    t.clock.advance(5_001);
    await worker.drain();
    t.clock.advance(20_001);
    await worker.drain();
    const job = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: id });
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/engine is unavailable/);
    expect(failures).toBe(3);
    expect(await debitsOf(p.org.id)).toEqual([]);
  });

  it("a retry after the engine failed midway translates past the pieces the failed attempt stored, and the result has every segment", async () => {
    // The first attempt fails at its last chunk (66 of 64 segments), after a piece of translations
    // is stored; the second succeeds.
    let calls = 0;
    const flaky: Engine = {
      ...upper(),
      translate: async (req) => {
        if (++calls === 66) throw new EngineError("llm", "connection reset");
        return upper().translate(req);
      },
    };
    const svc = await services(flaky);
    const puts: string[] = [];
    const put = svc.storage.put.bind(svc.storage);
    svc.storage.put = (key, body, type) => (puts.push(key), put(key, body, type));
    const p = await principal({ monthlyCredits: 10_000_000 });
    const lines = PIECE_SEGMENTS + 100;
    const queued = await submit(
      svc,
      p,
      txt(Array.from({ length: lines }, (_, i) => `Line ${i}.`).join("\n\n") + "\n"),
      true,
    );
    const id = queued.kind === "queued" ? queued.job.job_id : "";
    const worker = new DocumentWorker(t.ctx, svc);
    await worker.drain();
    expect(await jobRow(id)).toMatchObject({ status: "created", attempts: 1 });
    expect(puts.filter(isTranslationsPiece)).toHaveLength(1);
    t.clock.advance(5_001);
    await worker.drain();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: "completed", segments: lines });
    const out = new TextDecoder().decode(await svc.storage.get(row.resultKey ?? ""));
    expect(out).toBe(Array.from({ length: lines }, (_, i) => `LINE ${i}.`).join("\n\n") + "\n");
    expect((await debitsOf(p.org.id)).length).toBe(1);
  });

  it("ends with error when the credits ran out between submission and processing", async () => {
    const svc = await services(upper());
    const p = await principal({ monthlyCredits: 100 });
    const queued = await submit(svc, p, txt("Fifteen chars.\n"), true);
    await debitCredits(t.ctx, { orgId: p.org.id, amount: 95, operationKey: "spend-it" });
    await new DocumentWorker(t.ctx, svc).drain();
    const job = await getDocumentJob(t.ctx, svc.links, {
      orgId: p.org.id,
      jobId: queued.kind === "queued" ? queued.job.job_id : "",
    });
    expect(job.status).toBe("error");
    expect(job.error).toMatch(/Not enough credits/);
    expect((await getCreditBalance(t.ctx, p.org)).consumed).toBe(95);
  });

  it("two workers never run the same job", async () => {
    const svc = await services(upper());
    const p = await principal();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const q = await submit(svc, p, txt(`Document ${i}.\n`), true);
      if (q.kind === "queued") ids.push(q.job.job_id);
    }
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimNextJob(t.ctx, { workerId: `w${i}` })));
    const claimed = claims.flatMap((c) => (c ? [c.id] : []));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.filter((c) => ids.includes(c)).length).toBe(claimed.length);
    // Leave the queue clean for the other tests.
    for (const c of claims) if (c) await runDocumentJob(t.ctx, svc, { job: c, workerId: c.workerId ?? "" });
  });
});

describe("retention", () => {
  it("deletes the translations a job that failed had stored", async () => {
    let calls = 0;
    const svc = await services({
      ...upper(),
      translate: async (req) => {
        if (++calls % 66 === 0) throw new EngineError("llm", "connection reset");
        return upper().translate(req);
      },
    });
    const p = await principal({ monthlyCredits: 10_000_000 });
    const queued = await submit(
      svc,
      p,
      txt(Array.from({ length: PIECE_SEGMENTS + 100 }, (_, i) => `Line ${i}.`).join("\n\n") + "\n"),
      true,
    );
    const id = queued.kind === "queued" ? queued.job.job_id : "";
    const worker = new DocumentWorker(t.ctx, svc);
    for (const wait of [0, 5_001, 20_001]) {
      t.clock.advance(wait);
      await worker.drain();
    }
    const row = await jobRow(id);
    expect(row.status).toBe("failed");
    expect((await svc.storage.get(translationsPieceKey(row, 0))).byteLength).toBeGreaterThan(0);
    t.clock.advance(7 * DAY + 1_000);
    await sweepExpiredDocuments(t.ctx, svc.storage);
    await expect(svc.storage.get(translationsPieceKey(row, 0))).rejects.toThrow(/No object/);
  });

  it("deletes the files of jobs past the retention period; the job stays, its link and download go", async () => {
    const svc = await services(upper());
    const p = await principal();
    const done = await submit(svc, p, txt("Keep me a week.\n"));
    if (done.kind !== "completed") throw new Error("expected completed");
    const row = await jobRow(done.result.job_id);
    t.clock.advance(7 * DAY - 1_000);
    await sweepExpiredDocuments(t.ctx, svc.storage);
    expect((await svc.storage.get(row.resultKey ?? "")).byteLength).toBeGreaterThan(0);
    t.clock.advance(2_000);
    expect(await sweepExpiredDocuments(t.ctx, svc.storage)).toBeGreaterThanOrEqual(1);
    await expect(svc.storage.get(row.resultKey ?? "")).rejects.toThrow(/No object/);
    await expect(svc.storage.get(row.inputKey)).rejects.toThrow(/No object/);
    const job = await getDocumentJob(t.ctx, svc.links, { orgId: p.org.id, jobId: row.id });
    expect(job).toMatchObject({ status: "completed", result_url: null });
    const err = await rejection(
      downloadDocument(t.ctx, svc, { jobId: row.id, orgId: p.org.id, expires: null, signature: null }),
    );
    expect(err.status).toBe(404);
    expect(err.message).toMatch(/retention/);
  });
});
