/**
 * `pnpm --filter @tolk/formats bench:inflating`: what an upload's extract costs for a file that
 * is inside every cap and inflates about 10:1 (issue 21), of BENCH_INFLATING_FORMAT:
 * - docx: one document part of short paragraphs;
 * - pptx: slides of ten text boxes of short paragraphs, each with notes, as many as it takes;
 * - xlsx: a shared-string table of short strings and a sheet that uses each of them once.
 * The whole server's figures (RSS, /healthz) come from `pnpm --filter @tolk/e2e bench:inflating`,
 * which generates its file with `--generate <path>` here. This runs the upload path's extract
 * (segments streamed to a sink that keeps only their count, as the upload stores them) in a fresh
 * child process (`node --expose-gc`) once alone and then three at once, and reports:
 * - RSS added above the process's baseline after the file was read (sampled every 10 ms), with
 *   the issue's target of 64 MB + 3× the file size per upload;
 * - the event loop's delay p99 and max while the three run (`monitorEventLoopDelay`, 10 ms
 *   resolution): what a `/healthz` request served by the same process would wait at least
 *   (target 100 ms at p99);
 * - segments returned, seconds.
 * This measures the filter in-process, not the whole server (HTTP, storage, credits).
 *
 *   BENCH_INFLATING_MB       compressed size of the generated file in MB (default 15)
 *   BENCH_INFLATING_FORMAT   docx (default), pptx or xlsx
 *   BENCH_INFLATING_OVER_LIMIT=1   instead, one docx whose document part inflates past the
 *                                  150 million characters a story part may hold: it must be
 *                                  refused, and the figure is what refusing it costs
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { strToU8, Zip, ZipDeflate } from "fflate";

import { extractSegments } from "../src/extract-segments";
import { MAX_STORY_CHARS } from "../src/ooxml/parts";
import { filterFor } from "../src/registry";

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const WORDS =
  "the of and to in is was for on that with as by at from his her this which or be are it an not have had were their one all but".split(
    " ",
  );
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const FORMATS = ["docx", "pptx", "xlsx"] as const;
export type InflatingFormat = (typeof FORMATS)[number];

export function inflatingFormat(): InflatingFormat {
  const format = process.env.BENCH_INFLATING_FORMAT ?? "docx";
  if (!(FORMATS as readonly string[]).includes(format))
    throw new Error(`BENCH_INFLATING_FORMAT must be one of ${FORMATS.join(", ")}, not ${format}`);
  return format as InflatingFormat;
}

/** A zip written as it is generated: `size` is the compressed bytes so far. */
class GeneratedZip {
  private readonly chunks: Uint8Array[] = [];
  size = 0;
  private readonly zip = new Zip((err, data) => {
    if (err) throw err;
    this.chunks.push(data);
    this.size += data.length;
  });

  add(name: string, text: string): void {
    const entry = this.open(name);
    entry.push(strToU8(text), true);
  }

  open(name: string): ZipDeflate {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    return entry;
  }

  bytes(): Uint8Array {
    this.zip.end();
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

/** Three pseudo-random words with numbers: short text that compresses about 10:1 in its markup. */
function words(): () => string {
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return () => {
    let text = "";
    for (let w = 0; w < 3; w++) text += `${WORDS[Math.floor(random() * WORDS.length)]}${Math.floor(random() * 100)} `;
    return text.trim();
  };
}

const contentTypes = (overrides: string): string =>
  `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`;
const relationships = (rels: string): string =>
  `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`;
const rel = (id: string, type: string, target: string): string =>
  `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
const override = (part: string, type: string): string =>
  `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`;

/** A docx whose document part is short paragraphs of pseudo-random words, about `bytes` compressed. */
export function generateInflatingDocx(bytes: number): Uint8Array {
  const zip = new GeneratedZip();
  zip.add("[Content_Types].xml", contentTypes(override("word/document.xml", "wordprocessingml.document.main+xml")));
  zip.add("_rels/.rels", relationships(rel("rId1", "officeDocument", "word/document.xml")));
  const doc = zip.open("word/document.xml");
  doc.push(
    strToU8(`${DECL}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`),
  );
  const text = words();
  while (zip.size < bytes) {
    let batch = "";
    for (let i = 0; i < 2000; i++) batch += `<w:p><w:r><w:t>${text()}</w:t></w:r></w:p>`;
    doc.push(strToU8(batch));
  }
  doc.push(strToU8("</w:body></w:document>"), true);
  return zip.bytes();
}

/**
 * A docx whose document part inflates to just past the 150 million characters a story part may
 * hold (MAX_STORY_CHARS), in short paragraphs written as Word writes them (revision ids, spacing,
 * fonts, language), which compress about 10:1: the upload a server must refuse without
 * inflating it. Its compressed size follows from the part's.
 */
export function generateOverLimitDocx(): Uint8Array {
  const zip = new GeneratedZip();
  zip.add("[Content_Types].xml", contentTypes(override("word/document.xml", "wordprocessingml.document.main+xml")));
  zip.add("_rels/.rels", relationships(rel("rId1", "officeDocument", "word/document.xml")));
  const doc = zip.open("word/document.xml");
  let inflated = 0;
  const push = (xml: string) => {
    const bytes = strToU8(xml);
    inflated += bytes.length;
    doc.push(bytes);
  };
  push(`${DECL}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`);
  const text = words();
  let seed = 7;
  const rsid = () => (seed = (seed * 1103515245 + 12345) % 2147483648).toString(16).toUpperCase().padStart(8, "0");
  while (inflated <= MAX_STORY_CHARS * 1.02) {
    let batch = "";
    for (let i = 0; i < 2000; i++) {
      const id = rsid();
      batch +=
        `<w:p w:rsidR="${id}" w:rsidRDefault="${id}" w:rsidP="${rsid()}"><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>` +
        `<w:r><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:lang w:val="en-US"/></w:rPr><w:t>${text()}</w:t></w:r></w:p>`;
    }
    push(batch);
  }
  doc.push(strToU8("</w:body></w:document>"), true);
  return zip.bytes();
}

const P_DECLS = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`;

/** A slide's or notes page's shapes: `boxes` text boxes of `lines` short paragraphs. */
function shapes(text: () => string, boxes: number, lines: number): string {
  let out = "";
  for (let b = 0; b < boxes; b++) {
    out += `<p:sp><p:nvSpPr><p:cNvPr id="${b + 2}" name="Text ${b}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>`;
    for (let l = 0; l < lines; l++) out += `<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${text()}</a:t></a:r></a:p>`;
    out += "</p:txBody></p:sp>";
  }
  return `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${out}</p:spTree></p:cSld>`;
}

/** A pptx of slides (ten text boxes of 200 short paragraphs each, and notes), about `bytes` compressed. */
export function generateInflatingPptx(bytes: number): Uint8Array {
  const zip = new GeneratedZip();
  const text = words();
  let slides = 0;
  while (zip.size < bytes) {
    slides++;
    zip.add(`ppt/slides/slide${slides}.xml`, `${DECL}<p:sld ${P_DECLS}>${shapes(text, 10, 200)}</p:sld>`);
    zip.add(
      `ppt/slides/_rels/slide${slides}.xml.rels`,
      relationships(rel("rId1", "notesSlide", `../notesSlides/notesSlide${slides}.xml`)),
    );
    zip.add(`ppt/notesSlides/notesSlide${slides}.xml`, `${DECL}<p:notes ${P_DECLS}>${shapes(text, 1, 20)}</p:notes>`);
  }
  const ids = Array.from({ length: slides }, (_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join("");
  zip.add("ppt/presentation.xml", `${DECL}<p:presentation ${P_DECLS}><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`);
  zip.add(
    "ppt/_rels/presentation.xml.rels",
    relationships(
      Array.from({ length: slides }, (_, i) => rel(`rId${i + 1}`, "slide", `slides/slide${i + 1}.xml`)).join(""),
    ),
  );
  let overrides = override("ppt/presentation.xml", "presentationml.presentation.main+xml");
  for (let i = 1; i <= slides; i++)
    overrides +=
      override(`ppt/slides/slide${i}.xml`, "presentationml.slide+xml") +
      override(`ppt/notesSlides/notesSlide${i}.xml`, "presentationml.notesSlide+xml");
  zip.add("[Content_Types].xml", contentTypes(overrides));
  zip.add("_rels/.rels", relationships(rel("rId1", "officeDocument", "ppt/presentation.xml")));
  return zip.bytes();
}

const S_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

/** An xlsx whose shared-string table is short strings, each used once by a sheet's cell, about `bytes` compressed. */
export function generateInflatingXlsx(bytes: number): Uint8Array {
  const zip = new GeneratedZip();
  const text = words();
  const sst = zip.open("xl/sharedStrings.xml");
  sst.push(strToU8(`${DECL}<sst xmlns="${S_NS}">`));
  let strings = 0;
  // The sheet (one cell per row, indices in sequence) takes about as much again.
  while (zip.size < bytes * 0.55) {
    let batch = "";
    for (let i = 0; i < 2000; i++) batch += `<si><t>${text()}</t></si>`;
    strings += 2000;
    sst.push(strToU8(batch));
  }
  sst.push(strToU8("</sst>"), true);
  const sheet = zip.open("xl/worksheets/sheet1.xml");
  sheet.push(strToU8(`${DECL}<worksheet xmlns="${S_NS}"><sheetData>`));
  for (let row = 0; row < strings; row += 2000) {
    let batch = "";
    for (let r = row + 1; r <= row + 2000; r++) batch += `<row r="${r}"><c r="A${r}" t="s"><v>${r - 1}</v></c></row>`;
    sheet.push(strToU8(batch));
  }
  sheet.push(strToU8("</sheetData></worksheet>"), true);
  zip.add(
    "xl/workbook.xml",
    `${DECL}<workbook xmlns="${S_NS}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.add(
    "xl/_rels/workbook.xml.rels",
    relationships(
      rel("rId1", "worksheet", "worksheets/sheet1.xml") + rel("rId2", "sharedStrings", "sharedStrings.xml"),
    ),
  );
  zip.add(
    "[Content_Types].xml",
    contentTypes(
      override("xl/workbook.xml", "spreadsheetml.sheet.main+xml") +
        override("xl/worksheets/sheet1.xml", "spreadsheetml.worksheet+xml") +
        override("xl/sharedStrings.xml", "spreadsheetml.sharedStrings+xml"),
    ),
  );
  zip.add("_rels/.rels", relationships(rel("rId1", "officeDocument", "xl/workbook.xml")));
  return zip.bytes();
}

export function generateInflating(format: InflatingFormat, bytes: number): Uint8Array {
  if (format === "pptx") return generateInflatingPptx(bytes);
  if (format === "xlsx") return generateInflatingXlsx(bytes);
  return generateInflatingDocx(bytes);
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
  const filter = filterFor(path.slice(path.lastIndexOf(".") + 1));
  if (!filter) throw new Error("no filter");
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
        await extractSegments(filter, file, { sourceLang: "en", targetLang: "es" }, async (batch) => {
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
  const overLimitAt = process.argv.indexOf("--generate-over-limit");
  if (overLimitAt >= 0) {
    writeFileSync(process.argv[overLimitAt + 1] ?? "over-limit.docx", generateOverLimitDocx());
    return;
  }
  const mb = Number(process.env.BENCH_INFLATING_MB ?? 15);
  const generateAt = process.argv.indexOf("--generate");
  if (generateAt >= 0) {
    writeFileSync(
      process.argv[generateAt + 1] ?? `inflating.${inflatingFormat()}`,
      generateInflating(inflatingFormat(), mb * 1e6),
    );
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "tolk-inflating-"));
  try {
    const overLimit = process.env.BENCH_INFLATING_OVER_LIMIT === "1";
    const format = overLimit ? "docx" : inflatingFormat();
    const path = join(dir, `inflating.${format}`);
    const file = overLimit ? generateOverLimitDocx() : generateInflating(format, mb * 1e6);
    writeFileSync(path, file);
    console.log(
      `generated ${(file.length / 1e6).toFixed(1)} MB ${format}${overLimit ? ", its document part past the story limit" : ""}`,
    );
    for (const uploads of overLimit ? [1] : [1, 3]) {
      const out = execFileSync(
        process.execPath,
        ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", path, String(uploads)],
        {
          maxBuffer: 1 << 24,
        },
      );
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
