/**
 * What translators write: the words, word pairs and word triples of the human translations in the
 * training split of Debian's gettext catalogs, per target language, for every language the
 * Apertium pairs translate into (English: the msgids), collected by
 * packages/eval/eval/train-quality.ts. An output whose words follow each other in a way no
 * translator wrote reads as machine-made (`lima abierta` for "open file"), and its chrF against a
 * human translation is low: quality_score's `unwritten_*` features count such n-grams.
 *
 * Millions of n-grams: kept as a Bloom filter (the bloomfilter package) in quality-written.json,
 * which answers "written" for an n-gram no translator wrote about once in a hundred; that only
 * makes the features a little smaller than with the exact sets the trainer uses.
 */
// The package ships no types. Its declaration is beside this file, referenced here so that every
// program compiling this module (apps/web's, the CLI's) reads it; an import cannot name a
// declaration of another module.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./bloomfilter.d.ts" />
import { BloomFilter } from "bloomfilter";

import written from "./quality-written.json";

/** Whether translators into `target` wrote this n-gram (lowercase words joined by one space). */
export type WrittenLookup = (target: string, ngram: string) => boolean;

/** A filter's serialised form: its hash count and its bit array as base64 of little-endian 32-bit words. */
export interface SerialisedWritten {
  about: string;
  k: number;
  buckets: string;
}

const TOKEN = /\p{L}[\p{L}\p{M}'’-]*/gu;

/** The lowercase words of a text in order, as the n-grams and the word tables count them. */
export const writtenTokens = (text: string): string[] => text.toLowerCase().match(TOKEN) ?? [];

/** The text's words, adjacent pairs and triples (n-gram keys, one space between words). */
export function ngrams(tokens: readonly string[]): { words: string[]; pairs: string[]; triples: string[] } {
  const pairs: string[] = [];
  const triples: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    pairs.push(`${tokens[i]} ${tokens[i + 1]}`);
    if (i + 2 < tokens.length) triples.push(`${tokens[i]} ${tokens[i + 1]} ${tokens[i + 2]}`);
  }
  return { words: [...tokens], pairs, triples };
}

/** The key a target's n-gram has in the filter and in the trainer's sets. */
export const writtenKey = (target: string, ngram: string) => `${target}\t${ngram}`;

/** Builds the filter of a set of keys, for a false-positive rate of `error`. */
export function serialiseWritten(keys: ReadonlySet<string>, error: number, about: string): SerialisedWritten {
  const filter = BloomFilter.withTargetError(keys.size, error);
  for (const key of keys) filter.add(key);
  const bytes = new DataView(new ArrayBuffer(filter.buckets.length * 4));
  filter.buckets.forEach((word, i) => bytes.setUint32(i * 4, word, true));
  return { about, k: filter.k, buckets: Buffer.from(bytes.buffer).toString("base64") };
}

export function deserialiseWritten(data: SerialisedWritten): WrittenLookup {
  const bytes = Buffer.from(data.buckets, "base64");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const buckets = new Uint32Array(bytes.byteLength / 4);
  for (let i = 0; i < buckets.length; i++) buckets[i] = view.getUint32(i * 4, true);
  const filter = new BloomFilter(buckets, data.k);
  return (target, ngram) => filter.test(writtenKey(target, ngram));
}

/** A lookup over exact sets of keys (the trainer's). */
export const writtenSet =
  (keys: ReadonlySet<string>): WrittenLookup =>
  (target, ngram) =>
    keys.has(writtenKey(target, ngram));

let committed: WrittenLookup | undefined;
/** The committed filter, decoded on first use (a few milliseconds, once). */
export const committedWritten: WrittenLookup = (target, ngram) => {
  committed ??= deserialiseWritten(written);
  return committed(target, ngram);
};
