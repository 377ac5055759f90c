import { type ObjectStorage } from "../ports/object-storage";
import { type TranslationServices } from "../translation/translate-segments";
import { type DownloadLinks } from "./download-links";

/** What document use cases need besides the database. */
export interface DocumentServices {
  translation: TranslationServices;
  storage: ObjectStorage;
  links: DownloadLinks;
  /** How long inputs and results are kept after a job ends. */
  retentionMs: number;
  /** How long the request log keeps an entry; the worker's retention sweep prunes older ones. */
  requestLogRetentionMs?: number;
  /** Worker lease; a crashed worker's job is taken over this long after its last renewal. */
  leaseMs?: number;
  /** Called when an asynchronous job is queued, so an in-process worker starts at once. */
  onQueued?: () => void;
}
