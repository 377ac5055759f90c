/** A translation direction, in ISO 639-1 codes. */
export interface LanguagePair {
  source: string;
  target: string;
}

export const pairKey = (pair: LanguagePair) => `${pair.source}-${pair.target}`;

export type ModelTier = "mini" | "standard" | "premium";

/** One translated segment and what the engine could tell about it. */
export interface SegmentResult {
  /** The translation, clean: no engine markup (Apertium's `*`, `#`, `@` marks are removed). */
  text: string;
  /** Words the engine did not know (left untranslated); null when the engine cannot tell. */
  unknownWords: number | null;
  /** Words in the source segment, for ratios. */
  words: number;
}

export interface TranslateRequest {
  pair: LanguagePair;
  /** Plain-text segments (sentences). Placeholders are already protected by the caller. */
  segments: readonly string[];
  /** The model tier asked for; engines without tiers ignore it. */
  tier?: ModelTier;
  /**
   * Free-text guidance for engines that take it (the LLM adds it to its prompt), e.g. a brand
   * voice's tone and formality. Engines without such a channel ignore it.
   */
  instructions?: string;
  /**
   * What the deployment knows about these segments, for engines that take context (the LLM puts
   * it in its prompt): glossary terms and translation-memory matches. Others ignore it.
   */
  context?: TranslationContext;
  /**
   * The address asked for (a brand voice's or the request's formality), for engines with a
   * switch for it (DeepL); others ignore it.
   */
  formality?: "more" | "less";
  signal?: AbortSignal;
}

export interface TranslationContext {
  /** Source term → required target term. */
  glossary?: readonly { source: string; target: string }[];
  /** Earlier human translations of similar sentences (translation-memory matches ≥ 75 %). */
  examples?: readonly { source: string; target: string; score: number }[];
}

export interface EngineHealth {
  ok: boolean;
  detail?: string;
}

/**
 * Every machine-translation engine behind one interface. `translate` returns exactly one
 * result per input segment, in order, or throws EngineError.
 */
export interface Engine {
  /** Stable name, used in cache keys and logs: "apertium", "llm", "libretranslate", "deepl". */
  readonly name: string;
  /**
   * Set on an engine that answers for one organization (its own DeepL key): its results are
   * cached under this scope too, never shared with another organization's engine of that name.
   */
  readonly cacheScope?: string;
  /** The pairs this engine translates directly. */
  pairs(): readonly LanguagePair[];
  translate(request: TranslateRequest): Promise<SegmentResult[]>;
  /**
   * Target languages whose form of address (formal or informal "you") this engine can set on its
   * own translations after the fact: engines whose output picks one address without being told.
   */
  addressLanguages?(): readonly string[];
  /**
   * Its translations into `target` put into the formal or informal address, one text per text;
   * a text it cannot rewrite comes back as it was.
   */
  setAddress?(target: string, texts: readonly string[], address: "formal" | "informal"): Promise<string[]>;
  /** The script it writes a pair's target in, when not the language's usual one (Apertium's Serbian: "latin"). */
  outputScript?(pair: LanguagePair): string | undefined;
  health(): Promise<EngineHealth>;
  close(): Promise<void>;
}

const ENGINE_ERROR = Symbol.for("tolk.EngineError");

/** An engine failed (process crashed, timed out, HTTP error): the request is not billed. */
export class EngineError extends Error {
  readonly [ENGINE_ERROR] = true;

  constructor(
    readonly engine: string,
    message: string,
    readonly retryable: boolean = true,
    /** When a retry has a chance (a pipeline still starting); callers send it as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${engine}: ${message}`);
    this.name = "EngineError";
  }
}

/**
 * Whether `error` is an EngineError. Checked by a registered symbol, not `instanceof` alone: a
 * bundler may load this module twice (the engines are built once per process and kept on
 * globalThis, while each Next route chunk has its own copy of the class), and an engine failure
 * that is not recognised becomes a 500 instead of a 503.
 */
export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError || (typeof error === "object" && error !== null && ENGINE_ERROR in error);
}

const WORD_PATTERN = String.raw`[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*`;
const WORD = new RegExp(WORD_PATTERN, "gu");
const ANY_WORD = new RegExp(WORD_PATTERN, "u");

/**
 * Words of a segment, as engines and the quality score count them. Counted with `test`, which
 * makes no match array or word string (it runs three times on every segment translated).
 */
export function countWords(text: string): number {
  WORD.lastIndex = 0;
  let n = 0;
  while (WORD.test(text)) n++;
  return n;
}

/** Whether a segment has a word as countWords counts them (it stops at the first). */
export function hasWords(text: string): boolean {
  return ANY_WORD.test(text);
}
