import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { type Engine, EngineRouter } from "@tolk/engines";
import {
  type DocumentServices,
  RateLimiter,
  SegmentCache,
  addMember,
  createDownloadLinks,
  createUser,
  downloadDocument,
} from "@tolk/domain";
import { DocumentWorker, LocalObjectStorage, MemoryRateLimitStore } from "@tolk/platform";
import { type TestDb, createTestDb, createTestOrg } from "@tolk/domain/testing";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter, createCallerFactory, createConsoleContext } from "../src";

// The console's documents, resources and analysis procedures on a real database and a real
// storage directory. The engine is a small stand-in (upper-cases en→es) so that what the
// procedures did is visible in the output without starting Apertium.
const createCaller = createCallerFactory(appRouter);
const upper: Engine = {
  name: "llm",
  pairs: () => [{ source: "en", target: "es" }],
  health: async () => ({ ok: true }),
  close: async () => {},
  translate: async (req) => req.segments.map((s) => ({ text: s.toUpperCase(), unknownWords: 0, words: 1 })),
};

let db: TestDb;
let storageDir: string;
let documents: DocumentServices;
let worker: DocumentWorker;
const limiter = new RateLimiter(new MemoryRateLimitStore(), 60);

beforeAll(async () => {
  db = await createTestDb({ realClock: true });
  storageDir = mkdtempSync(join(tmpdir(), "tolk-console-docs-"));
  const translation = { router: new EngineRouter([upper]), cache: new SegmentCache() };
  documents = {
    translation,
    storage: new LocalObjectStorage(storageDir),
    links: createDownloadLinks(db.ctx, { baseUrl: "https://tolk.example.com" }),
    retentionMs: 86_400_000,
    leaseMs: 60_000,
  };
  worker = new DocumentWorker(db.ctx, documents, { concurrency: 1 });
  documents.onQueued = () => worker.nudge();
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await db.close();
  rmSync(storageDir, { recursive: true, force: true });
});

function callerFor(userId: string) {
  return createCaller(
    createConsoleContext({
      domain: db.ctx,
      translation: documents.translation,
      documents,
      limiter,
      userId,
      requestedOrgId: null,
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected the procedure to fail");
}

async function memberOf(orgId: string) {
  const user = await createUser(db.ctx, {
    email: `m-${Math.random().toString(36).slice(2)}@example.com`,
    password: "password123",
  });
  await addMember(db.ctx, { orgId, userId: user.id, role: "member" });
  return user;
}

function upload(
  name: string,
  text: string,
  fields: Record<string, string> = { source_lang: "en", target_lang: "es" },
): FormData {
  const form = new FormData();
  form.set("file", new File([text], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

describe("documents", () => {
  it("a member uploads a file, watches the job complete, and downloads the translation through a link on the console's origin", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor((await memberOf(org.orgId)).id);
    const queued = await caller.documents.submit(upload("notes.txt", "Good morning.\n"));
    expect(queued).toMatchObject({ filename: "notes.txt", source_lang: "en", target_lang: "es" });
    let job = queued;
    for (let i = 0; i < 100 && job.status !== "completed"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = await caller.documents.job({ jobId: queued.job_id });
    }
    expect(job).toMatchObject({ status: "completed", progress: 1, credits_used: 13 });
    // Relative, so it works whatever TOLK_PUBLIC_URL says; still the pre-signed /v1 link.
    expect(job.download_path).toMatch(new RegExp(`^/v1/documents/${job.job_id}/download\\?expires=\\d+&signature=`));
    const params = new URLSearchParams(job.download_path?.split("?")[1]);
    const file = await downloadDocument(db.ctx, documents, {
      jobId: job.job_id,
      orgId: null,
      expires: params.get("expires"),
      signature: params.get("signature"),
    });
    expect(file.kind === "bytes" && Buffer.from(file.body).toString("utf8")).toBe("GOOD MORNING.\n");
    expect((await caller.documents.list()).map((j) => [j.job_id, j.status])).toEqual([[job.job_id, "completed"]]);
    expect((await caller.dashboard.quota()).quota.credits.consumed).toBe(13);
  });

  it("refuses an unknown format, a missing file and a foreign job with the /v1 errors", async () => {
    const org = await createTestOrg(db.ctx);
    const other = await createTestOrg(db.ctx);
    const caller = callerFor(org.ownerId);
    const format = await failure(caller.documents.submit(upload("virus.exe", "MZ")));
    expect(format.code).toBe("BAD_REQUEST");
    expect(format.message).toContain("exe");
    const noFile = new FormData();
    noFile.set("source_lang", "en");
    expect((await failure(caller.documents.submit(noFile))).message).toContain("Choose a file");
    const noTarget = await failure(caller.documents.submit(upload("a.txt", "Hi.", { source_lang: "en" })));
    expect(noTarget.code).toBe("BAD_REQUEST");
    expect(noTarget.message).toContain("target_lang");
    // The form's rules are /v1's: an unknown field is refused, naming it.
    const extra = await failure(
      caller.documents.submit(upload("a.txt", "Hi.", { source_lang: "en", target_lang: "es", colour: "red" })),
    );
    expect(extra.code).toBe("BAD_REQUEST");
    expect(extra.message).toContain("colour");
    const theirs = await callerFor(other.ownerId).documents.submit(upload("a.txt", "Hi."));
    expect((await failure(caller.documents.job({ jobId: theirs.job_id }))).code).toBe("NOT_FOUND");
    expect(await caller.documents.list()).toEqual([]);
  });
});

describe("resources", () => {
  it("a member creates, imports, exports, renames and deletes a glossary, and the dashboard counts it", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor((await memberOf(org.orgId)).id);
    const glossary = await caller.glossaries.create({
      name: "Brand",
      source_lang: "en",
      target_lang: "es",
      entries: [{ source: "house", target: "hogar" }],
    });
    expect((await caller.dashboard.quota()).used).toEqual({
      glossaries: 1,
      translation_memories: 0,
      brandvoice_profiles: 0,
      projects: 0,
    });

    const form = new FormData();
    form.set("id", glossary.id);
    form.set("file", new File(["source,target\ncar,coche\ndog,perro\n"], "terms.csv"));
    expect(await caller.glossaries.import(form)).toEqual({ imported: 2, skipped: 0 });
    expect((await caller.glossaries.entries({ id: glossary.id })).items.map((e) => e.source).sort()).toEqual([
      "car",
      "dog",
      "house",
    ]);
    const exported = await caller.glossaries.export({ id: glossary.id, format: "tsv" });
    expect(exported.body).toContain("car\tcoche");

    await caller.glossaries.rename({ id: glossary.id, request: { name: "Brand terms" } });
    expect((await caller.glossaries.list()).items.map((g) => [g.name, g.entry_count])).toEqual([["Brand terms", 3]]);
    await caller.glossaries.delete({ id: glossary.id });
    expect((await caller.dashboard.quota()).used.glossaries).toBe(0);
  });

  it("a malformed import names the line at fault and leaves the glossary as it was", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor(org.ownerId);
    const glossary = await caller.glossaries.create({ name: "G", source_lang: "en", target_lang: "es" });
    const form = new FormData();
    form.set("id", glossary.id);
    form.set("file", new File(["<martif><text><body><termEntry>"], "bad.tbx"));
    const err = await failure(caller.glossaries.import(form));
    expect(err.code).toBe("BAD_REQUEST");
    expect((await caller.glossaries.entries({ id: glossary.id })).items).toEqual([]);

    // A name without an extension and no format field: the 400 /v1 gives, not a guess.
    form.set("file", new File(["source,target\ncar,coche\n"], "terms"));
    const unnamed = await failure(caller.glossaries.import(form));
    expect(unnamed.code).toBe("BAD_REQUEST");
    expect(unnamed.message).toContain("Say the file's format");
    form.set("format", "csv");
    expect(await caller.glossaries.import(form)).toEqual({ imported: 1, skipped: 0 });
  });

  it("memories take TMX in and out; brand voices are edited field by field; the plan's limit is enforced", async () => {
    const org = await createTestOrg(db.ctx, { plan: "free" });
    const caller = callerFor(org.ownerId);
    const tm = await caller.memories.create({ name: "TM", source_lang: "en", target_lang: "es" });
    await caller.memories.addUnits({ id: tm.id, request: { source: "Hello world", target: "Hola mundo" } });
    const tmx = await caller.memories.export({ id: tm.id });
    expect(tmx.body).toContain("<seg>Hola mundo</seg>");
    const form = new FormData();
    form.set("id", tm.id);
    form.set("file", new File([tmx.body.replace("Hola mundo", "Hola, mundo")], "back.tmx"));
    expect(await caller.memories.import(form)).toEqual({ imported: 1, skipped: 0 });
    expect((await caller.memories.units({ id: tm.id })).items.map((u) => u.target)).toEqual(["Hola, mundo"]);

    const voice = await caller.brandVoices.create({
      name: "Friendly",
      formality: "informal",
      do_not_translate: ["Tolk"],
    });
    const updated = await caller.brandVoices.update({ id: voice.id, request: { tone: "warm" } });
    expect(updated).toMatchObject({
      name: "Friendly",
      tone: "warm",
      formality: "Informal",
      do_not_translate: ["Tolk"],
    });
    const limits = (await caller.dashboard.quota()).quota.limits;
    for (let i = 1; i < limits.brandvoice_profiles_max; i++) await caller.brandVoices.create({ name: `V${i}` });
    const over = await failure(caller.brandVoices.create({ name: "One too many" }));
    expect(over.code).toBe("FORBIDDEN");
    expect((await caller.dashboard.quota()).used.brandvoice_profiles).toBe(limits.brandvoice_profiles_max);
  });

  it("the playground translates with a glossary, and the analysis of the same text costs nothing", async () => {
    const org = await createTestOrg(db.ctx);
    const caller = callerFor(org.ownerId);
    const glossary = await caller.glossaries.create({
      name: "G",
      source_lang: "en",
      target_lang: "es",
      entries: [{ source: "Tolk", target: "TOLK-ES" }],
    });
    const consumed = async () => (await caller.dashboard.quota()).quota.credits.consumed;
    const before = await consumed();
    const analysis = await caller.translate.analyze({
      text: "The tenant shall pay the rent on the first day of each month.",
    });
    expect(analysis).toMatchObject({ detected_language: "en", domain: "Legal" });
    expect(await consumed()).toBe(before);
    const done = await caller.translate.text({
      text: "I like Tolk.",
      source_lang: "en",
      target_lang: "es",
      glossary_ids: [glossary.id],
    });
    expect(done.translation).toContain("TOLK-ES");
    const unknown = await failure(
      caller.translate.text({ text: "Hi", source_lang: "en", target_lang: "es", glossary_ids: ["gls_nope"] }),
    );
    expect(unknown.code).toBe("BAD_REQUEST");
  });
});
