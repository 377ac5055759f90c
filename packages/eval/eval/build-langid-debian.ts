/**
 * Rebuilds eval/langid/debian-{tune,test}.jsonl from the gettext catalogs installed on the
 * machine (/usr/share/locale/<locale>/LC_MESSAGES/*.mo; English from their msgids). A catalog
 * belongs to the tuning set when the SHA-256 (hex) of its name without ".mo" starts with 0–b,
 * otherwise to the test set, so no catalog is in both.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-langid-debian.ts
 *
 * Up to 120 texts per language in each set, at most 8 from one catalog, sampled by a hash of
 * the text (the same catalogs give the same files). Untranslated and half-translated strings
 * are skipped (langid-sets.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { mo } from "gettext-parser";

import { LANGID_LANGUAGES } from "./langid-languages";
import { LATIN_SCRIPT, type LangidSample, isTranslated, isUsable, pick, writeSet } from "./langid-sets";

const LOCALE_DIR = "/usr/share/locale";
const PER_GROUP = 120;
const PER_CATALOG = 8;

const isTuning = (domain: string) => /^[0-9ab]/.test(createHash("sha256").update(domain).digest("hex"));

interface Entry {
  domain: string;
  msgid: string;
  msgstr: string;
}

function catalogEntries(locale: string): Entry[] {
  const dir = join(LOCALE_DIR, locale, "LC_MESSAGES");
  if (!existsSync(dir)) return [];
  const entries: Entry[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".mo"))) {
    const domain = file.slice(0, -".mo".length);
    let parsed;
    try {
      parsed = mo.parse(readFileSync(join(dir, file)));
    } catch {
      continue; // a catalog that cannot be read is simply not used
    }
    for (const context of Object.values(parsed.translations)) {
      for (const entry of Object.values(context)) {
        const msgstr = entry.msgstr[0];
        if (entry.msgid && msgstr) entries.push({ domain, msgid: entry.msgid, msgstr });
      }
    }
  }
  return entries;
}

const tune: LangidSample[] = [];
const test: LangidSample[] = [];
const english = new Map<string, string>();
for (const { code, debian } of LANGID_LANGUAGES) {
  for (const { locale, group } of debian) {
    for (const e of catalogEntries(locale)) {
      english.set(e.msgid, e.domain);
      if (!isUsable(e.msgstr) || !isTranslated(e.msgid, e.msgstr, LATIN_SCRIPT.has(group ?? code))) continue;
      const sample: LangidSample = { lang: code, ...(group ? { group } : {}), source: e.domain, text: e.msgstr };
      (isTuning(e.domain) ? tune : test).push(sample);
    }
  }
}
for (const [msgid, domain] of english) {
  if (isUsable(msgid)) (isTuning(domain) ? tune : test).push({ lang: "en", source: domain, text: msgid });
}

writeSet("debian-tune.jsonl", pick(tune, PER_GROUP, PER_CATALOG));
writeSet("debian-test.jsonl", pick(test, PER_GROUP, PER_CATALOG));
