import { Busboy } from "@fastify/busboy";

/** A file part: its name as sent, its bytes and its declared type. */
export interface MultipartFile {
  readonly filename: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

/** The parts of a form in the order they came, as FormData lists them (a part with a filename is a file). */
export interface MultipartForm {
  readonly entries: readonly (readonly [name: string, value: string | MultipartFile])[];
  /** The first part of that name, as FormData.get. */
  get(name: string): string | MultipartFile | undefined;
}

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MultipartError";
  }
}

/** A field value longer than this is refused rather than cut (the largest real one is a list of glossary ids). */
const MAX_FIELD_BYTES = 1024 * 1024;

export const isFile = (value: string | MultipartFile | undefined): value is MultipartFile => typeof value === "object";

/**
 * Parses a multipart/form-data body that is already in memory (read under its size limit).
 * A file's bytes are a view into `body` whenever the parser hands them over in one piece, so a
 * 5 MB upload is held once: FormData (`Response.formData()` then `File.arrayBuffer()`) copied
 * it three more times, and the document bench's server peaked during the upload.
 * Throws MultipartError for a body that is not well-formed multipart.
 */
export function parseMultipart(body: Uint8Array, contentType: string): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const entries: [string, string | MultipartFile][] = [];
    const files: Promise<void>[] = [];
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      reject(new MultipartError(message));
    };
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: { "content-type": contentType },
        // FormData's rule: a part is a file exactly when it has a filename. Names are kept as
        // sent (no path stripping); the caller sanitizes them.
        isPartAFile: (_name, _type, filename) => filename !== undefined,
        preservePath: true,
        limits: { fieldSize: MAX_FIELD_BYTES },
      });
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      return;
    }
    parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) fail(`The field '${name}' is longer than ${MAX_FIELD_BYTES} bytes.`);
      entries.push([name, value]);
    });
    parser.on(
      "file",
      (name: string, stream: NodeJS.ReadableStream, filename: string, _encoding: string, mimeType: string) => {
        const chunks: Buffer[] = [];
        const entry: [string, string | MultipartFile] = [name, { filename, mimeType, bytes: new Uint8Array() }];
        entries.push(entry);
        files.push(
          new Promise<void>((done) => {
            // A part cut short errors on its own stream; unhandled, that would end the process.
            stream.on("error", (error: Error) => fail(error.message));
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("end", () => {
              const bytes = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
              // A plain Uint8Array over the same memory, not the Buffer: Buffer#slice is a view, and
              // the zip writer edits the records it slices out of a file.
              entry[1] = {
                filename,
                mimeType,
                bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
              };
              done();
            });
          }),
        );
      },
    );
    parser.on("error", (error: Error) => fail(error.message));
    parser.on("finish", () => {
      void Promise.all(files).then(() => {
        if (failed) return;
        resolve({ entries, get: (name) => entries.find(([n]) => n === name)?.[1] });
      });
    });
    parser.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
}
