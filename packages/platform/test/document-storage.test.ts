import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { type RunningS3rver, startS3rver } from "@tolk/test-s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DownloadLinks, ObjectNotFoundError, contentDisposition } from "@tolk/domain";
import { LocalObjectStorage, S3ObjectStorage, S3_READINESS_KEY } from "../src";

// Object storage behind one interface: the local directory, and the S3 adapter against an
// S3-compatible server (s3rver, which checks SigV4 signatures) started here on a free port.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "tolk-storage-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const bytes = (s: string) => new TextEncoder().encode(s);

describe("local directory storage", () => {
  it("stores, reads back and deletes objects; a missing object is ObjectNotFoundError", async () => {
    const storage = new LocalObjectStorage(tempDir());
    await storage.put("org_a/job_1/result.txt", bytes("Hola"), "text/plain");
    expect(new TextDecoder().decode(await storage.get("org_a/job_1/result.txt"))).toBe("Hola");
    await storage.put("org_a/job_1/result.txt", bytes("Adiós"), "text/plain");
    expect(new TextDecoder().decode(await storage.get("org_a/job_1/result.txt"))).toBe("Adiós");
    // Given in pieces, stored one after another.
    await storage.put("org_a/job_1/result.txt", [bytes("Bon "), bytes("dia"), bytes("!")], "text/plain");
    expect(new TextDecoder().decode(await storage.get("org_a/job_1/result.txt"))).toBe("Bon dia!");
    await storage.delete("org_a/job_1/result.txt");
    await expect(storage.get("org_a/job_1/result.txt")).rejects.toBeInstanceOf(ObjectNotFoundError);
    await storage.delete("org_a/job_1/result.txt"); // deleting twice is fine
    expect(await storage.directDownloadUrl()).toBeNull();
  });

  it("refuses keys that would leave its directory", async () => {
    const storage = new LocalObjectStorage(tempDir());
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a/./../../b"]) {
      await expect(storage.put(key, bytes("x"), "text/plain"), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe("S3-compatible storage", () => {
  let server: RunningS3rver;
  const config = () => ({
    endpoint: server.endpoint,
    bucket: "tolk-docs",
    region: "us-east-1",
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
  });

  beforeAll(async () => {
    // Every object operation below goes through the adapter and is signed.
    server = await startS3rver({ directory: tempDir(), buckets: ["tolk-docs"] });
  });
  afterAll(async () => {
    await server.close();
  });

  it("the readiness check passes on a usable bucket, and names the failure on a missing one or wrong credentials", async () => {
    const storage = new S3ObjectStorage({ ...config(), prefix: "test/" });
    await storage.check();
    // The probe is an object write under the prefix, the operation uploads need.
    expect(new TextDecoder().decode(await storage.get(S3_READINESS_KEY))).toBe("ok\n");
    storage.close();
    const missing = new S3ObjectStorage({ ...config(), bucket: "no-such-bucket" });
    await expect(missing.check()).rejects.toThrow(/bucket/i);
    missing.close();
    const wrongKey = new S3ObjectStorage({ ...config(), secretAccessKey: "not-the-secret" });
    await expect(wrongKey.check()).rejects.toThrow(/signature/i);
    wrongKey.close();
  });

  it("stores, reads back and deletes objects; a missing object is ObjectNotFoundError", async () => {
    const storage = new S3ObjectStorage({ ...config(), prefix: "test/" });
    await storage.put("org_a/job_1/result.txt", bytes("Hola món"), "text/plain");
    expect(new TextDecoder().decode(await storage.get("org_a/job_1/result.txt"))).toBe("Hola món");
    await storage.put("org_a/job_1/result.txt", [bytes("Bon "), bytes("dia")], "text/plain");
    expect(new TextDecoder().decode(await storage.get("org_a/job_1/result.txt"))).toBe("Bon dia");
    await storage.delete("org_a/job_1/result.txt");
    await expect(storage.get("org_a/job_1/result.txt")).rejects.toBeInstanceOf(ObjectNotFoundError);
    storage.close();
  });

  it("pre-signs a GET that serves the file under its original name and type, and a tampered one is refused", async () => {
    const storage = new S3ObjectStorage(config());
    await storage.put("org_a/job_2/result.docx", bytes("PK fake"), "application/octet-stream");
    const url = await storage.directDownloadUrl("org_a/job_2/result.docx", {
      filename: "Informe anual «2026».docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      expiresInSeconds: 300,
    });
    expect(url).toContain("X-Amz-Signature=");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("PK fake");
    expect(res.headers.get("content-disposition")).toBe(contentDisposition("Informe anual «2026».docx"));
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    const tampered = url.replace("result.docx", "source.docx");
    expect((await fetch(tampered)).status).toBe(403);
    storage.close();
  });

  it("an unreachable S3 endpoint is an error, not a missing object", async () => {
    const storage = new S3ObjectStorage({ ...config(), endpoint: "http://127.0.0.1:1" });
    const err = await storage.get("org_a/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ObjectNotFoundError);
    storage.close();
  });
});

describe("signed download links", () => {
  const job = { id: "job_abc", orgId: "org_1" };
  const now = new Date("2026-03-15T12:00:00Z");
  const links = new DownloadLinks("https://tolk.example/", [{ kid: "k2", secret: Buffer.from("a".repeat(32)) }]);
  const parts = (url: string) => {
    const u = new URL(url);
    return {
      path: u.pathname,
      expires: u.searchParams.get("expires") ?? "",
      signature: u.searchParams.get("signature") ?? "",
    };
  };

  it("signs {base}/v1/documents/{job}/download for 24 h and verifies only the exact job, org and expiry", () => {
    const url = links.url(job, new Date(now.getTime() + 24 * 3600_000));
    const { path, expires, signature } = parts(url);
    expect(url.startsWith("https://tolk.example/v1/documents/job_abc/download?")).toBe(true);
    expect(path).toBe("/v1/documents/job_abc/download");
    expect(links.verify(job, expires, signature, now)).toBe(true);
    expect(links.verify({ ...job, id: "job_abd" }, expires, signature, now)).toBe(false);
    expect(links.verify({ ...job, orgId: "org_2" }, expires, signature, now)).toBe(false);
    expect(links.verify(job, String(Number(expires) + 1), signature, now)).toBe(false);
    expect(links.verify(job, expires, signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A"), now)).toBe(false);
    expect(links.verify(job, expires, signature.slice(0, -2), now)).toBe(false);
    expect(links.verify(job, expires, "", now)).toBe(false);
    expect(links.verify(job, "soon", signature, now)).toBe(false);
  });

  it("refuses an expired link, and one that claims to live beyond 24 h", () => {
    const { expires, signature } = parts(links.url(job, new Date(now.getTime() + 60_000)));
    expect(links.verify(job, expires, signature, new Date(now.getTime() + 59_000))).toBe(true);
    expect(links.verify(job, expires, signature, new Date(now.getTime() + 61_000))).toBe(false);
    const long = parts(links.url(job, new Date(now.getTime() + 48 * 3600_000)));
    expect(links.verify(job, long.expires, long.signature, now)).toBe(false);
  });

  it("still honours links of a previous key after rotation", () => {
    const old = new DownloadLinks("https://tolk.example", [{ kid: "k1", secret: Buffer.from("b".repeat(32)) }]);
    const rotated = new DownloadLinks("https://tolk.example", [
      { kid: "k2", secret: Buffer.from("a".repeat(32)) },
      { kid: "k1", secret: Buffer.from("b".repeat(32)) },
    ]);
    const { expires, signature } = parts(old.url(job, new Date(now.getTime() + 3600_000)));
    expect(rotated.verify(job, expires, signature, now)).toBe(true);
    expect(links.verify(job, expires, signature, now)).toBe(false);
  });

  it("a job key (DeepL's document_key) verifies for its own job and organization only, across key rotation", () => {
    const key = links.jobKey(job);
    expect(links.verifyJobKey(job, key)).toBe(true);
    expect(links.verifyJobKey({ ...job, id: "job_other" }, key)).toBe(false);
    expect(links.verifyJobKey({ ...job, orgId: "org_2" }, key)).toBe(false);
    expect(links.verifyJobKey(job, `${key}x`)).toBe(false);
    expect(links.verifyJobKey(job, "nodot")).toBe(false);
    const old = new DownloadLinks("https://tolk.example", [{ kid: "k1", secret: Buffer.from("b".repeat(32)) }]);
    const rotated = new DownloadLinks("https://tolk.example", [
      { kid: "k2", secret: Buffer.from("a".repeat(32)) },
      { kid: "k1", secret: Buffer.from("b".repeat(32)) },
    ]);
    expect(rotated.verifyJobKey(job, old.jobKey(job))).toBe(true);
    expect(links.verifyJobKey(job, old.jobKey(job))).toBe(false);
  });

  it("writes an RFC 6266 Content-Disposition with an ASCII fallback", () => {
    expect(contentDisposition('Résumé "final".txt')).toBe(
      `attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
  });
});
