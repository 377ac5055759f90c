import { parseArgs } from "node:util";

import { isTolkError } from "@tolk/domain";

import { type Command, type CommandContext, type Flags, commands } from "./commands";

/** Where a command's answer and messages go: the terminal, or the admin socket's reply. */
export interface CommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface ParsedCommand {
  name: string;
  command: Command;
  flags: Flags;
  json: boolean;
}

function usage(): string {
  return ["Usage:", ...Object.values(commands).map((c) => `  ${c.usage} [--json]`)].join("\n");
}

/**
 * Parses argv into a command and its flags; a usage error or --help is answered on `out` and
 * its exit code returned instead. With --json, stdout gets exactly one JSON object.
 */
export function parseCommand(argv: string[], out: CommandOutput): ParsedCommand | number {
  const usageError = (message: string) => {
    if (argv.includes("--json")) out.stdout(JSON.stringify({ error: { code: "usage", message } }));
    out.stderr(`${message}\n${usage()}`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        once: { type: "boolean" },
        ...Object.fromEntries(
          [
            "name",
            "plan",
            "limits",
            "org",
            "scopes",
            "key",
            "amount",
            "email",
            "password",
            "role",
            "user",
            "ttl",
            "concurrency",
            "request",
            "expires",
          ].map((n) => [n, { type: "string" as const }]),
        ),
      },
    });
  } catch (err) {
    return usageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.stderr(usage());
    return 0;
  }
  const name = [positionals.slice(0, 2).join(" "), positionals[0] ?? ""].find((n) => n in commands);
  const command = name ? commands[name] : undefined;
  if (!name || !command) return usageError(`Unknown command '${positionals.join(" ")}'.`);
  return { name, command, flags: values as Flags, json: values.json === true };
}

/** Prints a command's failure the CLI's way (JSON error object with --json); exit code 1. */
export function reportFailure(err: unknown, json: boolean, out: CommandOutput): number {
  const error = isTolkError(err)
    ? { code: err.code, message: err.message }
    : { code: "error", message: err instanceof Error ? err.message : String(err) };
  if (json) out.stdout(JSON.stringify({ error }));
  else out.stderr(`Error: ${error.message}`);
  return 1;
}

/** Runs a parsed command against an open database and prints its answer; returns the exit code. */
export async function runParsedCommand(
  parsed: ParsedCommand,
  ctx: CommandContext,
  out: CommandOutput,
): Promise<number> {
  try {
    const result = await parsed.command.run(ctx, parsed.flags);
    const { json, command } = parsed;
    out.stdout(json || !command.human ? JSON.stringify(result, null, json ? 0 : 2) : command.human(result));
    return 0;
  } catch (err) {
    return reportFailure(err, parsed.json, out);
  }
}
