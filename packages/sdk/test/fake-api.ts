import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { type AddressInfo } from "node:net";

/** One request the fake API received. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** What the fake API does with a request: answer it, cut the connection, or never answer. */
export type Reply =
  | { status: number; json?: unknown; body?: string | Uint8Array; headers?: Record<string, string> }
  | { destroy: true }
  | { hang: true };

/**
 * A local HTTP server that records every request and answers from a script (one reply per
 * request, in order; the last one repeats), so tests count calls and read headers instead of
 * timing anything.
 */
export async function fakeApi(script: Reply[] | ((req: Received) => Reply)) {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const entry: Received = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(entry);
      const reply =
        typeof script === "function"
          ? script(entry)
          : (script[Math.min(received.length, script.length) - 1] ?? { status: 500 });
      if ("destroy" in reply) return void req.socket.destroy();
      if ("hang" in reply) return void hanging.add(res);
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? "");
      res.writeHead(reply.status, {
        ...(reply.json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...reply.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const REQUEST_ID = "6f1c1f5e-9a43-4f61-8d7e-2b1d6f0a7c11";
export const meta = { request_id: REQUEST_ID };

export function ok(data: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, json: { data, meta }, headers: { "X-Request-Id": REQUEST_ID, ...headers } };
}

export function apiError(
  status: number,
  code: string,
  type: string,
  headers: Record<string, string> = {},
  param?: string,
): Reply {
  return {
    status,
    json: { error: { code, message: `${code} happened`, type, request_id: REQUEST_ID, ...(param ? { param } : {}) } },
    headers: { "X-Request-Id": REQUEST_ID, ...headers },
  };
}
