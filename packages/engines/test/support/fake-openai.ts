// A fake OpenAI-compatible server: POST /chat/completions "translates" the JSON array of the
// user message with fakeTranslate and answers with a JSON array, unless the test queued a
// misbehaviour for the next completions; GET /models lists the models it was given.
import { fakeTranslate, type RecordedRequest, sendJson, startServer, type TestServer } from "./server";

export type Misbehaviour =
  /** Answer with this HTTP status (and headers, body). */
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown }
  /** The message content is this text, verbatim. */
  | { kind: "content"; content: string }
  /** One translation too few. */
  | { kind: "wrong-count" }
  /** The array inside a ```json code fence. */
  | { kind: "fenced" }
  /** The array inside {"translations": [...]}. */
  | { kind: "wrapped" }
  /** The translations joined as plain text, no JSON. */
  | { kind: "plain" }
  /** Never answer. */
  | { kind: "hang" }
  /** Close the connection without an answer. */
  | { kind: "drop" };

export interface FakeOpenAi extends TestServer {
  /** Misbehaviours for the next completions, one each, in order. */
  queue: Misbehaviour[];
  /** The POST /chat/completions requests so far. */
  completions(): RecordedRequest[];
  /** Status of GET /models (default 200). */
  modelsStatus: number;
}

interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
}

function isChatBody(body: unknown): body is ChatBody {
  if (!body || typeof body !== "object") return false;
  const { model, messages } = body as { model?: unknown; messages?: unknown };
  return (
    typeof model === "string" &&
    Array.isArray(messages) &&
    messages.every(
      (m: unknown) => !!m && typeof m === "object" && typeof (m as { content?: unknown }).content === "string",
    )
  );
}

/** The segments of a chat request: the user message parsed as a JSON array of strings. */
export function segmentsOf(request: RecordedRequest): string[] {
  if (!isChatBody(request.body)) throw new Error("not a chat completion");
  const user = request.body.messages.find((m) => m.role === "user");
  const parsed = JSON.parse(user?.content ?? "null") as unknown;
  if (!Array.isArray(parsed) || !parsed.every((s): s is string => typeof s === "string"))
    throw new Error("user content is not a JSON array of strings");
  return parsed;
}

export function systemOf(request: RecordedRequest): string {
  if (!isChatBody(request.body)) throw new Error("not a chat completion");
  return request.body.messages.find((m) => m.role === "system")?.content ?? "";
}

export async function startFakeOpenAi(
  models: string[] = ["mini-model", "standard-model", "premium-model"],
): Promise<FakeOpenAi> {
  const queue: Misbehaviour[] = [];
  const state = { modelsStatus: 200 };
  const server = await startServer((request, res) => {
    if (request.method === "GET" && request.path === "/v1/models") {
      if (state.modelsStatus !== 200)
        return sendJson(res, state.modelsStatus, { error: { message: "no models here" } });
      return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model" })) });
    }
    if (request.method !== "POST" || request.path !== "/v1/chat/completions")
      return sendJson(res, 404, { error: { message: "not found" } });
    if (!isChatBody(request.body)) return sendJson(res, 400, { error: { message: "model and messages are required" } });
    if (!models.includes(request.body.model))
      return sendJson(res, 404, { error: { message: `model ${request.body.model} does not exist` } });

    const answer = (content: string) =>
      sendJson(res, 200, {
        id: "chatcmpl-test",
        object: "chat.completion",
        model: (request.body as ChatBody).model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      });
    let translations: string[];
    try {
      translations = segmentsOf(request).map(fakeTranslate);
    } catch {
      // not a translation request (e.g. the health ping): say something
      return answer("pong");
    }
    const misbehaviour = queue.shift();
    switch (misbehaviour?.kind) {
      case undefined:
        return answer(JSON.stringify(translations));
      case "status":
        return sendJson(
          res,
          misbehaviour.status,
          misbehaviour.body ?? { error: { message: `status ${misbehaviour.status}` } },
          misbehaviour.headers,
        );
      case "content":
        return answer(misbehaviour.content);
      case "wrong-count":
        return answer(JSON.stringify(translations.slice(1)));
      case "fenced":
        return answer("```json\n" + JSON.stringify(translations) + "\n```");
      case "wrapped":
        return answer(JSON.stringify({ translations }));
      case "plain":
        return answer(translations.join("\n"));
      case "hang":
        return;
      case "drop":
        res.socket?.destroy();
        return;
    }
  });
  return {
    url: `${server.url}/v1`,
    requests: server.requests,
    close: () => server.close(),
    queue,
    completions: () => server.requests.filter((r) => r.path === "/v1/chat/completions"),
    get modelsStatus() {
      return state.modelsStatus;
    },
    set modelsStatus(status: number) {
      state.modelsStatus = status;
    },
  };
}
