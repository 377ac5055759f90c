/**
 * English → X messages of the machine's gettext catalogs as evaluation pairs, for one split of
 * the catalogs (scripts/gettext-catalogs.ts): translated, singular, single-line, 2–200 characters
 * with a letter, msgstr different from msgid (an untranslated string is no reference), one per
 * distinct msgid, in the order of a hash of the msgid (a fixed sample whatever the catalogs'
 * order). Each pair keeps the text domain it came from.
 */
import { createHash } from "node:crypto";

import { type Split, catalogsFor } from "../scripts/gettext-catalogs";

export interface CatalogPair {
  source: string;
  reference: string;
  domain: string;
}

/** Keyboard mnemonics (`_`, `&` before a letter): a reader never sees them, so they are not scored. */
export const unmnemonic = (s: string) => s.replace(/[_&](?=\p{L})(?![\p{L}\p{N}]*;)/gu, "");
const hash = (s: string) => createHash("sha256").update(s).digest("hex");

export function catalogPairs(target: string, split: Split): CatalogPair[] {
  const bySource = new Map<string, CatalogPair>();
  for (const catalog of catalogsFor(target, split)) {
    for (const { source, target: reference } of catalog.messages) {
      if (
        source.length < 2 ||
        source.length > 200 ||
        !/\p{L}/u.test(source) ||
        reference === source ||
        bySource.has(source)
      )
        continue;
      bySource.set(source, { source, reference, domain: catalog.domain });
    }
  }
  return [...bySource.values()].sort((a, b) => (hash(a.source) < hash(b.source) ? -1 : 1));
}
