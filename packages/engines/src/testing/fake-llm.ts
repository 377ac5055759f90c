// A stand-in for an LLM server in tests that need an engine for languages Apertium lacks (there is
// no model to run offline): OpenAI's chat-completions wire, real HTTP on a local port.
import { type Server, type ServerResponse, createServer } from "node:http";
import { type AddressInfo } from "node:net";

export interface FakeLlm {
  /** LLM_BASE_URL for it. */
  baseUrl: string;
  /** The model and Authorization header of the last completion. */
  seen: { model?: string; auth?: string };
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions server on a local port: each segment of the request's
 * JSON array comes back as `translate(segment)`, so an instance with LLM_BASE_URL pointing here
 * serves every pair, those Apertium lacks included.
 */
export async function startFakeLlm(translate: (segment: string) => string): Promise<FakeLlm> {
  const seen: FakeLlm["seen"] = {};
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      // No GET /models, like several compatible servers: readiness then pings a completion.
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        sendJson(res, 404, { error: { message: `no route ${req.method ?? ""} ${path}` } });
        return;
      }
      const body = parseCompletion(raw);
      if (!body) {
        sendJson(res, 400, { error: { message: "the body is not a chat completion request" } });
        return;
      }
      seen.model = body.model;
      seen.auth = req.headers.authorization;
      const segments = segmentsOf(body.messages.at(-1)?.content ?? "[]");
      const content = segments ? JSON.stringify(segments.map(translate)) : "pong";
      sendJson(res, 200, { choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Completion {
  model: string;
  messages: { role: string; content: string }[];
}

function parseCompletion(raw: string): Completion | null {
  try {
    const body = JSON.parse(raw) as Partial<Completion> | null;
    return body && typeof body.model === "string" && Array.isArray(body.messages) ? (body as Completion) : null;
  } catch {
    return null;
  }
}

/** The JSON array of segments Tolk's prompt ends with, or null for any other message (a health ping). */
function segmentsOf(content: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(content);
    return Array.isArray(parsed) && parsed.every((s) => typeof s === "string") ? parsed : null;
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}
