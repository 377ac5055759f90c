// Tolk's production server: Node's HTTP server in front of Next.js's request handler (the one
// `next start` uses), so that what Node's parser and Next's router answer by themselves (a header
// block too large, a body shorter than its Content-Length, `%ff` in a path, a trailing slash, a
// path climbing out of /v1) is answered in the /v1 error shape (server-edge.js). Everything else
// goes to Next.js unchanged. SIGTERM/SIGINT stay with Tolk's own drain (src/server/lifecycle.ts):
// Next.js installs no signal handlers in a custom server.
//
//   node server.js [-p PORT] [-H HOSTNAME] [--keepAliveTimeout MS]
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { parseArgs } from "node:util";

import { edgeRequest, errorReply, parserErrorReply, writeToSocket } from "./server-edge.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;
// Read by src/env.ts (TOLK_PUBLIC_URL's default), as under `next start`.
process.env.PORT = String(port);
process.env.NODE_ENV ??= "production";
// Tells src/server/lifecycle.ts that the signals are Tolk's (a custom server leaves them alone).
process.env.NEXT_MANUAL_SIG_HANDLE ??= "true";

// The raw response of the request being handled, for a route that sends an interim (1xx)
// response before its final one (src/server/v1/early-hints.ts): a route handler's Response
// cannot. On globalThis, under a registered symbol, because the routes live in Next's bundle.
const rawResponses = new AsyncLocalStorage();
globalThis[Symbol.for("tolk.rawResponse")] = rawResponses;

// The response being written on each connection, so a parser error that arrives mid-request (a
// body cut short) is answered only while nothing of that response was sent.
const current = new WeakMap();

const server = createServer(onRequest);
if (values.keepAliveTimeout) server.keepAliveTimeout = Number(values.keepAliveTimeout);

// After `process.env.NODE_ENV` is set: Next.js and React pick their builds when they load.
const { default: next } = await import("next");
const app = next({ dev: false, dir: import.meta.dirname, port, hostname, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();

async function onRequest(req, res) {
  const edge = edgeRequest(req.method ?? "GET", req.url ?? "/");
  if (edge.reply) {
    res.writeHead(edge.reply.status, edge.reply.headers);
    res.end(edge.reply.body);
    return;
  }
  req.url = edge.url;
  current.set(req.socket, res);
  res.once("close", () => current.get(req.socket) === res && current.delete(req.socket));
  try {
    await rawResponses.run(res, () => handle(req, res));
  } catch (err) {
    // Next.js's own failure (its route handlers answer their errors themselves).
    const requestId = randomUUID();
    console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), request_id: requestId, url: req.url, err: String(err?.stack ?? err), msg: "request failed" }));
    if (res.headersSent) return void res.destroy();
    const reply = errorReply(500, "internal_error", "An unexpected error occurred.", { requestId });
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  }
}

server.on("clientError", (err, socket) => {
  const res = current.get(socket);
  const reply = socket.writable && !res?.headersSent ? parserErrorReply(err) : null;
  if (reply) writeToSocket(socket, reply);
  else socket.destroy();
});

server.on("error", (err) => {
  console.error(JSON.stringify({ level: "fatal", time: new Date().toISOString(), err: String(err?.stack ?? err), msg: "cannot listen" }));
  process.exit(1);
});

server.listen(port, hostname, () => {
  const address = server.address();
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), port: address?.port ?? port, msg: "listening" }));
});
