/**
 * The machine's gettext catalogs (/usr/share/locale/<lang>/LC_MESSAGES/*.mo) as aligned English →
 * target messages, read with gettext-parser, and the split between the catalogs that may build
 * the localization tables (training) and those kept to measure them (test).
 *
 * The split is by text domain (the .mo file name without extension), never by message, so that
 * a test catalog's wording, which repeats within a catalog, cannot leak into a table: a domain is
 * training when the first hex digit of sha256(domain) is 0–b (12/16 of the domains), test when it
 * is c–f.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { mo } from "gettext-parser";

export const LOCALE_DIR = "/usr/share/locale";

export type Split = "train" | "test";

export function splitOf(domain: string): Split {
  const first = createHash("sha256").update(domain).digest("hex").charAt(0);
  return first <= "b" ? "train" : "test";
}

/**
 * The locale folder whose catalogs match what Tolk outputs for a target language: Serbian
 * catalogs are Cyrillic, the engine writes Serbian in Latin script.
 */
export const LOCALE_OF: Readonly<Record<string, string>> = { sr: "sr@latin" };
export const localeOf = (target: string) => LOCALE_OF[target] ?? target;

export interface CatalogMessage {
  source: string;
  target: string;
}

export interface Catalog {
  domain: string;
  file: string;
  messages: CatalogMessage[];
}

/**
 * Translated, singular, single-line messages of a .mo file (headers, plurals, untranslated and
 * multi-line entries left out). Null when the file does not parse.
 */
export function readCatalog(file: string): CatalogMessage[] | null {
  let parsed;
  try {
    parsed = mo.parse(readFileSync(file));
  } catch {
    return null;
  }
  const messages: CatalogMessage[] = [];
  for (const context of Object.values(parsed.translations)) {
    for (const entry of Object.values(context)) {
      const source = entry.msgid;
      const target = entry.msgstr[0] ?? "";
      if (!source || !target.trim() || entry.msgid_plural || source.includes("\n") || target.includes("\n")) continue;
      messages.push({ source, target });
    }
  }
  return messages;
}

/** The catalogs of one locale folder in one split, sorted by domain. */
export function readCatalogs(locale: string, split: Split, dir = LOCALE_DIR): Catalog[] {
  const folder = join(dir, locale, "LC_MESSAGES");
  if (!existsSync(folder)) return [];
  const out: Catalog[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith(".mo")) continue;
    const domain = name.slice(0, -3);
    if (splitOf(domain) !== split) continue;
    const file = join(folder, name);
    const messages = readCatalog(file);
    if (messages) out.push({ domain, file, messages });
  }
  return out;
}
