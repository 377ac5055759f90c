/**
 * `pnpm --filter @tolk/formats bench` (and part of `pnpm bench`): the docx filter on a generated
 * Word document of about BENCH_DOCX_MB (5) MB, the size issue 6 sets. The document is written like
 * Word writes one: rsid attributes, full run properties with fonts and `w:lang`, bold and italic
 * runs, proofing marks, bookmarks, hyperlinks, simple and complex fields, tables, a header and
 * a footer; so its text-to-markup ratio is Word's (about 1:7), not a toy's.
 *
 * Each phase runs in a fresh child process (`node --expose-gc`), so its peak resident memory
 * (getrusage maxRSS) is its own: extract; merge with an identity engine (every translation equal
 * to its source: nothing is rewritten); merge with a pseudo engine (every segment translated,
 * codes kept, 30% longer text). Merge phases read the segments the extract phase saved.
 * Reported per phase: seconds, peak RSS above the process's baseline after the file was read,
 * and the peak V8 heap used (sampled on each turn of the event loop and at the end).
 *
 * The filter's time is compared with the time the text takes to translate: Tolk's
 * /v1/translate/batch runs at about BENCH_CHARS_PER_SECOND (110,000) characters per second here.
 *
 *   BENCH_DOCX_MB           size of the generated file in MB (default 5)
 *   BENCH_CHARS_PER_SECOND  batch translation speed to compare with (default 110000)
 *   BENCH_MAX_OLD_SPACE_MB  V8 old-space limit of each phase (default: Node's). V8 collects
 *                           lazily when memory is plentiful, so peaks mostly show garbage; a
 *                           phase that completes under a tight limit shows what it really holds.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { strToU8, zipSync, type Zippable } from "fflate";

import { docxFilter } from "../src/docx/docx-filter";
import { type Segment } from "../src/filter";

const OPTIONS = { sourceLang: "en", targetLang: "es" };
type Phase = "extract" | "identity" | "pseudo";

interface PhaseResult {
  phase: Phase;
  seconds: number;
  /** CPU seconds (user + system): steadier than wall time on a loaded machine. */
  cpuSeconds: number;
  segments: number;
  chars: number;
  rssBaselineMb: number;
  rssPeakDeltaMb: number;
  heapPeakMb: number;
  outputBytes: number;
}

// ---------------------------------------------------------------------------------------------
// The generated document.

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const W_DECLS =
  `xmlns:wpc="http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas" ` +
  `xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:o="urn:schemas-microsoft-com:office:office" ` +
  `xmlns:r="${R}" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:v="urn:schemas-microsoft-com:vml" ` +
  `xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:w10="urn:schemas-microsoft-com:office:word" ` +
  `xmlns:w="${W}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ` +
  `xmlns:wne="http://schemas.microsoft.com/office/word/2006/wordml" mc:Ignorable="w14"`;

const WORDS = (
  "the of and to in is that for it as was with be by on not he this are or his from at which but have an they you " +
  "were her she there been one all we their has would when if so no more out up into do any your what some can only " +
  "other new time could these two may first then did also after over such where most over well made through long " +
  "before must between under never same another while last might great since against right three still small " +
  "agreement contract supplier customer invoice delivery payment period notice termination liability warranty " +
  "service schedule obligation party parties clause section provided herein thereof pursuant reasonable written " +
  "report figure analysis results method sample measurement temperature pressure average increase decrease percent " +
  "government committee council regional national international development program project budget funding"
).split(" ");

/** A small deterministic generator (mulberry32), so every run benches the same file. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateBody(rand: () => number, paragraphs: number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const rsid = (): string =>
    Math.floor(rand() * 0xffffff)
      .toString(16)
      .toUpperCase()
      .padStart(8, "0");
  const rsids = Array.from({ length: 400 }, rsid);
  // Common words plus a long tail of rarer ones, as in real prose (it sets how well text compresses).
  const syllables = [
    "ka",
    "lo",
    "mer",
    "ta",
    "vin",
    "dor",
    "es",
    "pra",
    "ul",
    "sen",
    "qui",
    "bra",
    "tor",
    "ni",
    "gal",
    "fe",
  ];
  const rare = Array.from({ length: 5000 }, () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(syllables)).join(""),
  );
  const words = (n: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(rand() < 0.3 ? pick(rare) : pick(WORDS));
    return out.join(" ");
  };
  const sentence = (): string => {
    const s = words(6 + Math.floor(rand() * 14));
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}${rand() < 0.1 ? " &amp; co" : ""}.`;
  };
  const rPr = (extra = ""): string =>
    `<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Times New Roman"/>${extra}<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB" w:eastAsia="en-US"/></w:rPr>`;
  const run = (text: string, extra = ""): string =>
    `<w:r w:rsidRPr="${pick(rsids)}">${rPr(extra)}<w:t xml:space="preserve">${text}</w:t></w:r>`;
  let bookmark = 0;

  const paragraph = (style = "Normal"): string => {
    const parts: string[] = [];
    const n = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) {
      const roll = rand();
      const text = sentence() + " ";
      if (roll < 0.45) parts.push(run(text));
      else if (roll < 0.6) {
        const [a, b] = [text.slice(0, text.length >> 1), text.slice(text.length >> 1)];
        parts.push(run(a), run(b, "<w:b/><w:bCs/>"));
      } else if (roll < 0.7) parts.push(run(text, "<w:i/><w:iCs/>"));
      else if (roll < 0.78) {
        parts.push(
          run(words(3) + " "),
          `<w:proofErr w:type="spellStart"/>`,
          run("recieve"),
          `<w:proofErr w:type="spellEnd"/>`,
          run(" " + text),
        );
      } else if (roll < 0.84) {
        parts.push(
          run(words(4) + " "),
          `<w:hyperlink r:id="rId9" w:history="1"><w:r w:rsidRPr="${pick(rsids)}"><w:rPr><w:rStyle w:val="Hyperlink"/><w:lang w:val="en-GB"/></w:rPr><w:t>${words(3)}</w:t></w:r></w:hyperlink>`,
          run(" " + text),
        );
      } else if (roll < 0.9) {
        bookmark++;
        parts.push(
          `<w:bookmarkStart w:id="${bookmark}" w:name="_Ref${100000 + bookmark}"/>`,
          run(text),
          `<w:bookmarkEnd w:id="${bookmark}"/>`,
        );
      } else if (roll < 0.95) {
        parts.push(
          run(words(3) + " "),
          `<w:r>${rPr()}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${rPr()}<w:instrText xml:space="preserve"> REF _Ref${100000 + Math.max(1, bookmark)} \\h </w:instrText></w:r>`,
          `<w:r>${rPr()}<w:fldChar w:fldCharType="separate"/></w:r>${run("Section " + String(1 + Math.floor(rand() * 40)))}<w:r>${rPr()}<w:fldChar w:fldCharType="end"/></w:r>`,
          run(" " + text),
        );
      } else {
        parts.push(run(words(5) + " "), `<w:r>${rPr()}<w:tab/></w:r>`, run(text));
      }
    }
    return (
      `<w:p w:rsidR="${pick(rsids)}" w:rsidRDefault="${pick(rsids)}" w:rsidP="${pick(rsids)}" w14:paraId="${rsid()}" w14:textId="${rsid()}">` +
      `<w:pPr><w:pStyle w:val="${style}"/><w:spacing w:after="120" w:line="276" w:lineRule="auto"/><w:jc w:val="both"/>${rPr()}</w:pPr>` +
      `${parts.join("")}</w:p>`
    );
  };

  const table = (): string => {
    const cell = (): string =>
      `<w:tc><w:tcPr><w:tcW w:w="2254" w:type="dxa"/><w:tcBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tcBorders></w:tcPr>` +
      `<w:p w:rsidR="${pick(rsids)}" w:rsidRDefault="${pick(rsids)}"><w:pPr><w:spacing w:after="0"/>${rPr()}</w:pPr>${run(words(2 + Math.floor(rand() * 4)))}</w:p></w:tc>`;
    const row = (): string =>
      `<w:tr w:rsidR="${pick(rsids)}"><w:trPr><w:trHeight w:val="340"/></w:trPr>${cell()}${cell()}${cell()}${cell()}</w:tr>`;
    return (
      `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>` +
      `<w:tblGrid><w:gridCol w:w="2254"/><w:gridCol w:w="2254"/><w:gridCol w:w="2254"/><w:gridCol w:w="2254"/></w:tblGrid>${row()}${row()}${row()}</w:tbl>`
    );
  };

  const out: string[] = [];
  for (let i = 0; i < paragraphs; i++) {
    if (i % 40 === 0) out.push(paragraph("Heading1"));
    else if (i % 25 === 0) out.push(table());
    else out.push(paragraph());
  }
  return out.join("");
}

function zipDocx(body: string, rand: () => number): Uint8Array {
  const rels = (items: string): string =>
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
  const WML = "application/vnd.openxmlformats-officedocument.wordprocessingml";
  const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";
  const hf = (tag: string, text: string): string =>
    `${DECL}<w:${tag} ${W_DECLS}><w:p><w:pPr><w:pStyle w:val="${tag === "hdr" ? "Header" : "Footer"}"/></w:pPr><w:r><w:t xml:space="preserve">${text} </w:t></w:r>` +
    `<w:fldSimple w:instr=" PAGE   \\* MERGEFORMAT "><w:r><w:rPr><w:noProof/></w:rPr><w:t>1</w:t></w:r></w:fldSimple></w:p></w:${tag}>`;
  const parts: Record<string, string> = {
    "[Content_Types].xml":
      `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="${WML}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${WML}.styles+xml"/>` +
      `<Override PartName="/word/header1.xml" ContentType="${WML}.header+xml"/><Override PartName="/word/footer1.xml" ContentType="${WML}.footer+xml"/></Types>`,
    "_rels/.rels": rels(`<Relationship Id="rId1" Type="${REL}officeDocument" Target="word/document.xml"/>`),
    "word/_rels/document.xml.rels": rels(
      `<Relationship Id="rId1" Type="${REL}styles" Target="styles.xml"/><Relationship Id="rId7" Type="${REL}header" Target="header1.xml"/>` +
        `<Relationship Id="rId8" Type="${REL}footer" Target="footer1.xml"/><Relationship Id="rId9" Type="${REL}hyperlink" Target="https://example.com/terms" TargetMode="External"/>`,
    ),
    "word/document.xml":
      `${DECL}<w:document ${W_DECLS}><w:body>${body}<w:sectPr w:rsidR="00A1B2C3"><w:headerReference w:type="default" r:id="rId7"/>` +
      `<w:footerReference w:type="default" r:id="rId8"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    "word/styles.xml": `${DECL}<w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`,
    "word/header1.xml": hf("hdr", `Confidential draft ${String(Math.floor(rand() * 100))}`),
    "word/footer1.xml": hf("ftr", "Page"),
  };
  const z: Zippable = {};
  for (const [name, text] of Object.entries(parts))
    z[name] = [strToU8(text), { level: 6, mtime: new Date("2024-01-02T03:04:06Z") }];
  return zipSync(z);
}

/** A docx of about `bytes` bytes: the paragraph count is scaled from a sample's compressed size. */
export function generateDocx(bytes: number): Uint8Array {
  const sample = 2000;
  const perParagraph = zipDocx(generateBody(random(7), sample), random(8)).length / sample;
  return zipDocx(generateBody(random(7), Math.round(bytes / perParagraph)), random(8));
}

// ---------------------------------------------------------------------------------------------
// The engines.

/** Every letter run doubled in part and accented, codes kept: about 30% longer, all segments changed. */
function pseudo(text: string): string {
  return text.replace(
    /(<\/?g\d+>|<x\d+\/>)|([A-Za-z]+)/g,
    (_, code: string | undefined, word: string | undefined) =>
      code ??
      `${(word ?? "").replace(/[aeiou]/g, (v) => ({ a: "á", e: "é", i: "í", o: "ó", u: "ú" })[v] ?? v)}${(word ?? "").length > 3 ? (word ?? "").slice(0, 1) : ""}`,
  );
}

function translations(segments: readonly Segment[], phase: Phase): Map<string, string> {
  return new Map(segments.map((s) => [s.id, phase === "pseudo" ? pseudo(s.text) : s.text]));
}

// ---------------------------------------------------------------------------------------------
// One phase, in a child process.

async function runPhase(phase: Phase, path: string): Promise<PhaseResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const file = new Uint8Array(readFileSync(path));
  const segmentsPath = `${path}.segments.json`;
  // Merge phases read the segments the extract phase wrote, so their peak is merge's own.
  let segments: Segment[] = phase === "extract" ? [] : (JSON.parse(readFileSync(segmentsPath, "utf8")) as Segment[]);
  const map = translations(segments, phase);
  gc?.();
  const baseline = process.memoryUsage();
  let heapPeak = baseline.heapUsed;
  const sample = (): void => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  // Sync work runs between the filter's yields; the filter yields often enough to sample.
  const timer = setInterval(sample, 1);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let outputBytes = 0;
  if (phase === "extract") segments = await docxFilter.extract(file, OPTIONS);
  else outputBytes = (await docxFilter.merge(file, map, OPTIONS)).length;
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpu);
  if (phase === "extract") writeFileSync(segmentsPath, JSON.stringify(segments));
  sample();
  clearInterval(timer);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return {
    phase,
    seconds,
    cpuSeconds: (cpuUsed.user + cpuUsed.system) / 1e6,
    segments: segments.length,
    chars: segments.reduce((n, s) => n + s.text.length, 0),
    rssBaselineMb: baseline.rss / 1e6,
    rssPeakDeltaMb: (peakRss - baseline.rss) / 1e6,
    heapPeakMb: (heapPeak - baseline.heapUsed) / 1e6,
    outputBytes,
  };
}

function runChild(phase: Phase, path: string): PhaseResult {
  const limit = process.env.BENCH_MAX_OLD_SPACE_MB;
  const flags = limit ? [`--max-old-space-size=${limit}`] : [];
  const out = execFileSync(
    process.execPath,
    [...flags, "--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--phase", phase, path],
    {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as PhaseResult;
}

async function main(): Promise<void> {
  const phaseArg = process.argv.indexOf("--phase");
  if (phaseArg >= 0) {
    const phase = process.argv[phaseArg + 1] as Phase;
    const path = process.argv[phaseArg + 2] ?? "";
    process.stdout.write(`${JSON.stringify(await runPhase(phase, path))}\n`);
    return;
  }
  const mb = Number(process.env.BENCH_DOCX_MB ?? 5);
  const generateArg = process.argv.indexOf("--generate");
  if (generateArg >= 0) {
    // Only writes the file, for profiling: `tsx bench/docx.ts --generate /tmp/bench.docx`.
    writeFileSync(process.argv[generateArg + 1] ?? "bench.docx", generateDocx(mb * 1e6));
    return;
  }
  const cps = Number(process.env.BENCH_CHARS_PER_SECOND ?? 110_000);
  const dir = mkdtempSync(join(tmpdir(), "tolk-bench-docx-"));
  try {
    const file = generateDocx(mb * 1e6);
    const path = join(dir, "bench.docx");
    writeFileSync(path, file);
    const xmlBytes = await documentXmlBytes(file);
    console.log(
      `docx bench: ${(file.length / 1e6).toFixed(2)} MB file, ${(xmlBytes / 1e6).toFixed(1)} MB of document XML, load average ${loadavg()[0]?.toFixed(1) ?? "?"}`,
    );
    const results: PhaseResult[] = [];
    for (const phase of ["extract", "identity", "pseudo"] as const) {
      const r = runChild(phase, path);
      results.push(r);
      console.log(
        `  ${phase.padEnd(8)} ${r.seconds.toFixed(2).padStart(6)} s (CPU ${r.cpuSeconds.toFixed(2)} s)  peak RSS +${r.rssPeakDeltaMb.toFixed(0)} MB (baseline ${r.rssBaselineMb.toFixed(0)} MB), ` +
          `peak heap +${r.heapPeakMb.toFixed(0)} MB, ${r.segments} segments${r.outputBytes ? `, output ${(r.outputBytes / 1e6).toFixed(2)} MB` : ""}`,
      );
    }
    const chars = results[0]?.chars ?? 0;
    const filterSeconds = (results[0]?.seconds ?? 0) + (results[2]?.seconds ?? 0);
    const filterCpu = (results[0]?.cpuSeconds ?? 0) + (results[2]?.cpuSeconds ?? 0);
    const translateSeconds = chars / cps;
    const peak = Math.max(...results.map((r) => r.rssPeakDeltaMb));
    console.log(
      `  ${chars} characters of text: ~${translateSeconds.toFixed(1)} s to translate at ${cps} chars/s; ` +
        `extract + pseudo merge ${filterSeconds.toFixed(2)} s = ${((100 * filterSeconds) / translateSeconds).toFixed(1)}% of that ` +
        `(CPU ${filterCpu.toFixed(2)} s = ${((100 * filterCpu) / translateSeconds).toFixed(1)}%; target < 20%)`,
    );
    console.log(
      `  peak RSS +${peak.toFixed(0)} MB = ${(peak / (file.length / 1e6)).toFixed(1)}x the file size (target < 10x)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function documentXmlBytes(file: Uint8Array): Promise<number> {
  const { unzipSync } = await import("fflate");
  return unzipSync(file, { filter: (f) => f.name === "word/document.xml" })["word/document.xml"]?.length ?? 0;
}

await main();
