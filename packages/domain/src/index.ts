// What other packages use of the domain, by name. A use case that another package needs is
// added here; one used only inside the domain is imported from its own module.
// The ports: what the rules reach the world through; their adapters are in @tolk/platform.
export { type Clock, systemClock } from "./ports/clock";
export { type DebitReply, type DebitStatement, type Debits } from "./ports/debits";
export { type LogFn, type Logger, errorFields, hasLogger, installLogger, logger } from "./ports/logger";
export { type CacheLookup, type DocumentJobEvent, type Metrics, installMetrics, metrics } from "./ports/metrics";
export { contentDisposition, ObjectNotFoundError, type ObjectStorage } from "./ports/object-storage";
export {
  type ConsumeResult,
  type CounterState,
  type LimitCounter,
  type RateLimitStore,
} from "./ports/rate-limit-store";
export { noSpendableCache, type SpendableCache } from "./ports/spendable-cache";
export { createDomainContext, type DomainContext, withTransaction } from "./context";
export { parseJson, runDebitStatement, type StatementRunner } from "./context/direct-debits";
export {
  getAlertSettings,
  getAlertSettingsView,
  rotateWebhookSecret,
  updateAlertSettings,
} from "./alerts/alert-settings";
export { deliverDueWebhooks, listWebhookDeliveries, MAX_WEBHOOK_ATTEMPTS } from "./alerts/deliver-webhooks";
export {
  checkWebhookUrl,
  STRICT_WEBHOOK_POLICY,
  type WebhookTargetPolicy,
  webhookPolicyFromEnv,
  webhooksEnvSchema,
} from "./alerts/webhook-target";
export { getLowCreditStatus, LOW_CREDITS_EVENT, queueLowCreditAlerts, queueTestWebhook } from "./alerts/low-credits";
export { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from "./alerts/webhook-signature";
export { type AuditActor, cliActor } from "./audit/audit-actor";
export { exportAuditLog, listAuditLog } from "./audit/list-audit-log";
export { type AuditAction, recordAudit } from "./audit/record-audit";
export { createOrganization, parsePlan } from "./accounts/create-organization";
export { type Role, addMember, createUser, parseRole } from "./accounts/create-user";
export { verifyPassword } from "./auth/passwords";
export { DEMO_ADMIN_EMAIL, seedDemo } from "./accounts/seed-demo";
export { setOrganizationPlan } from "./accounts/set-organization-plan";
export { setUserPassword } from "./accounts/set-user-password";
export { analyzeText } from "./analysis/analyze-text";
export { detectLanguage } from "./analysis/detect-language";
export { resolveSourceLanguage } from "./analysis/resolve-source-language";
export { type Authenticator, authenticate } from "./auth/authenticate";
export { MIN_PASSWORD_LENGTH, changeOwnPassword, endUserSessions, getSessionVersion } from "./auth/console-sessions";
export { getAppSecret } from "./auth/get-app-secret";
export { PrincipalCache } from "./auth/principal-cache";
export { type Principal, type PrincipalOrg, getIdentity, hasAnyScope, principalOrgColumns } from "./auth/principal";
export { resolveIdentityProviderUser } from "./auth/resolve-identity-provider-user";
export {
  type SessionTokenConfig,
  createKeyResolver,
  DEFAULT_SESSION_MAX_AGE_SEC,
  getPublicJwks,
  issueSessionToken,
} from "./auth/session-tokens";
export { verifyUserPassword } from "./auth/verify-user-password";
export { assertCanAfford, countCharacters, creditsFor } from "./billing/bill-translation";
export { billingPeriod } from "./billing/billing-period";
export { type DebitResult, type UsageRecord, debitCredits } from "./billing/debit-credits";
export { getCreditBalance } from "./billing/get-credit-balance";
export { getQuota } from "./billing/get-quota";
export { checkBillingInvariants, type InvariantViolation } from "./billing/billing-invariants";
export { readLiveLots, spendableCredits } from "./billing/get-spendable-credits";
export { refundCredits } from "./billing/refund-credits";
export { topUpCredits } from "./billing/top-up-credits";
export { listFormats, listLanguages } from "./catalog/catalog";
export { fileRefused, fileTooLarge } from "./documents/document-errors";
export { detectDocumentLanguage } from "./documents/detect-document-language";
export { parseDocumentFields } from "./documents/document-fields";
export { resolveDocumentFormat, sanitizeFilename, translatedFilename } from "./documents/document-format";
export { resultKey, segmentsKey } from "./documents/document-objects";
export { type DocumentServices } from "./documents/document-services";
export { downloadDocument } from "./documents/download-document";
export { createDownloadLinks, DownloadLinks } from "./documents/download-links";
export { findOrgJob, getDocumentJob } from "./documents/get-document-job";
export {
  claimNextJob,
  type DocumentQueueStats,
  documentQueueStats,
  failAbandonedJobs,
  releaseWorkerJobs,
  renewLease,
} from "./documents/job-queue";
export { jobEvent } from "./documents/job-events";
export { listDocumentJobs } from "./documents/list-document-jobs";
export { LeaseLostError, runDocumentJob } from "./documents/run-document-job";
export { type DocumentUpload, type SubmittedDocument, submitDocument } from "./documents/submit-document";
export { sweepExpiredDocuments } from "./documents/sweep-expired-documents";
export {
  badRequest,
  databaseUnavailable,
  forbidden,
  idempotencyConflict,
  insufficientScope,
  internalError,
  isDatabaseUnavailable,
  isTolkError,
  methodNotAllowed,
  notFound,
  rateLimiterUnavailable,
  retryOnceIfConnectionLost,
  retryWhileConnectionLost,
  serviceUnavailable,
  TolkError,
  unauthorized,
} from "./errors";
export { checkReadiness } from "./health/check-readiness";
export {
  beginIdempotentRequest,
  completeIdempotentRequest,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyClaim,
  releaseIdempotentRequest,
  renewIdempotentRequest,
  requestFingerprint,
  sweepIdempotencyRecords,
} from "./idempotency/idempotency";
export { acceptInvitation } from "./invitations/accept-invitation";
export { createInvitation } from "./invitations/create-invitation";
export { getInvitation } from "./invitations/get-invitation";
export { listInvitations } from "./invitations/list-invitations";
export { revokeInvitation } from "./invitations/revoke-invitation";
export { API_KEY_PREFIX, apiKeyHint, generateApiKey, hashApiKey, isWellFormedApiKey } from "./keys/api-key-format";
export { createApiKey } from "./keys/create-api-key";
export { listApiKeys } from "./keys/list-api-keys";
export { LAST_USED_RESOLUTION_MS, recordApiKeyUse } from "./keys/record-api-key-use";
export { renameApiKey } from "./keys/rename-api-key";
export { revokeApiKey } from "./keys/revoke-api-key";
export { MAX_ROTATION_OVERLAP_SECONDS, type RotatedApiKey, rotateApiKey } from "./keys/rotate-api-key";
export {
  getRequestLogEntry,
  listRequestLog,
  listRequestLogRoutes,
  pruneRequestLog,
  type StatusClass,
} from "./request-log/list-request-log";
export { type RequestSource, requestLogEntry } from "./request-log/request-log-entry";
export { MAX_ERROR_MESSAGE_CHARS, type RequestLogEntry, RequestLogWriter } from "./request-log/request-log-writer";
export { REDACTED, SUMMARY_LIMITS, summarizeRequest, summarizeRequestBody } from "./request-log/request-summary";
export { parseScopes } from "./keys/scopes";
export { changeMemberRole } from "./members/change-member-role";
export { type Membership, getMembership, getUserEmail } from "./members/get-membership";
export { listMembers } from "./members/list-members";
export { listUserOrganizations } from "./members/list-user-organizations";
export { removeMember } from "./members/remove-member";
export { getFirstRunProgress } from "./organizations/get-first-run-progress";
export { updateOrganizationSettings } from "./organizations/update-organization-settings";
export {
  getOrgDeeplKey,
  type OrgDeeplKeyView,
  removeOrgDeeplKey,
  saveOrgDeeplKey,
} from "./organizations/org-deepl-key";
export { invalidInput, parseInput } from "./parse-input";
export { effectiveLimits, parsePlanOverrides, PLAN_LIMITS } from "./plans";
export {
  type Bucket,
  type RateLimitDecision,
  type RateLimitHeaders,
  assertAllowed,
  RateLimiter,
  WINDOW_SECONDS,
} from "./rate-limit/rate-limiter";
export { createBrandVoice } from "./resources/brand-voices/create-brand-voice";
export { deleteBrandVoice } from "./resources/brand-voices/delete-brand-voice";
export { getBrandVoice } from "./resources/brand-voices/get-brand-voice";
export { listBrandVoices } from "./resources/brand-voices/list-brand-voices";
export { updateBrandVoice } from "./resources/brand-voices/update-brand-voice";
export { addGlossaryEntries } from "./resources/glossaries/add-glossary-entries";
export { createGlossary } from "./resources/glossaries/create-glossary";
export { deleteGlossaryEntry } from "./resources/glossaries/delete-glossary-entry";
export { deleteGlossary } from "./resources/glossaries/delete-glossary";
export { exportGlossary } from "./resources/glossaries/export-glossary";
export { getGlossary } from "./resources/glossaries/get-glossary";
export { parseDelimitedGlossary } from "./resources/glossaries/glossary-files";
export { importGlossary } from "./resources/glossaries/import-glossary";
export { listGlossaries } from "./resources/glossaries/list-glossaries";
export { listGlossaryEntries } from "./resources/glossaries/list-glossary-entries";
export { replaceGlossaryEntries } from "./resources/glossaries/replace-glossary-entries";
export { updateGlossary } from "./resources/glossaries/update-glossary";
export { addMemoryUnits } from "./resources/memories/add-memory-units";
export { createMemory } from "./resources/memories/create-memory";
export { deleteMemoryUnit } from "./resources/memories/delete-memory-unit";
export { deleteMemory } from "./resources/memories/delete-memory";
export { exportMemory } from "./resources/memories/export-memory";
export { getMemory } from "./resources/memories/get-memory";
export { importMemory } from "./resources/memories/import-memory";
export { listMemories } from "./resources/memories/list-memories";
export { listMemoryUnits } from "./resources/memories/list-memory-units";
export { MemoryIndex } from "./resources/memories/memory-index";
export { searchMemory } from "./resources/memories/search-memory";
export { levenshtein, similarityScore } from "./resources/memories/similarity";
export { archiveProject } from "./resources/projects/archive-project";
export { createProject } from "./resources/projects/create-project";
export { getProject } from "./resources/projects/get-project";
export { listProjects } from "./resources/projects/list-projects";
export { countPlanResources } from "./resources/shared/count-plan-resources";
export { importFormat } from "./resources/shared/import-format";
export {
  ORG_DEEPL_ENGINE,
  OrgEngines,
  type OrgEnginesOptions,
  ownRouter,
  translationFor,
  translationForOrgId,
} from "./translation/org-engines";
export { MIN_SECRETS_KEY_LENGTH, SecretBoxError, openSecret, sealSecret, secretHint } from "./secrets/secret-box";
export { supportsFormality } from "./translation/formality-support";
export { defaultSourceLangFor } from "./translation/default-source-lang";
export { SegmentCache } from "./translation/segment-cache";
export { translateBatch } from "./translation/translate-batch";
export { type TranslationServices } from "./translation/translate-segments";
export { translateText } from "./translation/translate-text";
export { mostUsedPairs, parseWarmSetting, warmEngines, warmOrder } from "./translation/warm-engines";
export { getDailyUsage } from "./usage/get-daily-usage";
export { getUsage } from "./usage/get-usage";
