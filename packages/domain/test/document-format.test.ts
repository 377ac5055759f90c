import { describe, expect, it } from "vitest";

import { TolkError, resolveDocumentFormat, sanitizeFilename, translatedFilename } from "../src";
import { exportFilename } from "../src/resources/shared/exported-file";
import { thrown } from "./helpers";

describe("sanitizeFilename", () => {
  it("keeps an ordinary Unicode name, NFC-normalized", () => {
    expect(sanitizeFilename("Cafe\u0301 menu.txt")).toBe("Café menu.txt");
  });

  it("replaces path separators, control characters and bidi overrides that could disguise the extension", () => {
    expect(sanitizeFilename("../../etc/passwd.txt")).toBe(".._.._etc_passwd.txt");
    expect(sanitizeFilename("a\r\nContent-Type: x.txt")).toBe("a__Content-Type: x.txt");
    expect(sanitizeFilename("invoice\u202etxt.exe")).toBe("invoice_txt.exe");
    expect(sanitizeFilename("  ")).toBe("document");
  });

  it("caps the name at 255 UTF-8 bytes and keeps the extension", () => {
    const name = sanitizeFilename(`${"é".repeat(300)}.txt`);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255);
    expect(name.endsWith("é.txt")).toBe(true);
  });
});

describe("resolveDocumentFormat", () => {
  it("finds the txt filter by extension, in any case, with its size limit", () => {
    const txt = resolveDocumentFormat("NOTES.TXT");
    expect(txt.format.extension).toBe("txt");
    expect(txt.maxBytes).toBe(5 * 1024 * 1024);
    expect(txt.filter.extensions).toContain("txt");
  });

  it("refuses extensions outside the 16 with unsupported_format", () => {
    for (const name of ["a.exe", "a", "a.txt.exe", ".txt.", "archive.tar.gz"]) {
      const err = thrown(() => resolveDocumentFormat(name));
      expect(err).toBeInstanceOf(TolkError);
      expect({ status: err.status, code: err.code }, name).toEqual({ status: 400, code: "unsupported_format" });
    }
  });
});

describe("download names", () => {
  it("names a translation after its upload and target language", () => {
    expect(translatedFilename("report.docx", "es")).toBe("report.es.docx");
    expect(translatedFilename("Notas de versión.txt", "pt-BR")).toBe("Notas de versión.pt-br.txt");
    expect(translatedFilename("README", "de")).toBe("README.de");
  });

  it("names an export after its resource, safe to save on any system", () => {
    expect(exportFilename("Brand terms", "csv", "gls_1")).toBe("Brand terms.csv");
    expect(exportFilename('a/b: "c"?', "tmx", "tm_1")).toBe("a_b_ _c_.tmx");
    expect(exportFilename("...", "csv", "gls_1")).toBe("gls_1.csv");
  });
});
