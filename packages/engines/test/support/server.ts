// A tiny HTTP server on 127.0.0.1 for the engine tests: records every request and lets the
// test script misbehaviours. Real sockets, real fetch: nothing of fetch is mocked.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, without "?". */
  query: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  /** When the request arrived (Date.now()). */
  at: number;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (request: RecordedRequest, res: ServerResponse) => void;

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = text === "" ? undefined : (JSON.parse(text) as unknown);
      } catch {
        body = undefined;
      }
      const recorded = {
        method: req.method ?? "",
        path: (req.url ?? "").split("?")[0] ?? "",
        query: (req.url ?? "").split("?")[1] ?? "",
        headers: req.headers,
        body,
        at: Date.now(),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

const DICTIONARY: Readonly<Record<string, string>> = {
  hello: "hola",
  world: "mundo",
  good: "buenos",
  morning: "días",
  the: "el",
  cat: "gato",
  click: "haga clic",
  here: "aquí",
};

/**
 * The fake engines' "translation": dictionary words are replaced, other words uppercased;
 * protected placeholders (⟦0⟧) and tags (<b>) pass through untouched. Deterministic.
 */
export function fakeTranslate(text: string): string {
  return text
    .split(/(⟦\d+⟧|<[^>]*>)/u)
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(/\p{L}+/gu, (word) => DICTIONARY[word.toLowerCase()] ?? word.toUpperCase()),
    )
    .join("");
}

/** A free port: a server that was started and closed again (connections to it are refused). */
export async function closedPortUrl(): Promise<string> {
  const server = await startServer(() => undefined);
  await server.close();
  return server.url;
}
