// The HTTP edge of the custom server (server.mjs): what Node's parser or Next.js's router would
// otherwise answer in their own shapes (an empty 400, a bodiless 431, a text/plain 500, a 308, an
// HTML 404). Plain JavaScript so `node server.mjs` needs no build step or TypeScript loader.
import { randomUUID } from "node:crypto";

/**
 * The error body of every /v1 answer, as apps/web/src/server/v1/respond.ts builds it (that one
 * runs inside Next.js's bundle, this one before a request reaches it).
 */
export function errorReply(status, code, message, extra = {}) {
  const requestId = extra.requestId ?? randomUUID();
  const type = extra.type ?? (status >= 500 ? "api_error" : "invalid_request_error");
  const body = JSON.stringify({
    error: { code, message, type, request_id: requestId, ...(extra.param ? { param: extra.param } : {}) },
  });
  return {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      "X-Request-Id": requestId,
      "Cache-Control": "no-store, no-transform",
      ...extra.headers,
    },
    body,
  };
}

/**
 * A reply of the edge with the per-address limit applied, as a failed authentication is limited:
 * its X-RateLimit-* headers, or the 429 when the address is over the limit. The limiter is the
 * app's (src/server/edge-limit.ts registers it once the app has started); until then, or when its
 * store fails, the reply goes out as it is. `forwardedFor` is X-Forwarded-For as Next.js fills
 * it: the socket's address when the request came without one.
 */
export async function limitReply(reply, forwardedFor, realIp) {
  const limit = globalThis[Symbol.for("tolk.edgeLimit")];
  if (typeof limit !== "function") return reply;
  let decision;
  try {
    decision = await limit(forwardedFor ?? null, realIp ?? null);
  } catch {
    return reply;
  }
  const requestId = reply.headers["X-Request-Id"];
  if (decision.refusal) {
    const { status, code, message, type, headers } = decision.refusal;
    return errorReply(status, code, message, { requestId, type, headers });
  }
  return { ...reply, headers: { ...reply.headers, ...decision.headers } };
}

/** The methods Next.js routes to a route handler; any other reaches no /v1 code. */
export const ROUTED_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

const isV1 = (path) => path === "/v1" || path.startsWith("/v1/");

/** A segment that is `.` or `..`, also percent-encoded (`%2e`, `.%2E`, …), as URL parsers read it. */
function dotSegment(segment) {
  const plain = segment.replace(/%2e/giu, ".");
  return plain === "." || plain === ".." ? plain : null;
}

/**
 * What the edge does with a request before Next.js sees it: `{ url }` to hand on (maybe rewritten),
 * or `{ reply }` to answer at once. Only /v1 paths are touched; the console's are Next.js's own.
 *
 * - A trailing slash is served as the path without it, and `//` as `/` (Next.js would redirect
 *   with a 308, which a client that POSTs does not follow with its body).
 * - Dot segments are resolved as every URL parser does; a path that climbs out of /v1
 *   (`/v1/x/../../y`) is a 404 here, never a console page or Next.js's HTML 404.
 * - A segment that is not valid percent-encoded UTF-8 (`%ff`) is a 400 naming the path (Next.js
 *   failed to decode it and answered a text/plain 500).
 * - A method Next.js does not route (PROPFIND, TRACE, …) is a 405 (Next.js's is an empty 400).
 */
export function edgeRequest(method, rawUrl) {
  // The absolute form (`GET http://host/v1/me`) names the same path; Next.js takes the Host header.
  const target = rawUrl.slice(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/iu.exec(rawUrl)?.[0].length ?? 0);
  const query = target.indexOf("?");
  const rawPath = query === -1 ? target : target.slice(0, query);
  const search = query === -1 ? "" : target.slice(query);
  if (!isV1(rawPath.replace(/%2e/giu, "."))) return { url: rawUrl };

  const segments = [];
  for (const segment of rawPath.split("/").slice(1)) {
    const dots = dotSegment(segment);
    if (dots === "..") segments.pop();
    // An empty segment (a trailing slash, `//`) is dropped: Next.js would redirect.
    else if (dots === null && segment !== "") segments.push(segment);
  }
  const path = `/${segments.join("/")}`;
  if (!isV1(path))
    return { reply: errorReply(404, "not_found", `The endpoint ${rawPath} does not exist (it resolves outside /v1).`) };

  for (const segment of segments) {
    try {
      decodeURIComponent(segment);
    } catch {
      return {
        reply: errorReply(400, "bad_request", `The path segment '${segment}' is not valid percent-encoded UTF-8.`, {
          param: "path",
        }),
      };
    }
  }
  if (!ROUTED_METHODS.includes(method)) {
    return {
      reply: errorReply(
        405,
        "method_not_allowed",
        `The /v1 API has no ${method} method. Allowed methods: ${ROUTED_METHODS.join(", ")}.`,
        {
          headers: { Allow: ROUTED_METHODS.join(", ") },
        },
      ),
    };
  }
  return { url: path + search };
}

/**
 * The answer to a request Node's HTTP parser refused before any handler ran, in the error shape
 * (Node's own is bodiless), or null when the connection is past answering.
 */
export function parserErrorReply(err, requestId) {
  const reply = (status, code, message) => errorReply(status, code, message, { requestId });
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return reply(
        431,
        "headers_too_large",
        "The request's headers are too large (at most 16 KB in all): send fewer or shorter headers.",
      );
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return reply(413, "payload_too_large", "The request's chunk extensions are too large.");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return reply(408, "request_timeout", "The request was not received in time.");
    case "HPE_INVALID_EOF_STATE":
      return reply(
        400,
        "bad_request",
        "The request body ended before its Content-Length: send the whole body, or a Content-Length that matches it.",
      );
    case "ECONNRESET":
    case "EPIPE":
      return null;
    default:
      return reply(400, "bad_request", `The request is not valid HTTP/1.1 (${err.code ?? "unparsable"}).`);
  }
}

/** Writes a reply on a socket whose request never became a response, then closes it. */
export function writeToSocket(socket, reply) {
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_TEXT[reply.status] ?? "Error"}`, "Connection: close"];
  for (const [name, value] of Object.entries(reply.headers)) head.push(`${name}: ${value}`);
  socket.end(`${head.join("\r\n")}\r\n\r\n${reply.body}`);
}

const STATUS_TEXT = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Payload Too Large",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
};
