/**
 * `pnpm --filter @tolk/formats bench:inflating`: what an upload's extract costs for a file that
 * is inside every cap and inflates about 10:1: a docx of BENCH_INFLATING_MB (15) MB whose
 * document part is ~10× that of short paragraphs (issue 21). The whole server's figures (RSS,
 * /healthz) come from `pnpm --filter @tolk/e2e bench:inflating`, which generates its file with
 * `--generate <path>` here. This runs the upload path's extract (segments streamed to a sink
 * that keeps only their count, as the upload stores them) in a fresh child process
 * (`node --expose-gc`) once alone and then three at once, and reports:
 * - RSS added above the process's baseline after the file was read (sampled every 10 ms), with
 *   the issue's target of 64 MB + 3× the file size per upload;
 * - the event loop's delay p99 and max while the three run (`monitorEventLoopDelay`, 10 ms
 *   resolution): what a `/healthz` request served by the same process would wait at least
 *   (target 100 ms at p99);
 * - paragraphs read, segments returned, seconds.
 * This measures the filter in-process, not the whole server (HTTP, storage, credits).
 *
 *   BENCH_INFLATING_MB   compressed size of the generated file in MB (default 15)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { strToU8, Zip, ZipDeflate } from "fflate";

import { docxFilter } from "../src/docx/docx-filter";
import { extractSegments } from "../src/extract-segments";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const WORDS = "the of and to in is was for on that with as by at from his her this which or be are it an not have had were their one all but".split(" ");

/** A docx whose document part is short paragraphs of pseudo-random words, about `bytes` compressed. */
export function generateInflatingDocx(bytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const zip = new Zip((err, data) => {
    if (err) throw err;
    chunks.push(data);
    size += data.length;
  });
  const add = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  };
  add(
    "[Content_Types].xml",
    `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  add(
    "_rels/.rels",
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const doc = new ZipDeflate("word/document.xml", { level: 6 });
  zip.add(doc);
  doc.push(strToU8(`${DECL}<w:document xmlns:w="${W}"><w:body>`));
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  while (size < bytes) {
    let batch = "";
    for (let i = 0; i < 2000; i++) {
      let text = "";
      for (let w = 0; w < 3; w++) text += `${WORDS[Math.floor(random() * WORDS.length)]}${Math.floor(random() * 100)} `;
      batch += `<w:p><w:r><w:t>${text.trim()}</w:t></w:r></w:p>`;
    }
    doc.push(strToU8(batch));
  }
  doc.push(strToU8("</w:body></w:document>"), true);
  zip.end();
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

interface Run {
  uploads: number;
  fileMb: number;
  seconds: number;
  rssPeakDeltaMb: number;
  segments: number[];
  errors: string[];
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

async function child(path: string, uploads: number): Promise<Run> {
  const file = new Uint8Array(readFileSync(path));
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: uploads }, async () => {
      let segments = 0;
      try {
        await extractSegments(docxFilter, file, { sourceLang: "en", targetLang: "es" }, async (batch) => {
          segments += batch.length;
        });
        return { segments, error: "" };
      } catch (e) {
        return { segments: 0, error: String(e) };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    uploads,
    fileMb: file.length / 1e6,
    seconds,
    rssPeakDeltaMb: (peak - baseline) / 1048576,
    segments: results.map((r) => r.segments),
    errors: results.map((r) => r.error).filter(Boolean),
    loopDelayP99Ms: delay.percentile(99) / 1e6,
    loopDelayMaxMs: delay.max / 1e6,
  };
}

async function main(): Promise<void> {
  const at = process.argv.indexOf("--child");
  if (at >= 0) {
    const run = await child(process.argv[at + 1] ?? "", Number(process.argv[at + 2] ?? 1));
    process.stdout.write(JSON.stringify(run));
    return;
  }
  const mb = Number(process.env.BENCH_INFLATING_MB ?? 15);
  const generateAt = process.argv.indexOf("--generate");
  if (generateAt >= 0) {
    writeFileSync(process.argv[generateAt + 1] ?? "inflating.docx", generateInflatingDocx(mb * 1e6));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "tolk-inflating-"));
  try {
    const path = join(dir, "inflating.docx");
    const file = generateInflatingDocx(mb * 1e6);
    writeFileSync(path, file);
    console.log(`generated ${(file.length / 1e6).toFixed(1)} MB docx`);
    for (const uploads of [1, 3]) {
      const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", path, String(uploads)], {
        maxBuffer: 1 << 24,
      });
      const run = JSON.parse(out.toString()) as Run;
      const target = uploads * (64 + 3 * run.fileMb);
      console.log(
        `${uploads} upload(s): ${run.seconds.toFixed(1)} s, RSS +${run.rssPeakDeltaMb.toFixed(0)} MB (target ≤ ${target.toFixed(0)} MB), ` +
          `event-loop delay p99 ${run.loopDelayP99Ms.toFixed(0)} ms, max ${run.loopDelayMaxMs.toFixed(0)} ms (target p99 ≤ 100 ms), ` +
          `segments ${run.segments.join("/")}${run.errors.length ? `, refused: ${run.errors[0]}` : ""}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
