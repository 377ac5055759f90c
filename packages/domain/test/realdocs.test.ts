import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";

import { EngineRouter } from "@tolk/engines";
import { afterAll, describe, expect, it } from "vitest";

import { type DocumentServices, SegmentCache, TolkError, createDownloadLinks, submitDocument } from "../src";
import { MemoryObjectStorage } from "../src/testing";
import { ApertiumTestbed } from "./apertium-testbed";
import { type Verdict, checkFile } from "./realdocs/checks";
import { apiKeyPrincipal } from "./support";

// Every file of the shared real-document corpus (`../shared/realdocs` next to the checkout: files
// from public projects' test suites and apps, each named with its source and licence in
// manifest.json) goes through the synchronous document use case with the real Apertium en→es,
// and its output is judged by readers that are not Tolk's filters (test/realdocs/checks.ts).
const repoRoot = resolve(import.meta.dirname, "..", "..", "..");
const corpus = process.env.TOLK_REALDOCS_DIR ?? resolve(repoRoot, "..", "shared", "realdocs");
const present = existsSync(join(corpus, "manifest.json"));
if (!present)
  console.warn(
    `realdocs: ${corpus} is absent, so the real-file regression test is skipped (set TOLK_REALDOCS_DIR to run it).`,
  );

interface Entry {
  file: string;
  note?: string;
  /** The manifest's flag for a file with nothing to translate (it must come back intact). */
  expect_untranslated?: boolean;
}
const entries: Entry[] = present
  ? (JSON.parse(readFileSync(join(corpus, "manifest.json"), "utf8")) as { files: Entry[] }).files
  : [];

/** Files the manifest says hold nothing to translate: they must come back with nothing changed. */
const nothingToTranslate = (e: Entry) => e.expect_untranslated === true || /nothing to translate/.test(e.note ?? "");
/**
 * Files whose units are mostly names, identifiers or abbreviations that Apertium rightly leaves
 * as they are (or that Tolk keeps on purpose, like table headers): "most units changed" cannot
 * apply, everything else is checked.
 */
const MOSTLY_DATA: Record<string, string> = {
  "corpus/xlsx/oxsdk-worksheets.xlsx": "cells list package part names and relationship ids (rId3, WorkbookPart)",
  "corpus/xlsx/readxl-datasets.xlsx": "R dataset column names (mpg, cyl, qsec)",
  "corpus/xlsx/phpss-TableFormat.xlsx":
    "the text is the table's header row, kept so structured references still resolve",
  "corpus/xlsx/phpss-32readwriteBarChart1.xlsx": "half the strings are Qtr 1…Qtr 4, which Apertium does not know",
};
const mostlyNames = (e: Entry) => /proper nouns/.test(e.note ?? "") || e.file in MOSTLY_DATA;

/**
 * Files that still come back wrong, with why. The test fails when one of them passes, so the
 * list is kept exact: remove the entry when the file is fixed.
 */
const KNOWN_WRONG: Record<string, string> = {};

const bed = new ApertiumTestbed({ plan: "enterprise", requestPrefix: "req_realdocs_" });
let svc: DocumentServices;

const verdicts = new Map<string, Verdict & { error?: string }>();

describe.skipIf(!present)("real documents from ../shared/realdocs, en→es with Apertium", () => {
  it.each(entries.map((e) => [e.file, e] as const))(
    "%s",
    async (_name, entry) => {
      svc ??= {
        translation: { router: new EngineRouter([bed.apertium]), cache: new SegmentCache() },
        storage: new MemoryObjectStorage(),
        links: createDownloadLinks(bed.ctx, { baseUrl: "http://tolk.test" }),
        retentionMs: 86_400_000,
        leaseMs: 600_000,
      };
      const principal = await apiKeyPrincipal(bed.ctx, {
        plan: "enterprise",
        limits: { monthly_credits: 1_000_000_000 },
      });
      const bytes = new Uint8Array(readFileSync(join(corpus, entry.file)));
      const ext = extname(entry.file).slice(1).toLowerCase();
      let verdict: Verdict & { error?: string };
      try {
        const done = await submitDocument(bed.ctx, svc, {
          principal,
          requestId: bed.rid(),
          upload: { filename: entry.file.split("/").pop() ?? entry.file, bytes },
          request: { source_lang: "en", target_lang: "es" },
          async: false,
        });
        if (done.kind !== "completed") throw new Error("expected a completed job");
        const output = new Uint8Array(Buffer.from(done.result.file_data, "base64"));
        // For a person looking into a failure: the translated files, when asked for.
        if (process.env.TOLK_REALDOCS_OUT) {
          mkdirSync(process.env.TOLK_REALDOCS_OUT, { recursive: true });
          writeFileSync(join(process.env.TOLK_REALDOCS_OUT, entry.file.split("/").pop() ?? "out"), output);
        }
        verdict = checkFile(ext, bytes, output);
        // An XLIFF whose target language is its source language is a template, and the job says so.
        const template =
          /^xli?ff?$/.test(ext) && /target-language="en"|trgLang="en"/.test(Buffer.from(bytes).toString("utf8"));
        if (template && !done.result.warnings?.some((w) => w.includes("template")))
          verdict.problems.push("no warning that the XLIFF was read as a template");
      } catch (err) {
        const message = err instanceof TolkError ? `${err.status} ${err.code}: ${err.message}` : String(err);
        verdict = { units: 0, changed: 0, problems: [`refused: ${message}`], error: message };
      }
      const problems = [...verdict.problems];
      if (nothingToTranslate(entry)) {
        if (verdict.changed > 0) problems.push(`${verdict.changed} units changed in a file with nothing to translate`);
      } else if (!mostlyNames(entry) && verdict.changed * 2 <= verdict.units)
        problems.push(`only ${verdict.changed} of ${verdict.units} units changed`);
      else if (!mostlyNames(entry) && verdict.units === 0 && !verdict.error)
        problems.push("no translatable unit found");
      verdicts.set(entry.file, { ...verdict, problems });
      const known = KNOWN_WRONG[entry.file];
      if (known)
        expect(
          problems,
          `${entry.file} is listed as wrong (${known}) but passes: remove it from KNOWN_WRONG`,
        ).not.toEqual([]);
      else expect(problems.join("\n"), entry.file).toBe("");
      // The largest files (a 60-page thesis, a 394 KB book) translate in tens of seconds on a busy machine.
    },
    300_000,
  );

  afterAll(() => {
    // Per-format pass counts, for the issue and for whoever reads the CI log.
    const byFormat = new Map<string, { pass: number; total: number }>();
    for (const e of entries) {
      const v = verdicts.get(e.file);
      if (!v) continue;
      const ext = extname(e.file).slice(1);
      const row = byFormat.get(ext) ?? { pass: 0, total: 0 };
      row.total++;
      if (v && v.problems.length === 0) row.pass++;
      byFormat.set(ext, row);
    }
    console.log(`realdocs: ${[...byFormat].map(([ext, r]) => `${ext} ${r.pass}/${r.total}`).join(", ")}`);
  });
});
