import { type DatabaseHandle, defaultDataDir } from "@tolk/db";
import { type DomainContext, cliActor, errorFields, logger } from "@tolk/domain";

import { adminSocketPath, serveAdminSocket } from "./admin-socket";
import { type ProcessEnv, readProcessEnv } from "../compose/env";

/**
 * For the server: answers `tolk` commands started beside it on the embedded database it holds
 * (admin-socket.ts). The commands read this process's environment, as they would in their own
 * process started with the server's. Nothing to do on PostgreSQL, which every process opens.
 */
export async function serveCliCommands(options: {
  database: DatabaseHandle;
  domain: DomainContext;
  dataDir?: string;
}): Promise<{ path: string; close(): Promise<void> } | null> {
  const { database, domain } = options;
  if (database.kind !== "pglite" || database.location === "memory") return null;
  // Read at the first command: a variable only the CLI reads, set wrong, fails that command,
  // not the server's start.
  let env: ProcessEnv | undefined;
  const path = adminSocketPath(options.dataDir ?? defaultDataDir());
  try {
    const server = await serveAdminSocket(path, () => ({
      domain: { ...domain, actor: cliActor },
      database,
      env: (env ??= readProcessEnv()),
    }));
    return { path, close: () => server.close() };
  } catch (err) {
    // E.g. a data dir whose path is too long for a Unix socket: the server still serves.
    logger().warn(
      { socket: path, ...errorFields(err) },
      "no admin socket: tolk commands beside this server will find the database in use",
    );
    return null;
  }
}
