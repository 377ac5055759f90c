// What the apps and other packages' tests use of the adapters and the composition root
// (docs/architecture.md), by name. Apps import from here and from @tolk/domain; never each other.
export { DebitGroupCommit } from "./billing/debit-group-commit";
export { SpendableHints } from "./billing/spendable-hints";
export { serveCliCommands } from "./commands/admin-server";
export { adminSocketPath, sendToAdminSocket } from "./commands/admin-socket";
export { type CommandContext, commands } from "./commands/commands";
export { type CommandOutput, parseCommand, reportFailure, runParsedCommand } from "./commands/run-command";
export { type ProcessEnv, readProcessEnv } from "./compose/env";
export { createServerServices, type ServerServices } from "./compose/server";
export { oidcConfig, readServerEnv, type ServerEnv } from "./compose/server-env";
export {
  type TranslationStack,
  createCommandContext,
  createDocumentStack,
  createTranslationStack,
  createWorker,
} from "./compose/services";
export { defaultSourceLang, enginesConfig } from "./env/engines-env";
export { configureLogger } from "./observability/log";
export { metricsAuthorized, prometheusMetrics, serveMetrics } from "./observability/prometheus";
export { startTracing } from "./observability/tracing";
export { MemoryRateLimitStore } from "./rate-limit/memory-store";
export { RedisRateLimitStore } from "./rate-limit/redis-store";
export { limitHeapGrowth } from "./runtime/heap-growth";
export { type ShutdownPlan, shutdownPlan } from "./runtime/shutdown-plan";
export { DUPLICATE_SIGNAL_MS, type ShutdownSignal, onShutdownSignals } from "./runtime/shutdown-signals";
export { LocalObjectStorage } from "./storage/local-storage";
export { S3_READINESS_KEY, S3ObjectStorage } from "./storage/s3-storage";
export { DocumentWorker } from "./worker/document-worker";
export { Housekeeping } from "./worker/housekeeping";
export { endRequestSpan, inRequestSpan } from "./observability/request-span";
