// Tolk's production server: Node's HTTP server in front of Next.js's request handler (the one
// `next start` uses), so that what Node's parser and Next's router answer by themselves (a header
// block too large, a body shorter than its Content-Length, `%ff` in a path, a trailing slash, a
// path climbing out of /v1) is answered in the /v1 error shape (server-edge.mjs). Everything else
// goes to Next.js unchanged. SIGTERM/SIGINT stay with Tolk's own drain (src/server/lifecycle.ts):
// Next.js installs no signal handlers in a custom server.
//
//   node server.mjs [-p PORT] [-H HOSTNAME] [--keepAliveTimeout MS]
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { parseArgs } from "node:util";

import { edgeRequest, errorReply, limitReply, parserErrorReply, writeToSocket } from "./server-edge.mjs";

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

// Each request's raw response and request id, for the /v1 pipeline (src/server/v1/edge-context.ts):
// a route that sends an interim (1xx) answer before its final one needs the raw response, and
// the id is the pipeline's too. On globalThis, under a registered symbol, because the routes live
// in Next's bundle.
const edgeContext = new AsyncLocalStorage();
globalThis[Symbol.for("tolk.edgeContext")] = edgeContext;

// Responses not yet fully written, for the shutdown (src/server/lifecycle.ts): a route returns its
// Response before Node has sent the body, and an exit then would cut a large body short.
let openResponses = 0;
globalThis[Symbol.for("tolk.openResponses")] = () => openResponses;

// The request being answered on each connection, so a parser error that arrives mid-request (a
// body cut short) is answered, with that request's id, only while nothing of its response was sent.
const current = new WeakMap();

const server = createServer(onRequest);
// An idle keep-alive connection is closed by its client, not by us: a server that closes one
// just as the client sends its next request on it (Node's default is 5 s, as is many clients'
// idle timeout, and a saturated CPU widens that moment) drops that request with no answer
// ("socket hang up"). 65 s outlasts the idle timeouts of common clients and proxies (most
// follow the `Keep-Alive: timeout` hint minus a margin); headers must still arrive in time.
server.keepAliveTimeout = Number(values.keepAliveTimeout ?? 65_000);
server.headersTimeout = Math.max(server.headersTimeout, server.keepAliveTimeout + 1_000);

// After `process.env.NODE_ENV` is set: Next.js and React pick their builds when they load.
const { default: next } = await import("next");
const app = next({ dev: false, dir: import.meta.dirname, port, hostname, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();

async function onRequest(req, res) {
  openResponses++;
  res.once("close", () => openResponses--);
  const edge = edgeRequest(req.method ?? "GET", req.url ?? "/");
  if (edge.reply) {
    const reply = await limitReply(edge.reply, forwardedFor(req), req.headers["x-real-ip"]);
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
    return;
  }
  req.url = edge.url;
  const context = { req, res, requestId: randomUUID() };
  current.set(req.socket, context);
  res.once("close", () => current.get(req.socket) === context && current.delete(req.socket));
  try {
    await edgeContext.run(context, () => handle(req, res));
  } catch (err) {
    // Next.js's own failure (its route handlers answer their errors themselves).
    const { requestId } = context;
    console.error(
      JSON.stringify({
        level: "error",
        time: new Date().toISOString(),
        request_id: requestId,
        url: req.url,
        err: String(err?.stack ?? err),
        msg: "request failed",
      }),
    );
    if (res.headersSent) return void res.destroy();
    const reply = errorReply(500, "internal_error", "An unexpected error occurred.", { requestId });
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  }
}

/** X-Forwarded-For as Next.js fills it (base-server: the socket's address when absent). */
const forwardedFor = (req) => req.headers["x-forwarded-for"] ?? req.socket.remoteAddress;

server.on("clientError", async (err, socket) => {
  const context = current.get(socket);
  const reply = socket.writable && !context?.res.headersSent ? parserErrorReply(err, context?.requestId) : null;
  if (!reply) return void socket.destroy();
  // A request refused before its headers were read has only its socket's address.
  const limited = await limitReply(
    reply,
    context ? forwardedFor(context.req) : socket.remoteAddress,
    context?.req.headers["x-real-ip"],
  );
  if (socket.writable) writeToSocket(socket, limited);
  else socket.destroy();
});

server.on("error", (err) => {
  console.error(
    JSON.stringify({
      level: "fatal",
      time: new Date().toISOString(),
      err: String(err?.stack ?? err),
      msg: "cannot listen",
    }),
  );
  process.exit(1);
});

server.listen(port, hostname, () => {
  const address = server.address();
  console.log(
    JSON.stringify({ level: "info", time: new Date().toISOString(), port: address?.port ?? port, msg: "listening" }),
  );
});
