/** What the budget needs from a pair's pool. */
export interface BudgetMember {
  /** Stops one idle pipeline of this pool; false when it has none idle. */
  evictIdle(): boolean;
  /** Room may have opened up: try to start what waits. */
  wake(): void;
}

/**
 * A cap on the Apertium pipelines alive across every pair (each is a chain of about ten
 * processes holding its pair's dictionaries, the largest share of the server's memory). A pool
 * takes a slot before it starts a pipeline; when none is free it stops the idle pipeline of the
 * pair used least recently, or waits, and is woken when a slot is given back.
 */
export class PipelineBudget {
  private alive = 0;
  private readonly members = new Set<BudgetMember>();
  private readonly waiting = new Set<BudgetMember>();

  constructor(readonly max: number) {}

  join(member: BudgetMember): void {
    this.members.add(member);
  }

  /**
   * `member` has work: it moves behind the others, so that a slot is taken first from the pair
   * used least recently (a busy pair keeps its pipelines loaded while occasional pairs come and go).
   */
  touch(member: BudgetMember): void {
    this.members.delete(member);
    this.members.add(member);
  }

  acquire(member: BudgetMember): boolean {
    if (this.alive >= this.max) {
      // Least recently used first (`touch`).
      for (const other of this.members) {
        if (other !== member && other.evictIdle() && this.alive < this.max) break;
      }
    }
    if (this.alive < this.max) {
      this.alive += 1;
      this.waiting.delete(member);
      return true;
    }
    this.waiting.add(member);
    return false;
  }

  /** A free slot, without stopping anyone's pipeline or queueing for one (warm-up at start). */
  tryAcquire(): boolean {
    if (this.alive >= this.max) return false;
    this.alive += 1;
    return true;
  }

  release(): void {
    this.alive = Math.max(0, this.alive - 1);
    const [next] = this.waiting;
    if (next) {
      this.waiting.delete(next);
      next.wake();
    }
  }

  hasWaiters(): boolean {
    return this.waiting.size > 0;
  }

  inUse(): number {
    return this.alive;
  }
}
