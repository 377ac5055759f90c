import { describe, expect, it } from "vitest";

import { isFile, MultipartError, parseMultipart } from "../src/server/v1/multipart";

/** A FormData as a client sends it: the body bytes and their Content-Type with its boundary. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const req = new Request("http://localhost/", { method: "POST", body: form });
  return { body: new Uint8Array(await req.arrayBuffer()), type: req.headers.get("content-type") ?? "" };
}

const raw = (text: string) => new TextEncoder().encode(text);

describe("parseMultipart", () => {
  it("reads what FormData sends: fields and files in order, names as sent, a file's bytes without a copy", async () => {
    const form = new FormData();
    const content = new Uint8Array(300_000).map((_, i) => i % 251);
    form.set("file", new File([content], "reports/Q3 résumé.docx", { type: "application/vnd.test" }));
    form.append("tag", "one");
    form.append("tag", "two");
    const { body, type } = await encoded(form);
    const parsed = await parseMultipart(body, type);
    expect(parsed.entries.map(([name, value]) => [name, isFile(value) ? value.filename : value])).toEqual([
      ["file", "reports/Q3 résumé.docx"],
      ["tag", "one"],
      ["tag", "two"],
    ]);
    expect(parsed.get("tag")).toBe("one");
    const file = parsed.get("file");
    if (!isFile(file)) throw new Error("no file");
    expect(file.mimeType).toBe("application/vnd.test");
    expect(file.bytes).toEqual(content);
    // A view into the request body: a large upload is held once.
    expect(file.bytes.buffer).toBe(body.buffer);
  });

  it("takes a part without a filename as a field, as FormData does, and an empty file as a file", async () => {
    const body = raw(
      '--b\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\nabc\r\n' +
        '--b\r\nContent-Disposition: form-data; name="other"; filename="empty.txt"\r\n\r\n\r\n--b--\r\n',
    );
    const parsed = await parseMultipart(body, "multipart/form-data; boundary=b");
    expect(parsed.get("file")).toBe("abc");
    const empty = parsed.get("other");
    expect(isFile(empty) && empty.bytes.length).toBe(0);
  });

  it("refuses a body cut short, a wrong or missing boundary and an over-long field, without throwing past the promise", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(100_000)], "a.docx"));
    form.set("source_lang", "en");
    const { body, type } = await encoded(form);
    const long = raw(
      `--b\r\nContent-Disposition: form-data; name="g"\r\n\r\n${"x".repeat(1024 * 1024 + 1)}\r\n--b--\r\n`,
    );
    const cases: [Uint8Array, string, RegExp][] = [
      [body.subarray(0, body.length - 40), type, /unexpected end/i],
      [body.subarray(0, 5_000), type, /unexpected end/i],
      [body, "multipart/form-data", /boundary/i],
      [body, "multipart/form-data; boundary=elsewhere", /unexpected end/i],
      [raw("not multipart at all"), type, /unexpected end/i],
      [long, "multipart/form-data; boundary=b", /'g' is longer than 1048576 bytes/],
    ];
    for (const [input, contentType, message] of cases) {
      const error = await parseMultipart(input, contentType).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MultipartError);
      expect((error as Error).message).toMatch(message);
    }
  });
});
