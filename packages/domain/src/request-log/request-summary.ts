import { type RequestSummary } from "@tolk/db";

/**
 * What the request log keeps of a request's parameters: enough to see what was asked (the
 * languages, the options, which glossary, the start of each text), never the whole text and never
 * a secret. One rule for every door (the APIs and the console).
 */
export const SUMMARY_LIMITS = {
  /** Characters of a string value kept; the rest is counted, not stored. */
  excerpt: 40,
  /** Items of an array (texts of a batch, glossary ids) kept. */
  items: 5,
  /** Keys of an object kept. */
  keys: 30,
  /** Nesting kept; deeper values are replaced by their kind. */
  depth: 4,
  /** Characters of the stored summary as JSON, at most. */
  totalChars: 4000,
} as const;

/** Parameter names whose values are credentials (DeepL's `auth_key`, LibreTranslate's `api_key`, …). */
const SECRET_NAME = /(auth|api)[_-]?key|token|secret|password|passwd|authorization|signature|credential|cookie/i;

/** Credentials pasted into a value: Tolk's keys and JSON Web Tokens. */
const SECRET_VALUE = /svc_[0-9A-Za-z]{36}|eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g;

export const REDACTED = "[redacted]";

/**
 * What PostgreSQL can store: it refuses the NUL character in text and jsonb, and unpaired
 * surrogates in JSON, and one such value would lose the whole batch of log entries it is
 * written with. Error messages quote what was sent ("'k\u0000' must not contain …") too.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what must be matched.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const storable = (text: string) => text.replace(UNSTORABLE, "\uFFFD");

function excerpt(value: string, limit: number): string {
  // Only the head is read: a text of megabytes costs what a short one does. The head is long
  // enough that a credential starting within the excerpt is whole in it, and so replaced.
  const raw = value.slice(0, limit * 2 + 100);
  const head = storable(raw.replace(SECRET_VALUE, REDACTED));
  const chars = Array.from(head);
  if (raw.length === value.length && chars.length <= limit) return head;
  // The length in UTF-16 units, as JavaScript counts it: exact for most scripts, and no second pass.
  return `${chars.slice(0, limit).join("").trimEnd()}… (${value.length} characters)`;
}

function summarizeValue(value: unknown, depth: number, excerptChars: number): unknown {
  if (typeof value === "string") return excerpt(value, excerptChars);
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "object") return `(${typeof value})`;
  if (depth >= SUMMARY_LIMITS.depth) return Array.isArray(value) ? `(${value.length} items)` : "(object)";
  if (Array.isArray(value)) {
    const kept = value.slice(0, SUMMARY_LIMITS.items).map((item) => summarizeValue(item, depth + 1, excerptChars));
    return value.length > SUMMARY_LIMITS.items ? [...kept, `… ${value.length - SUMMARY_LIMITS.items} more`] : kept;
  }
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [key, child] of entries.slice(0, SUMMARY_LIMITS.keys)) {
    out[storable(key)] = SECRET_NAME.test(key) ? REDACTED : summarizeValue(child, depth + 1, excerptChars);
  }
  if (entries.length > SUMMARY_LIMITS.keys) out["…"] = `${entries.length - SUMMARY_LIMITS.keys} more keys`;
  return out;
}

/**
 * A bounded, redacted copy of a request's parameters (a parsed JSON body, a form, a tRPC
 * input). When even the short excerpts exceed the total, they are shortened, then the summary
 * says only how large the request was.
 */
export function summarizeRequest(value: unknown): RequestSummary {
  for (const excerptChars of [SUMMARY_LIMITS.excerpt, 12, 0]) {
    const summarized = summarizeValue(value, 0, excerptChars);
    const summary: RequestSummary =
      summarized !== null && typeof summarized === "object" && !Array.isArray(summarized)
        ? (summarized as RequestSummary)
        : { body: summarized };
    if (JSON.stringify(summary).length <= SUMMARY_LIMITS.totalChars) return summary;
  }
  return { body: "(too large to summarize)" };
}

/** Bodies parsed just for the log at most this large; a larger one is described by its size. */
const MAX_PARSED_BYTES = 256 * 1024;

/**
 * The summary of a raw request body, by its content type: JSON and URL-encoded forms by their
 * parameters; a multipart form (an upload) and anything else by its size, since parsing a
 * document again only for the log would cost as much as the request. `parsed` is the JSON value
 * the route already parsed, when it did.
 */
export function summarizeRequestBody(
  contentType: string | null,
  bytes: Uint8Array,
  parsed?: unknown,
): RequestSummary | null {
  if (parsed !== undefined) return summarizeRequest(parsed);
  if (bytes.byteLength === 0) return null;
  const type = (contentType ?? "").toLowerCase();
  const size = { body: `(${bytes.byteLength} bytes${type ? `, ${type.split(";")[0]?.trim()}` : ""})` };
  if (bytes.byteLength > MAX_PARSED_BYTES) return size;
  const text = () => new TextDecoder().decode(bytes);
  if (type.startsWith("application/json") || type === "") {
    try {
      return summarizeRequest(JSON.parse(text()));
    } catch {
      return { body: `(not valid JSON) ${excerpt(text(), SUMMARY_LIMITS.excerpt)}` };
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const form: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(text())) {
      const prior = form[name];
      form[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
    }
    return summarizeRequest(form);
  }
  return size;
}
