import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { type Server, type Socket, connect, createServer } from "node:net";
import { join } from "node:path";

import { logger } from "@tolk/domain";

import { type CommandContext } from "./commands";
import { type CommandOutput, parseCommand, reportFailure, runParsedCommand } from "./run-command";

/**
 * The embedded database (PGlite) belongs to one process. While the server holds it, a `tolk`
 * command started beside it (`podman exec NAME tolk …`) sends its argv to the server over this
 * Unix socket, and the server runs the same command code on its own database and answers with
 * the command's stdout, stderr and exit code. The socket sits in a directory of the data dir
 * that only the server's user may enter (0700), so only that user (or root) can send commands,
 * as only they could open the database files themselves.
 */
export function adminSocketPath(dataDir: string): string {
  return join(dataDir, "admin", "cli.sock");
}

interface AdminRequest {
  argv: string[];
}

export interface AdminAnswer {
  stdout: string;
  stderr: string;
  exit_code: number;
}

/** A request is one JSON line with the argv; anything longer is not a command line. */
const MAX_REQUEST_BYTES = 256 * 1024;

function bufferedOutput(): CommandOutput & { answer(code: number): AdminAnswer } {
  let stdout = "";
  let stderr = "";
  return {
    stdout: (text) => void (stdout += `${text}\n`),
    stderr: (text) => void (stderr += `${text}\n`),
    answer: (code) => ({ stdout, stderr, exit_code: code }),
  };
}

function parseRequest(line: string): AdminRequest | null {
  try {
    const value = JSON.parse(line) as { argv?: unknown };
    if (Array.isArray(value.argv) && value.argv.every((a) => typeof a === "string")) return { argv: value.argv };
  } catch {
    // Not JSON: answered as a bad request below.
  }
  return null;
}

/** Runs one forwarded command line in this process, as `tolk` would in its own. */
export async function runForwardedCommand(argv: string[], context: () => CommandContext): Promise<AdminAnswer> {
  const out = bufferedOutput();
  const parsed = parseCommand(argv, out);
  if (typeof parsed === "number") return out.answer(parsed);
  if (parsed.name === "worker") {
    const err = new Error(
      "The server runs document jobs itself (TOLK_WORKER); `tolk worker` is for deployments on PostgreSQL.",
    );
    return out.answer(reportFailure(err, parsed.json, out));
  }
  let ctx: CommandContext;
  try {
    ctx = context();
  } catch (err) {
    return out.answer(reportFailure(err, parsed.json, out));
  }
  const code = await runParsedCommand(parsed, ctx, out);
  // The command's name only: its flags may hold a password or a key.
  logger().info({ command: parsed.name, exit_code: code }, "admin socket: ran a CLI command");
  return out.answer(code);
}

/**
 * Listens on `path` for forwarded `tolk` commands (see adminSocketPath). A socket file left by a
 * process that died is replaced: whoever calls this holds the database, so no other server can
 * be listening there.
 */
export async function serveAdminSocket(
  path: string,
  context: () => CommandContext,
): Promise<{ close(): Promise<void> }> {
  const dir = join(path, "..");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  rmSync(path, { force: true });
  const server: Server = createServer((socket: Socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end < 0) {
        if (received.length > MAX_REQUEST_BYTES) socket.destroy();
        return;
      }
      socket.removeAllListeners("data");
      const request = parseRequest(received.slice(0, end));
      const reply = request
        ? runForwardedCommand(request.argv, context)
        : Promise.resolve({ stdout: "", stderr: "Bad request on the admin socket.\n", exit_code: 2 });
      void reply
        .catch((err: unknown): AdminAnswer => ({ stdout: "", stderr: `Error: ${String(err)}\n`, exit_code: 1 }))
        .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/**
 * Sends argv to the server listening on `path`; null when none listens there (the database is
 * held by another kind of process, e.g. a running `tolk` command).
 */
export function sendToAdminSocket(path: string, argv: string[]): Promise<AdminAnswer | null> {
  return new Promise((resolve, reject) => {
    let received = "";
    let connected = false;
    const socket = connect(path, () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv } satisfies AdminRequest)}\n`);
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) resolve(null);
      else reject(new Error(`The server's admin socket ${path} failed: ${err.message}`));
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as AdminAnswer);
      } catch {
        reject(new Error(`The server closed its admin socket ${path} without an answer.`));
      }
    });
  });
}
