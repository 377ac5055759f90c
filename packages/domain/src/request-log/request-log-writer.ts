import { type RequestSummary, requestLog } from "@tolk/db";

import { type DomainContext } from "../context";
import { retryWhileConnectionLost } from "../errors";
import { errorFields, logger } from "../ports/logger";
import { storable } from "./request-summary";

export interface RequestLogEntry {
  orgId: string;
  requestId: string;
  /** The request id it was billed under, when not its own (an Idempotency-Key retry). */
  operationKey?: string | null;
  /** The door: "api" (/v1 and the compatibility APIs) or "console" (its tRPC). */
  source?: "api" | "console";
  apiKeyId: string | null;
  /** The member who made it (console, session token); null for an API key. */
  userId?: string | null;
  method: string;
  /** The templated route (`/v1/glossaries/{id}`), never the path with its ids. */
  route: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
  errorMessage: string | null;
  /** The parameters, bounded and redacted (request-summary.ts). */
  requestSummary?: RequestSummary | null;
  createdAt: Date;
}

/** An error message kept whole up to this (a pair refusal lists every available pair). */
export const MAX_ERROR_MESSAGE_CHARS = 4000;

export interface RequestLogWriterOptions {
  /** How long an entry may wait for its batch. */
  flushMs?: number;
  /** Entries held at most; beyond that the oldest are dropped (and counted in a warning). */
  maxBuffered?: number;
  /** After each written batch, with the organizations it named (the low-credit check). */
  onFlushed?: (orgIds: string[]) => Promise<void>;
}

/**
 * Collects request-log entries in memory and writes them in batches, one insert per batch, so
 * a request never waits for its log line and a failing write never fails a request (it is
 * logged and the batch dropped).
 */
export class RequestLogWriter {
  private buffer: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly ctx: DomainContext,
    private readonly options: RequestLogWriterOptions = {},
  ) {}

  record(entry: RequestLogEntry): void {
    this.buffer.push(entry);
    const max = this.options.maxBuffered ?? 10_000;
    if (this.buffer.length > max) {
      this.dropped += this.buffer.length - max;
      this.buffer.splice(0, this.buffer.length - max);
    }
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 500).unref();
  }

  /** Writes what is buffered; resolves when every batch so far is written (tests, shutdown). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(() => (batch.length > 0 ? this.write(batch) : undefined));
    return this.flushing;
  }

  private async write(batch: RequestLogEntry[]): Promise<void> {
    if (this.dropped > 0) {
      logger().warn({ dropped: this.dropped }, "request log: entries dropped, the database did not keep up");
      this.dropped = 0;
    }
    try {
      // Through lost connections for a few seconds: the log is what tells which answers billed
      // requests got (the billing cross-check reads it). A commit whose reply was lost can
      // write a batch twice, which costs less than a batch lost.
      const rows = batch.map((e) => ({
        ...e,
        errorMessage: e.errorMessage === null ? null : storable(e.errorMessage.slice(0, MAX_ERROR_MESSAGE_CHARS)),
      }));
      await retryWhileConnectionLost(() => this.ctx.db.insert(requestLog).values(rows), 5_000);
    } catch (err) {
      logger().error({ entries: batch.length, ...errorFields(err) }, "request log: writing a batch failed; it is lost");
      return;
    }
    try {
      await this.options.onFlushed?.([...new Set(batch.map((e) => e.orgId))]);
    } catch (err) {
      logger().error(errorFields(err), "request log: the check after a batch failed");
    }
  }
}
