import { randomBytes } from "node:crypto";

import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { describe, expect, it } from "vitest";

import { FormatError } from "../../src/filter";
import { OoxmlPackage } from "../../src/ooxml/package";
import { filterFor } from "../../src/registry";
import { ZipArchive } from "../../src/zip/archive";
import { OPTIONS } from "../fixtures/ooxml-checks";
import { docx, R_NS, W_NS, zipParts } from "../fixtures/ooxml";
import { watchZipWork } from "../support/zip-work";

const run = (text: string): string => `<w:r><w:t>${text}</w:t></w:r>`;
const body = (text: string): string => `<w:p>${run(text)}</w:p>`;

/** Overwrites the declared uncompressed size of an entry in both its local and central headers. */
function declareSize(file: Uint8Array, name: string, size: number): Uint8Array {
  const out = file.slice();
  const view = new DataView(out.buffer);
  const permissive = {
    maxEntries: 100,
    maxEntryBytes: Infinity,
    maxTotalBytes: Infinity,
    maxRatio: Infinity,
    ratioFloorBytes: 0,
  };
  const e = ZipArchive.open(file, permissive).entry(name);
  if (!e) throw new Error(`no ${name}`);
  view.setUint32(e.localStart + 22, size, true);
  view.setUint32(e.centralStart + 24, size, true);
  return out;
}

/** A docx whose document.xml is replaced by `data`, recompressed, with the declared sizes it would have. */
function docxWithDocument(data: Uint8Array): Uint8Array {
  return docx({ body: body("x"), extraParts: { "word/document.xml": data } });
}

/** The work of a refusal: bytes inflated and entries read by every archive the filter opened. */
interface Work {
  bytesInflated: number;
  entriesRead: number;
}

async function refusal(ext: string, file: Uint8Array): Promise<{ error: FormatError; work: Work; heapMb: number }> {
  const filter = filterFor(ext);
  if (!filter) throw new Error(ext);
  const watch = watchZipWork();
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const error = await filter
    .extract(file, OPTIONS)
    .then(
      () => undefined,
      (e: unknown) => e,
    )
    .finally(() => watch.restore());
  const heapMb = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore) / 1024 / 1024;
  if (!(error instanceof FormatError)) throw new Error(`expected a FormatError, got ${String(error)}`);
  const work = { bytesInflated: watch.bytesInflated(), entriesRead: watch.entriesRead() };
  // Every refusal is small, whatever the file claims.
  expect(heapMb).toBeLessThan(64);
  return { error, work, heapMb };
}

describe("hostile packages", () => {
  it("refuses a zip bomb from its header (ratio) before inflating it", async () => {
    const spaces = new Uint8Array(16 * 1024 * 1024).fill(0x20);
    const bomb = docxWithDocument(spaces);
    expect(bomb.length).toBeLessThan(200_000);
    const { error, work } = await refusal("docx", bomb);
    expect(error.code).toBe("unsafe_file");
    expect(error.message).toMatch(/zip bomb/);
    // Refused from the directory: nothing was inflated.
    expect(work).toEqual({ bytesInflated: 0, entriesRead: 0 });
  });

  it("refuses an entry that inflates past the size its header declares, with bounded memory", async () => {
    // 16 MB of spaces that claims to be 100 bytes: the ratio check cannot see it, inflating must stop.
    const liar = declareSize(docxWithDocument(new Uint8Array(16 * 1024 * 1024).fill(0x20)), "word/document.xml", 100);
    const { error, work, heapMb } = await refusal("docx", liar);
    expect(error.code).toBe("unsafe_file");
    expect(error.message).toMatch(/inflates past/);
    // Inflating stopped a step past the declared 100 bytes (a step inflates up to ~1,000× its
    // input), far short of the 16 MB the entry holds.
    expect(work.bytesInflated).toBeLessThan(4 << 20);
    expect(heapMb).toBeLessThan(32);
  });

  it("reads an entry in chunks only up to its declared size, and refuses deflate data that is not", async () => {
    const read = async (zip: ZipArchive): Promise<number> => {
      let seen = 0;
      for await (const chunk of zip.chunks("word/document.xml", 4096)) seen += chunk.length;
      return seen;
    };
    // 16 MB of spaces declared as 100 KB: inflating stops at the first chunk past it.
    const liar = ZipArchive.open(
      declareSize(docxWithDocument(new Uint8Array(16 * 1024 * 1024).fill(0x20)), "word/document.xml", 100_000),
    );
    await expect(read(liar)).rejects.toMatchObject({
      code: "unsafe_file",
      message: expect.stringMatching(/inflates past/),
    });
    const honest = docxWithDocument(new Uint8Array(300_000).map((_, i) => 0x41 + (i % 26)));
    expect(await read(ZipArchive.open(honest))).toBe(300_000);
    // The compressed bytes overwritten mid-stream: invalid data, or a checksum that no longer matches.
    const entry = ZipArchive.open(honest).entry("word/document.xml");
    if (!entry) throw new Error("no entry");
    const broken = honest.slice();
    broken.fill(0xff, entry.dataStart + 20, entry.dataStart + 60);
    await expect(read(ZipArchive.open(broken))).rejects.toMatchObject({ code: "invalid_file" });
  });

  it("refuses a package whose declared total is too large, from the directory alone", async () => {
    const big = declareSize(docx({ body: body("x") }), "word/styles.xml", 250 * 1024 * 1024);
    const { error } = await refusal("xlsx", big);
    expect(error).toMatchObject({ code: "unsafe_file" });
  });

  it("refuses a story part that inflates past the story limit from its declared size, before inflating it", async () => {
    // The upload that cost +400 MB before its 400: a document part of 153 MB (the limit is
    // 150 million characters), in a package large enough for the zip's total cap (25× the upload).
    const noise = (n: number) => randomBytes(n).map((b) => 0x41 + (b % 26));
    const document = strToU8(
      `<w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>${new TextDecoder().decode(noise(2_000_000))}</w:t></w:r></w:p></w:body></w:document>`,
    );
    const file = declareSize(
      docx({
        body: body("x"),
        extraParts: { "word/document.xml": document, "word/media/pad.bin": randomBytes(7_000_000) },
      }),
      "word/document.xml",
      153_000_000,
    );
    const { error, work } = await refusal("docx", file);
    expect(error).toMatchObject({ code: "unsafe_file" });
    expect(error.message).toBe(
      "word/document.xml inflates to 153 MB of XML; at most 150 MB (150 million characters) per part can be translated.",
    );
    expect(work.bytesInflated).toBeLessThan(1_000_000);
  });

  it("refuses path traversal and absolute entry names", async () => {
    for (const name of ["../evil.xml", "word/../../evil.xml", "/etc/evil.xml", "C:/evil.xml"]) {
      const file = zipParts({ "[Content_Types].xml": "<Types/>", [name]: "<x/>" });
      const { error } = await refusal("docx", file);
      expect(error.code, name).toBe("unsafe_file");
      expect(error.message).toMatch(/path traversal/);
    }
  });

  it("refuses an encrypted (OLE compound) Office file", async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    for (const ext of ["docx", "pptx", "xlsx"]) {
      const { error } = await refusal(ext, ole);
      expect(error.code).toBe("unsafe_file");
      expect(error.message).toMatch(/encrypted/);
    }
  });

  it("refuses macros: a vbaProject.bin part even under a plain content type", async () => {
    const file = docx({ body: body("x"), extraParts: { "word/vbaProject.bin": new Uint8Array([1, 2, 3]) } });
    const { error } = await refusal("docx", file);
    expect(error).toMatchObject({ code: "unsafe_file", message: expect.stringMatching(/macros/) });
  });

  it("refuses a DTD or external entity in any XML part (XXE)", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>`;
    const { error } = await refusal("docx", docxWithDocument(strToU8(xxe)));
    expect(error).toMatchObject({ code: "unsafe_file", message: expect.stringMatching(/DTD/) });
    const inStyles = docx({
      body: body("x"),
      extraParts: { "word/styles.xml": '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>' },
    });
    expect((await refusal("docx", inStyles)).error.code).toBe("unsafe_file");
  });

  it("finds a DTD wherever XML allows one: after comments and instructions (even ones holding a tag), in a large part, past a long prolog, in UTF-16", async () => {
    const dtd = '<!DOCTYPE x [<!ENTITY a "aaaa">]>';
    const refused = async (styles: string | Uint8Array): Promise<FormatError> =>
      (await refusal("docx", docx({ body: body("x"), extraParts: { "word/styles.xml": styles } }))).error;
    // Markup inside a comment or an instruction is not the root element: the search goes on.
    expect(await refused(`<?xml version="1.0"?><!-- <x> --><?pi <y>?>\n${dtd}<x>&a;</x>`)).toMatchObject({
      code: "unsafe_file",
      message: expect.stringMatching(/styles\.xml declares a DTD/),
    });
    // A prolog longer than the part of it read at once is searched chunk by chunk.
    expect((await refused(`<!--${"-x".repeat(700_000)}-->${dtd}<x/>`)).code).toBe("unsafe_file");
    const utf16 = new Uint8Array(Buffer.from(`\ufeff${dtd}<x>&a;</x>`, "utf16le"));
    expect((await refused(utf16)).code).toBe("unsafe_file");
    // The body of a large document (read as it inflates, and only up to its root element).
    const large = `<?xml version="1.0"?>${dtd.replace("x [", "w:document [")}<w:document xmlns:w="${W_NS}"><w:body>${body("Long text. ".repeat(40)).repeat(12_000)}</w:body></w:document>`;
    expect(large.length).toBeGreaterThan(5 << 20);
    expect((await refusal("docx", docxWithDocument(strToU8(large)))).error).toMatchObject({
      code: "unsafe_file",
      message: expect.stringMatching(/document\.xml declares a DTD/),
    });
  });

  it("takes a comment after the root element that mentions a DTD for what it is", async () => {
    const styles = '<?xml version="1.0"?><x><!-- a note on <!DOCTYPE and <!ENTITY --></x>';
    const segments = await filterFor("docx")?.extract(
      docx({ body: body("Hello."), extraParts: { "word/styles.xml": styles } }),
      OPTIONS,
    );
    expect(segments?.map((s) => s.text)).toEqual(["Hello."]);
  });

  it("refuses an empty file, a non-zip, a zip that is no Office package and Strict OOXML as invalid", async () => {
    expect((await refusal("docx", new Uint8Array())).error).toMatchObject({
      code: "invalid_file",
      message: "The file is empty.",
    });
    expect((await refusal("pptx", strToU8("hello, not a zip"))).error.code).toBe("invalid_file");
    expect((await refusal("xlsx", zipParts({ "readme.txt": "hi" }))).error.message).toMatch(/Content_Types/);
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
    const strictFile = docx({ body: body("x"), extraParts: { "_rels/.rels": rels } });
    expect((await refusal("docx", strictFile)).error.message).toMatch(/Strict/);
  });

  it("refuses to build a tree of a part larger than the cap, naming the part", () => {
    const pkg = OoxmlPackage.open(docx({ body: body("x".repeat(500)) }), {
      label: "Word document",
      mainContentTypes: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"],
    });
    expect(() => pkg.xml("word/document.xml", undefined, { maxChars: 300 })).toThrow(
      /word\/document\.xml inflates to 0 MB of XML; at most 0 MB/,
    );
    expect(pkg.xml("word/document.xml").root.local).toBe("document");
  });

  it("refuses XML nested deep enough to overflow a recursive reader", async () => {
    const deep = `<w:p>${"<w:hyperlink>".repeat(20_000)}${run("deep")}${"</w:hyperlink>".repeat(20_000)}</w:p>`;
    const { error, work } = await refusal("docx", docx({ body: deep }));
    expect(error).toMatchObject({
      code: "unsafe_file",
      message: expect.stringMatching(/nests elements more than 256 levels/),
    });
    // The package is small: its parts were read about once each (no retry loop, no re-reads).
    expect(work.entriesRead).toBeLessThan(16);
  });

  it("refuses a corrupt entry (checksum mismatch) as invalid", async () => {
    const file = docx({ body: body("checksum") });
    const e = ZipArchive.open(file).entry("word/document.xml");
    if (!e) throw new Error("no entry");
    const broken = file.slice();
    new DataView(broken.buffer).setUint32(e.centralStart + 16, 0x12345678, true);
    expect((await refusal("docx", broken)).error).toMatchObject({
      code: "invalid_file",
      message: expect.stringMatching(/corrupt/),
    });
  });
});

describe("zip writer", () => {
  /** A package written by a streaming zipper: data descriptors, one stored entry, a comment-free end. */
  function streamed(): Uint8Array {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      chunks.push(chunk);
    });
    const add = (name: string, text: string, stored = false): void => {
      const entry = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 9 });
      entry.mtime = new Date("2024-01-02T03:04:06Z");
      zip.add(entry);
      entry.push(strToU8(text), true);
    };
    add(
      "[Content_Types].xml",
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    );
    add(
      "_rels/.rels",
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    );
    add(
      "word/document.xml",
      `<?xml version="1.0"?><w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body("Stored text")}</w:body></w:document>`,
      true,
    );
    add("docProps/custom.xml", "<x>untouched</x>");
    zip.end();
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  it("copies untouched entries raw (descriptors included) and rewrites the changed one with its method", async () => {
    const file = streamed();
    const before = ZipArchive.open(file);
    expect(before.entries.every((e) => (e.flags & 0x0008) !== 0)).toBe(true);
    const filter = filterFor("DOCX");
    if (!filter) throw new Error("docx");
    const out = await filter.merge(file, new Map([["word/document.xml#1", "Texto guardado"]]), OPTIONS);
    const after = ZipArchive.open(out);
    expect(after.entries.map((e) => [e.name, e.method])).toEqual(before.entries.map((e) => [e.name, e.method]));
    for (const name of ["[Content_Types].xml", "_rels/.rels", "docProps/custom.xml"]) {
      const a = before.entry(name);
      const b = after.entry(name);
      if (!a || !b) throw new Error(name);
      expect(
        Buffer.from(out.subarray(b.localStart, b.localEnd)).equals(
          Buffer.from(file.subarray(a.localStart, a.localEnd)),
        ),
        name,
      ).toBe(true);
    }
    expect(new TextDecoder().decode(after.read("word/document.xml"))).toContain("Texto guardado");
    expect(after.entry("word/document.xml")?.method).toBe(0);
  });

  it("keeps deflate entries deflated and checks them on re-read", async () => {
    const file = docx({ body: body("Deflated text") });
    const filter = filterFor("docx");
    if (!filter) throw new Error("docx");
    const out = await filter.merge(file, new Map([["word/document.xml#1", "Texto comprimido"]]), OPTIONS);
    const after = ZipArchive.open(out);
    expect(after.entry("word/document.xml")?.method).toBe(8);
    expect(after.entry("word/styles.xml")?.method).toBe(0);
    expect(new TextDecoder().decode(after.read("word/document.xml"))).toContain("Texto comprimido");
  });
});
