// A stand-in for an LLM server in tests that need an engine for languages Apertium lacks (there is
// no model to run offline): OpenAI's chat-completions wire, real HTTP on a local port.
import { type Server, createServer } from "node:http";
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
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      seen.model = body.model;
      seen.auth = req.headers.authorization;
      const segments = JSON.parse(body.messages.at(-1)?.content ?? "[]") as string[];
      const content = JSON.stringify(segments.map(translate));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
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
