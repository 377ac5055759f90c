export {
  TolkClient,
  type DocumentParams,
  type ImportParams,
  type TolkClientOptions,
  type TranslateDocumentOptions,
  type TranslatedDocument,
} from "./client";
export * from "./errors";
export { paginate } from "./paginate";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry";
export { DEFAULT_TIMEOUT_MS, type RequestOptions, type RetryEvent } from "./transport";
export type * from "./types";
export { USER_AGENT, VERSION } from "./version";
