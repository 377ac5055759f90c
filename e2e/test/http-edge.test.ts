// The HTTP edge against the production server (apps/web/server.mjs in front of the build):
// requests that Node's parser or Next.js's router used to answer in their own shapes (an empty
// 400, a bodiless 431, a text/plain 500, a 308, an HTML 404, an empty 400 for an unknown method)
// are answered in the /v1 error shape with a request id. Requests fetch cannot send (dot
// segments, a body shorter than its Content-Length, a 20 KB header) go over a raw socket.
// Also: a synchronous document announces its job (103 Early Hints, X-Job-Id, Location) before
// it is translated, so a client that disconnects can GET the job it paid for.
import { Agent, request } from "node:http";
import { connect } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

const data = tempDataDir();
const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
let server: RunningServer;
let key: string;
let port: number;

beforeAll(async () => {
  const org = await tolk(["org", "create", "--name", "Edge", "--plan", "enterprise"], env);
  key = String(org.api_key);
  server = await startServer(env);
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.stop();
  data.remove();
});

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `head` (and `body`) on a fresh connection, optionally half-closes, and parses what comes back. */
function raw(head: string, options: { body?: string; halfClose?: boolean } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n${options.body ?? ""}`);
      if (options.halfClose) socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [top = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      let body = rest.join("\r\n\r\n");
      // A chunked body (Next.js's answers): one chunk is enough for these small error bodies.
      if (headers["transfer-encoding"] === "chunked") body = body.split("\r\n")[1] ?? "";
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

/** The error shape, with the same request id in the header and the body. */
function expectErrorShape(r: RawReply, status: number, code: string): { message: string; param?: string } {
  expect(r.status, r.body).toBe(status);
  expect(r.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(r.body) as {
    error: { code: string; message: string; type: string; request_id: string; param?: string };
  };
  expect(body.error.code).toBe(code);
  expect(body.error.type).toBe(status >= 500 ? "api_error" : "invalid_request_error");
  expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(r.headers["x-request-id"]).toBe(body.error.request_id);
  expect(body.error.message.length).toBeGreaterThan(10);
  // Counted against the client's address like a failed authentication, and saying so.
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
    expect(r.headers[name], name).toMatch(/^\d+$/);
  return body.error;
}

const auth = () => `Authorization: Bearer ${key}`;

describe("keep-alive connections", () => {
  /** GET /healthz through `agent`: the status, the Keep-Alive header, and whether it reused a socket. */
  const get = (agent: Agent) =>
    new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            keepAlive: String(res.headers["keep-alive"]),
            reused: req.reusedSocket,
          }),
        );
      });
      req.on("error", reject);
      req.end();
    });

  it("an idle connection is still served past Node's 5 s default: the client, not the server, closes it", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent);
      expect(first.status).toBe(200);
      expect(first.keepAlive).toBe("timeout=65");
      // Longer than the 5 s after which Node's server would have closed it, possibly just as
      // a client sends its next request on it (which then gets no answer at all).
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await get(agent);
      expect(second).toEqual({ status: 200, keepAlive: "timeout=65", reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe("answers Node.js and Next.js used to give, now in the error shape", () => {
  it("a path segment that is not percent-encoded UTF-8 (%ff) → 400 naming the path (was a text/plain 500)", async () => {
    const error = expectErrorShape(await raw(`GET /v1/glossaries/%ff HTTP/1.1\r\n${auth()}`), 400, "bad_request");
    expect(error.param).toBe("path");
    expect(error.message).toContain("%ff");
  });

  it("a trailing slash is served as the path without it (was a 308 redirect)", async () => {
    const plain = await fetch(`${server.url}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
    const slashed = await fetch(`${server.url}/v1/me/`, {
      headers: { Authorization: `Bearer ${key}` },
      redirect: "manual",
    });
    expect(slashed.status).toBe(200);
    expect(((await slashed.json()) as { data: unknown }).data).toEqual(
      ((await plain.json()) as { data: unknown }).data,
    );
    expect(slashed.headers.get("x-ratelimit-limit")).not.toBeNull();
    // A POST keeps its body: nothing to re-send after a redirect.
    const posted = await fetch(`${server.url}/v1/translate/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ text: "Good morning.", source_lang: "en", target_lang: "es" }),
    });
    expect(posted.status, await posted.clone().text()).toBe(200);
  });

  it("dot segments: resolved inside /v1, a 404 in the error shape when they climb out (was an HTML 404)", async () => {
    expectErrorShape(await raw(`GET /v1/x/../../y HTTP/1.1\r\n${auth()}`), 404, "not_found");
    expectErrorShape(await raw(`GET /v1/%2e%2e/api/auth/session HTTP/1.1`), 404, "not_found");
    for (const path of ["/v1/x/../me", "/v1//me", "/v1/./me/"]) {
      const inside = await raw(`GET ${path} HTTP/1.1\r\n${auth()}`);
      expect(inside.status, `${path}: ${inside.body}`).toBe(200);
    }
  });

  it("a body shorter than its Content-Length → 400 saying so (was an empty 400)", async () => {
    const r = await raw(
      `POST /v1/translate HTTP/1.1\r\n${auth()}\r\nContent-Type: application/json\r\nContent-Length: 100`,
      {
        body: '{"text":"a',
        halfClose: true,
      },
    );
    expect(expectErrorShape(r, 400, "bad_request").message).toContain("Content-Length");
    // The server's log line of that request carries the id the client was given.
    const id = r.headers["x-request-id"] ?? "";
    for (let i = 0; i < 50 && !server.output().includes(id); i++) await new Promise((res) => setTimeout(res, 100));
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes(id) && l.includes('"msg":"request"'));
    expect(line, "an access-log line with the request id").toBeDefined();
    expect(JSON.parse(line ?? "{}")).toMatchObject({ route: "/v1/translate", status: 400 });
  });

  it("a 20 KB header → 431 in the error shape (was Node's bodiless 431)", async () => {
    const r = await raw(`GET /v1/me HTTP/1.1\r\n${auth()}\r\nX-Big: ${"a".repeat(20 * 1024)}`);
    expectErrorShape(r, 431, "headers_too_large");
  });

  it("/v1 itself and unknown paths → 404; a method no route has → 405 with Allow (was an HTML 404, an empty 400)", async () => {
    expectErrorShape(await raw(`GET /v1 HTTP/1.1`), 404, "not_found");
    expectErrorShape(await raw(`GET /v1/nope HTTP/1.1`), 404, "not_found");
    const propfind = await raw(`PROPFIND /v1/me HTTP/1.1\r\n${auth()}`);
    expectErrorShape(propfind, 405, "method_not_allowed");
    expect(propfind.headers.allow).toContain("GET");
    const del = await raw(`DELETE /v1/me HTTP/1.1\r\n${auth()}`);
    expectErrorShape(del, 405, "method_not_allowed");
    expect(del.headers.allow).toBe("GET");
  });

  it("an address past the per-address limit gets 429 from the edge too; another address is still answered", async () => {
    const from = (address: string) => `GET /v1/glossaries/%ff HTTP/1.1\r\nX-Forwarded-For: ${address}`;
    // The limit counts in fixed 60-second windows: if the requests straddle a window's end, the
    // count starts again, so the refusal comes within two windows' worth, after at least 60.
    const replies: RawReply[] = [];
    while (replies.length < 121 && replies.at(-1)?.status !== 429) replies.push(await raw(from("203.0.113.7")));
    const refused = replies.at(-1) as RawReply;
    expect(replies.length).toBeGreaterThan(60);
    expect(replies.slice(0, -1).every((r) => r.status === 400)).toBe(true);
    expect(refused.status, refused.body).toBe(429);
    expect((JSON.parse(refused.body) as { error: { code: string; type: string } }).error).toMatchObject({
      code: "rate_limit_exceeded",
      type: "rate_limit_error",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expectErrorShape(await raw(from("203.0.113.8")), 400, "bad_request");
  });

  it("leaves the console's paths to Next.js", async () => {
    const r = await fetch(`${server.url}/login/`, { redirect: "manual" });
    expect(r.status).toBe(308);
  });
});

interface Interim {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** POSTs a document (synchronous unless `async`) with node:http, collecting 1xx answers; `abortOnHint` drops the connection at the first. */
function postDocument(
  options: { abortOnHint?: boolean; async?: boolean } = {},
): Promise<{ interim: Interim[]; final?: { status: number; headers: Record<string, unknown>; body: string } }> {
  const boundary = "----tolk-edge";
  const body = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nThe house is big. The cat sleeps in the garden.\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="source_lang"\r\n\r\nen\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="target_lang"\r\n\r\nes\r\n`,
    `--${boundary}--\r\n`,
  ].join("");
  return new Promise((resolve, reject) => {
    const interim: Interim[] = [];
    const req = request(
      `${server.url}/v1/translate/document`,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key}`,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          ...(options.async ? { Prefer: "respond-async" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () =>
          resolve({ interim, final: { status: res.statusCode ?? 0, headers: res.headers, body: text } }),
        );
      },
    );
    req.on("information", (info) => {
      interim.push({ status: info.statusCode, headers: info.headers });
      if (options.abortOnHint) {
        req.destroy();
        resolve({ interim });
      }
    });
    req.on("error", (err) => (options.abortOnHint && interim.length > 0 ? undefined : reject(err)));
    req.end(body);
  });
}

const getJson = async (path: string) =>
  (await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
    data: Record<string, unknown>;
  };

describe("a synchronous document announces its job", () => {
  it("sends 103 Early Hints with X-Job-Id and Location before the result, and both on the result", async () => {
    const { interim, final } = await postDocument();
    expect(interim.map((i) => i.status)).toEqual([103]);
    const jobId = String(interim[0]?.headers["x-job-id"]);
    expect(jobId).toMatch(/^job_/);
    expect(interim[0]?.headers.location).toBe(`/v1/translate/${jobId}`);
    expect(final?.status, final?.body).toBe(200);
    expect(final?.headers["x-job-id"]).toBe(jobId);
    expect(final?.headers.location).toBe(`/v1/translate/${jobId}`);
    expect((JSON.parse(final?.body ?? "{}") as { data: { job_id: string } }).data.job_id).toBe(jobId);
  });

  it("a client that disconnects after the hint finds its job, completed and billed once, at Location", async () => {
    const before = (await getJson("/v1/quota")).data as { credits: { consumed: number } };
    const { interim, final } = await postDocument({ abortOnHint: true });
    expect(final).toBeUndefined();
    const location = String(interim[0]?.headers.location);
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) {
      job = (await getJson(location)).data;
      if (job.status !== "processing" && job.status !== "created") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job.status).toBe("completed");
    const after = (await getJson("/v1/quota")).data as { credits: { consumed: number } };
    expect(after.credits.consumed - before.credits.consumed).toBe(job.credits_used);
    expect(job.credits_used).toBeGreaterThan(0);
  });

  it("a queued document gets no 103: its 202 carries the headers at once", async () => {
    const { interim, final } = await postDocument({ async: true });
    expect(interim).toEqual([]);
    expect(final?.status, final?.body).toBe(202);
    const jobId = (JSON.parse(final?.body ?? "{}") as { data: { job_id: string } }).data.job_id;
    expect(final?.headers["x-job-id"]).toBe(jobId);
    expect(final?.headers.location).toBe(`/v1/translate/${jobId}`);
  });
});
