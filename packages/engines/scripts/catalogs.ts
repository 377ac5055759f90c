import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { mo } from "gettext-parser";

/** Where Debian's packages install their gettext catalogs: real sentences in many languages. */
export const LOCALE_DIR = "/usr/share/locale";

/** The locales of a language: the language itself and its regional variants (`pt`, `pt_BR`). */
export function localesOf(language: string): string[] {
  return readdirSync(LOCALE_DIR)
    .sort()
    .filter((l) => l === language || l.startsWith(`${language}_`));
}

/**
 * Every line of every translation (msgstr) in the catalogs of these locales, as written. Each
 * catalog is decoded in the charset its header names (a Latin-1 catalog read as UTF-8 would be
 * mojibake); a file gettext-parser cannot read is skipped.
 */
export function* translatedLines(locales: readonly string[]): Generator<string> {
  for (const locale of locales) {
    const dir = join(LOCALE_DIR, locale, "LC_MESSAGES");
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith(".mo")) continue;
      let catalog;
      try {
        catalog = mo.parse(readFileSync(join(dir, file)));
      } catch {
        continue;
      }
      for (const context of Object.values(catalog.translations)) {
        for (const [msgid, entry] of Object.entries(context)) {
          if (msgid === "") continue; // the header
          for (const msgstr of entry.msgstr) yield* msgstr.split("\n");
        }
      }
    }
  }
}

/** `count` items spread evenly over `items` (all of them when there are fewer). */
export function evenly<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, items.length / count);
  return Array.from({ length: Math.min(items.length, count) }, (_, i) => items[Math.floor(i * step)] as T);
}
