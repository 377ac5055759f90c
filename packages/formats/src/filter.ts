/**
 * The contract every document filter keeps. A filter reads a file into translatable segments and
 * splices translations back into the original bytes; everything that is not translatable text
 * (keys, ids, timings, styles, comments, untouched zip entries, encoding, BOM, line endings, the
 * final newline) stays byte-identical.
 *
 * Inline codes inside `Segment.text`: formatting and other markup that sits inside a unit of text
 * is replaced by codes the translation pipeline protects like any tag:
 * - paired `<gN>…</gN>` (bold, a link, a span), N unique within the segment;
 * - isolated `<xN/>` (a line break, a tab, a field, an image).
 * The filter keeps the map from each code to its exact original markup. Text outside codes is
 * plain (unescaped) text: the filter decodes its format's escapes on extract and re-encodes them
 * on merge. A literal "<" in the text stays "<" and is not a code unless it matches `<gN>`,
 * `</gN>` or `<xN/>`.
 */
export interface Segment {
  /** Stable within one file (the same file always gives the same ids): the merge key. */
  id: string;
  /** The text to translate, with inline codes. */
  text: string;
  /** Where it came from, for people and translation memories: a key, msgctxt, cue number. */
  context?: string;
  /** Maximum length of the translation in characters, when the format sets one. */
  maxLength?: number;
}

export interface FilterOptions {
  sourceLang: string;
  targetLang: string;
  /**
   * Called during extract with what a user should know about how the file was read (the job
   * shows it in `warnings`): e.g. an XLIFF whose target language is its source language was
   * read as a template.
   */
  warn?: (message: string) => void;
  /**
   * The request's `force_target_lang`: a file that declares another target language (XLIFF) is
   * translated into `targetLang` rather than refused, its declared language replaced.
   */
  forceTargetLang?: boolean;
}

export interface MergeOptions extends FilterOptions {
  /**
   * For a filter that `mergesInOrder`: resolves once the first `segments` segments (in extract
   * order) have their translations in the map, so the merge can start while they are still
   * being translated. Without it the map must be complete.
   */
  ready?: (segments: number) => Promise<void>;
}

/**
 * Takes a file's segments in reading order, a batch at a time, as the filter finds them. The
 * filter waits for it before it reads on, so a sink that stores them keeps memory bounded.
 */
export type SegmentSink = (batch: Segment[]) => Promise<void>;

export interface FormatFilter {
  /** Lower-case extensions without the dot, e.g. ["yaml", "yml"]. */
  readonly extensions: readonly string[];
  /** The segments of a file, in reading order. Throws FormatError for a file it must refuse. */
  extract(file: Uint8Array, options: FilterOptions): Promise<Segment[]>;
  /**
   * The same segments as `extract`, handed to `sink` while the file is read, none of them held
   * once handed over (see `extractSegments`, which falls back to `extract` for the others).
   */
  extractTo?(file: Uint8Array, options: FilterOptions, sink: SegmentSink): Promise<void>;
  /**
   * The file with each segment replaced by its translation. A segment missing from
   * `translations` keeps its source text. Codes lost or added by an engine are repaired
   * (missing paired codes dropped, missing isolated codes appended, unknown codes removed).
   */
  merge(file: Uint8Array, translations: ReadonlyMap<string, string>, options: MergeOptions): Promise<Uint8Array>;
  /**
   * The merge reads segments in extract order and awaits `MergeOptions.ready` before it reads
   * any translation, so it may run beside the translation of the same file.
   */
  readonly mergesInOrder?: boolean;
}

export type FormatErrorCode =
  /** The file does not parse as its format (the message names the line or element). */
  | "invalid_file"
  /** Zip bomb, path traversal, DTD or external entity, encrypted or macro-enabled Office file. */
  | "unsafe_file"
  /** Bytes that are not valid in the file's encoding. */
  | "invalid_encoding";

/** A file the filter refuses; the document use case maps it to 400 with this message. */
export class FormatError extends Error {
  constructor(
    readonly code: FormatErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "FormatError";
  }
}
