/** One counter to take a unit from, with its limit per window. */
export interface LimitCounter {
  key: string;
  limit: number;
}

export interface CounterState {
  key: string;
  limit: number;
  /** Count in the current window after this decision. */
  count: number;
}

export interface ConsumeResult {
  allowed: boolean;
  counters: CounterState[];
  /** Seconds until the current window ends (1..window). */
  resetSeconds: number;
}

/**
 * Fixed windows, all-or-nothing: a request is admitted only when every counter has room, and
 * then every counter is incremented; a denied request increments nothing, so it costs nothing.
 */
export interface RateLimitStore {
  consume(counters: readonly LimitCounter[], windowSeconds: number): Promise<ConsumeResult>;
  /** Whether the shared store answers (readiness); null for a store in this process's memory. */
  ping(): Promise<boolean | null>;
  close(): Promise<void>;
}
