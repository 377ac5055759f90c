import { type DatabaseHandle, defaultDataDir } from "@tolk/db";
import { type DomainContext } from "@tolk/domain";

import { adminSocketPath, serveAdminSocket } from "./admin-socket";
import { readEnv } from "./env";

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
  const env = readEnv();
  const path = adminSocketPath(options.dataDir ?? defaultDataDir());
  const server = await serveAdminSocket(path, () => ({ domain, database, env }));
  return { path, close: () => server.close() };
}
