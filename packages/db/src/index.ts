export * from "./client";
export { ID_PATTERN, newId, randomBase62 } from "./ids";
export { DatabaseLockedError } from "./lock";
export { migrateDatabase, pendingMigrations, rowsOf } from "./migrate";
export * from "./schema";
export { defaultDataDir, findWorkspaceRoot } from "./workspace-root";
