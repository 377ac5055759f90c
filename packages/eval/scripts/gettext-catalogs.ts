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
 * The locale folder whose catalogs match what Tolk outputs for a target language: the engine
 * writes Serbian in Latin script, so the Latin catalogs, then the Cyrillic ones transliterated
 * (the two scripts map one to one) for the domains that have no Latin catalog.
 */
export const LOCALE_OF: Readonly<Record<string, string>> = { sr: "sr@latin" };
export const localeOf = (target: string) => LOCALE_OF[target] ?? target;
const TRANSLITERATED: Readonly<Record<string, { locale: string; convert: (text: string) => string }>> = {
  sr: { locale: "sr", convert: serbianLatin },
};

const CYRILLIC = "абвгдђежзијклљмнњопрстћуфхцчџшАБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ";
const LATIN =
  "a b v g d đ e ž z i j k l lj m n nj o p r s t ć u f h c č dž š A B V G D Đ E Ž Z I J K L Lj M N Nj O P R S T Ć U F H C Č Dž Š".split(
    " ",
  );
const SERBIAN = new Map([...CYRILLIC].map((c, i) => [c, LATIN[i] ?? c]));

/** Serbian Cyrillic in Latin script (the standard one-to-one correspondence). */
export function serbianLatin(text: string): string {
  let out = "";
  for (const c of text) out += SERBIAN.get(c) ?? c;
  return out;
}

/** The catalogs whose translations are in a target language as Tolk writes it, in one split. */
export function catalogsFor(target: string, split: Split, dir = LOCALE_DIR): Catalog[] {
  const own = readCatalogs(localeOf(target), split, dir);
  const extra = TRANSLITERATED[target];
  if (!extra) return own;
  const have = new Set(own.map((c) => c.domain));
  const converted = readCatalogs(extra.locale, split, dir)
    .filter((c) => !have.has(c.domain))
    .map((c) => ({ ...c, messages: c.messages.map((m) => ({ source: m.source, target: extra.convert(m.target) })) }));
  return [...own, ...converted].sort((a, b) => (a.domain < b.domain ? -1 : 1));
}

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
