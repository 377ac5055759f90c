import { type Segment } from "../../src/filter";

/**
 * Translations as a document job hands them to a merge (the domain's TranslationReader, without
 * storage): in extract order, in pieces of `size`; `ready(n)` loads the pieces up to segment n,
 * and a read in piece k drops the pieces before k - 1. It counts what a bounded merge is judged
 * by: the most pieces held at once, and reads of a translation not loaded (`missed`: the job
 * would merge again with every translation at once).
 */
export class TranslationPieces implements Pick<ReadonlyMap<string, string>, "get" | "has"> {
  mostHeld = 0;
  missed: string[] = [];
  private readonly loaded = new Map<number, Map<string, string>>();
  private droppedBelow = 0;
  private readyFor = 0;

  constructor(
    private readonly segments: readonly Segment[],
    private readonly translations: ReadonlyMap<string, string>,
    readonly size: number,
  ) {}

  readonly ready = async (n: number): Promise<void> => {
    this.readyFor = Math.max(this.readyFor, Math.min(n, this.segments.length));
    const last = Math.floor((this.readyFor - 1) / this.size);
    for (let k = this.droppedBelow; k <= last; k++) {
      if (this.loaded.has(k)) continue;
      const piece = new Map<string, string>();
      for (const s of this.segments.slice(k * this.size, (k + 1) * this.size))
        piece.set(s.id, this.translations.get(s.id) ?? s.text);
      this.loaded.set(k, piece);
      this.mostHeld = Math.max(this.mostHeld, this.loaded.size);
    }
    await new Promise((resolve) => setImmediate(resolve));
  };

  get(id: string): string | undefined {
    for (const [k, piece] of this.loaded) {
      const text = piece.get(id);
      if (text === undefined) continue;
      for (const j of this.loaded.keys()) if (j < k - 1) this.loaded.delete(j);
      this.droppedBelow = Math.max(this.droppedBelow, k - 1);
      return text;
    }
    this.missed.push(id);
    return undefined;
  }

  has(id: string): boolean {
    return [...this.loaded.values()].some((piece) => piece.has(id));
  }

  /** The merge as a job runs it: these translations, paced by `ready`. */
  asMap(): ReadonlyMap<string, string> {
    return this as unknown as ReadonlyMap<string, string>;
  }
}
