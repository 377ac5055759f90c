import { dirname } from "node:path";

import { DatabaseLockedError, type DatabaseHandle, migrateDatabase, openDatabase } from "@tolk/db";
import { cliActor } from "@tolk/domain";
import {
  type CommandOutput,
  adminSocketPath,
  configureLogger,
  createCommandContext,
  parseCommand,
  readProcessEnv,
  reportFailure,
  runParsedCommand,
  sendToAdminSocket,
} from "@tolk/platform";

const terminal: CommandOutput = {
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
};

/**
 * Runs one command; returns the exit code. With --json, stdout gets exactly one JSON object.
 * When a running server holds the embedded database, the command runs in that server instead
 * (@tolk/platform's admin-socket.ts) and its answer is printed here as if it had run here.
 */
export async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(argv, terminal);
  if (typeof parsed === "number") return parsed;
  let database: DatabaseHandle | undefined;
  try {
    const env = readProcessEnv();
    // Log lines go to stderr: a command's stdout is its answer (`tolk worker` logs to stdout).
    configureLogger({ level: env.TOLK_LOG_LEVEL, format: env.TOLK_LOG_FORMAT, destination: 2 });
    try {
      database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.TOLK_DATA_DIR, maxConnections: 2 });
    } catch (err) {
      if (!(err instanceof DatabaseLockedError)) throw err;
      const answer = await sendToAdminSocket(adminSocketPath(dirname(err.lockPath)), argv);
      if (!answer) throw err;
      process.stdout.write(answer.stdout);
      process.stderr.write(answer.stderr);
      return answer.exit_code;
    }
    await migrateDatabase(database, env.DATABASE_URL);
    return await runParsedCommand(
      parsed,
      { domain: createCommandContext(database, env, cliActor), database, env },
      terminal,
    );
  } catch (err) {
    return reportFailure(err, parsed.json, terminal);
  } finally {
    await database?.close();
  }
}
