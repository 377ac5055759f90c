import { type Principal } from "./principal";

interface Entry {
  principal: Principal;
  /** When last_used_at was last written for this key (ms). */
  lastUsedWrittenAt: number;
  /** When the key expires (ms), null if never; checked on every hit. */
  expiresAt: number | null;
}

/**
 * API-key principals by key hash, for a database whose change notifications are exact (the
 * embedded PGlite: one process, notified at commit). `clear()` runs on every notification;
 * the generation stops a lookup that began before a revocation from caching its stale answer.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private gen = 0;

  constructor(private readonly maxEntries = 10_000) {}

  get(hash: string): Entry | undefined {
    return this.entries.get(hash);
  }

  generation(): number {
    return this.gen;
  }

  set(hash: string, entry: Entry, generation: number): void {
    if (generation !== this.gen) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(hash, entry);
  }

  clear(): void {
    this.gen += 1;
    this.entries.clear();
  }
}
