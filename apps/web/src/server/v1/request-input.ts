import { type z } from "zod";

import { TolkError, badRequest, invalidInput } from "@tolk/domain";

// JSON bodies are small; documents (multipart) get their own, per-format limits.
export const MAX_JSON_BODY_BYTES = 5 * 1024 * 1024;

export const payloadTooLarge = (maxBytes: number) =>
  new TolkError(413, "payload_too_large", "invalid_request_error", `The request body exceeds ${maxBytes} bytes.`);

/**
 * Reads the body, counting bytes as they arrive (a Content-Length may be absent or lie). With a
 * Content-Length the bytes go straight into one buffer of that size, so a 5 MB upload is not
 * also held as the chunks it arrived in; without one (or past it) they are gathered and joined.
 */
export async function readBodyBytes(
  req: Request,
  maxBytes: number,
  tooLarge: (maxBytes: number) => TolkError = payloadTooLarge,
): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return new Uint8Array();
  let sized = Number.isSafeInteger(declared) && declared > 0 ? new Uint8Array(declared) : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch((err: unknown) => {
      // The client's connection ended inside the body (fewer bytes than its Content-Length, or
      // a reset): its fault, not the server's. Usually nobody is left to read the answer; the
      // custom server (server.mjs) has already answered such a cut-short body.
      throw badRequest(
        `The request body could not be read to its end (${err instanceof Error ? err.message : String(err)}).`,
      );
    });
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    if (sized && total + value.byteLength > sized.length) {
      // More than declared: gathered from here on.
      chunks.push(sized.subarray(0, total));
      sized = undefined;
    }
    if (sized) sized.set(value, total);
    else chunks.push(value);
    total += value.byteLength;
  }
  if (sized) return total === sized.length ? sized : sized.subarray(0, total);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * PostgreSQL's text cannot hold U+0000, so a NUL anywhere in the input would fail deep in the
 * database as a 500; it is refused at the edge instead, naming where it was.
 */
export const nulCharacter = (param: string) =>
  badRequest(`'${param || "body"}' must not contain the NUL character (U+0000).`, param || undefined);

/**
 * Deepest nesting of arrays and objects a JSON body may have: every request schema nests a few
 * levels; code that walks a value recursively (validation, logging, JSON.stringify) would
 * overflow the stack on a body nested 100,000 deep.
 */
export const MAX_JSON_NESTING = 64;

const tooDeep = () =>
  badRequest(`The request body is nested more than ${MAX_JSON_NESTING} levels deep; that is the limit.`);

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
  depth: number;
}

const pathOf = (visit: Visit, last?: string): string[] => {
  const path: string[] = last === undefined ? [] : [last];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) path.unshift(v.key);
  return path;
};

/**
 * The path (keys and indexes) to the first string or key holding a NUL, or null; a body nested
 * beyond MAX_JSON_NESTING is refused. Iterative (an explicit stack), so no input depth reaches
 * the call stack.
 */
function pathToNul(root: unknown): string[] | null {
  const stack: Visit[] = [{ value: root, key: "", parent: null, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value, depth } = visit;
    if (typeof value === "string") {
      if (value.includes("\0")) return pathOf(visit);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_NESTING) throw tooDeep();
    const children: Visit[] = [];
    if (Array.isArray(value))
      value.forEach((child, i) => children.push({ value: child, key: String(i), parent: visit, depth: depth + 1 }));
    else {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\0")) return pathOf(visit, key);
        children.push({ value: child, key, parent: visit, depth: depth + 1 });
      }
    }
    // Reversed, so the first NUL in document order is the one named.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Visit);
  }
  return null;
}

/** `onParsed` sees the JSON value before it is checked (the request log summarizes it, valid or not). */
export function parseJsonBody<T>(bytes: Uint8Array, schema: z.ZodType<T>, onParsed?: (value: unknown) => void): T {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  onParsed?.(value);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object.");
  }
  const nulAt = pathToNul(value);
  if (nulAt !== null) throw nulCharacter(nulAt.join("."));
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error, "body");
  return parsed.data;
}

export function parseQuery<T>(url: URL, schema: z.ZodType<T>): T {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k.includes("\0") || v.includes("\0")) throw nulCharacter(k);
    raw[k] = v;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "query");
  return parsed.data;
}

/**
 * The caller's address for unauthenticated limits. Each reverse proxy appends the address it got
 * the request from to X-Forwarded-For, and `next start` fills the header with the socket's
 * address when a request comes without one; entries further left were written by the client and
 * prove nothing (taking the first let a client pick a fresh bucket per request). So the address is
 * the entry `proxyHops` from the right end (1: what the nearest proxy, or `next start`, recorded;
 * 2 behind a CDN and a load balancer). A shorter header falls back to its leftmost entry, and
 * none to X-Real-IP.
 */
export function clientAddress(req: Request, proxyHops: number): string {
  return addressFromHeaders(req.headers.get("x-forwarded-for"), req.headers.get("x-real-ip"), proxyHops);
}

/** clientAddress's rule on the raw header values (the custom server's edge has no Request). */
export function addressFromHeaders(forwardedFor: string | null, realIp: string | null, proxyHops: number): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries[Math.max(0, entries.length - proxyHops)] ?? (realIp || "unknown");
}
