// The adapters behind the domain's ports and the composition root that picks them for a
// process (docs/architecture.md). Apps import from here and from @tolk/domain; never each other.
export { DebitGroupCommit } from "./billing/debit-group-commit";
export { SpendableHints } from "./billing/spendable-hints";
export { serveCliCommands } from "./commands/admin-server";
export { adminSocketPath, sendToAdminSocket } from "./commands/admin-socket";
export { type Command, type CommandContext, commands } from "./commands/commands";
export { type CommandOutput, parseCommand, reportFailure, runParsedCommand } from "./commands/run-command";
export { type ProcessEnv, parseEnv, processEnvSchema, readProcessEnv } from "./compose/env";
export { createServerServices, type ServerServices } from "./compose/server";
export { oidcConfig, readServerEnv, type ServerEnv, serverEnvSchema } from "./compose/server-env";
export {
  type TranslationStack,
  createCommandContext,
  createDocumentStack,
  createServerContext,
  createTranslationStack,
  createWorker,
} from "./compose/services";
export { createDocumentServices, documentsEnvSchema, storageConfig } from "./env/documents-env";
export { defaultSourceLang, enginesConfig, enginesEnvSchema, orgEnginesFromEnv } from "./env/engines-env";
export { configureLogger, logEnvSchema } from "./observability/log";
export { metricsAuthorized, metricsEnvSchema, prometheusMetrics, serveMetrics } from "./observability/prometheus";
export { startTracing } from "./observability/tracing";
export { MemoryRateLimitStore } from "./rate-limit/memory-store";
export { RedisRateLimitStore } from "./rate-limit/redis-store";
export { heapEnvSchema, limitHeapGrowth } from "./runtime/heap-growth";
export { serviceEnvSchema, withPublicUrl } from "./runtime/service-env";
export { shutdownEnvSchema } from "./runtime/shutdown-env";
export { type ShutdownPlan, shutdownPlan } from "./runtime/shutdown-plan";
export { DUPLICATE_SIGNAL_MS, type ShutdownSignal, onShutdownSignals } from "./runtime/shutdown-signals";
export { createStorage, type StorageConfig } from "./storage/create-storage";
export { LocalObjectStorage } from "./storage/local-storage";
export { S3_READINESS_KEY, S3ObjectStorage } from "./storage/s3-storage";
export { DocumentWorker, type WorkerOptions } from "./worker/document-worker";
export { Housekeeping, type ScheduledJob, serverHousekeeping, workerHousekeeping } from "./worker/housekeeping";
export { endRequestSpan, inRequestSpan } from "./observability/request-span";
