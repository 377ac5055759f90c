import { parseArgs } from "node:util";

import { migrateDatabase, openDatabase } from "@tolk/db";
import { configureLogger, isTolkError, systemClock } from "@tolk/domain";

import { type Flags, commands } from "./commands";
import { readEnv } from "./env";

function usage(): string {
  return ["Usage:", ...Object.values(commands).map((c) => `  ${c.usage} [--json]`)].join("\n");
}

/** Runs one command; returns the exit code. With --json, stdout gets exactly one JSON object. */
export async function main(argv: string[]): Promise<number> {
  const wantsJson = argv.includes("--json");
  const usageError = (message: string) => {
    if (wantsJson) console.log(JSON.stringify({ error: { code: "usage", message } }));
    console.error(`${message}\n${usage()}`);
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
          ["name", "plan", "limits", "org", "scopes", "key", "amount", "email", "password", "role", "user", "ttl", "concurrency", "request"].map((n) => [
            n,
            { type: "string" as const },
          ]),
        ),
      },
    });
  } catch (err) {
    return usageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  const name = [positionals.slice(0, 2).join(" "), positionals[0] ?? ""].find((n) => n in commands);
  if (values.help) {
    console.error(usage());
    return 0;
  }
  if (!name) return usageError(`Unknown command '${positionals.join(" ")}'.`);
  const command = commands[name];
  if (!command) return 2;

  let database;
  try {
    const env = readEnv();
    // Log lines go to stderr: a command's stdout is its answer (`tolk worker` logs to stdout).
    configureLogger({ level: env.TOLK_LOG_LEVEL, format: env.TOLK_LOG_FORMAT, destination: 2 });
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.TOLK_DATA_DIR, maxConnections: 2 });
    await migrateDatabase(database, env.DATABASE_URL);
    const result = await command.run({ domain: { db: database.db, now: systemClock }, database, env }, values as Flags);
    console.log(json || !command.human ? JSON.stringify(result, null, json ? 0 : 2) : command.human(result));
    return 0;
  } catch (err) {
    const error = isTolkError(err)
      ? { code: err.code, message: err.message }
      : { code: "error", message: err instanceof Error ? err.message : String(err) };
    if (json) console.log(JSON.stringify({ error }));
    else console.error(`Error: ${error.message}`);
    return 1;
  } finally {
    await database?.close();
  }
}
