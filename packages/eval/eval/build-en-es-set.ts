/**
 * Rebuilds eval/en-es-set.jsonl: English messages with their human Spanish translations, the
 * msgid and msgstr of every catalog in /usr/share/locale/es/LC_MESSAGES (read with
 * gettext-parser), for eval/translation-chrf.ts.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-en-es-set.ts
 *
 * Kept: single-line, singular, translated messages of 3 to 200 characters with at least one
 * word of two letters, whose msgstr differs from the msgid (an untranslated string is no
 * reference); keyboard mnemonics (`_` and `&` before a letter) are removed from both sides, as a
 * reader never sees them. Deterministic: sorted by a hash of the msgid, first SIZE taken.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { mo } from "gettext-parser";

const DIR = "/usr/share/locale/es/LC_MESSAGES";
const SIZE = Number(process.env.EVAL_SET_SIZE ?? 3000);
const OUT = join(import.meta.dirname, "en-es-set.jsonl");

const unmnemonic = (s: string) => s.replace(/[_&](?=\p{L})/gu, "");
const hash = (s: string) => createHash("sha256").update(s).digest("hex");

const pairs = new Map<string, string>();
for (const file of readdirSync(DIR)
  .filter((f) => f.endsWith(".mo"))
  .sort()) {
  let catalog;
  try {
    catalog = mo.parse(readFileSync(join(DIR, file)));
  } catch {
    continue;
  }
  for (const context of Object.values(catalog.translations)) {
    for (const entry of Object.values(context)) {
      const source = unmnemonic(entry.msgid.trim());
      const reference = unmnemonic((entry.msgstr[0] ?? "").trim());
      if (!source || !reference || entry.msgid_plural || source === reference) continue;
      if (source.includes("\n") || reference.includes("\n")) continue;
      if (source.length < 3 || source.length > 200 || !/\p{L}{2}/u.test(source)) continue;
      if (!pairs.has(source)) pairs.set(source, reference);
    }
  }
}
const chosen = [...pairs].sort((a, b) => hash(a[0]).localeCompare(hash(b[0]))).slice(0, SIZE);
writeFileSync(OUT, chosen.map(([source, reference]) => JSON.stringify({ source, reference })).join("\n") + "\n");
console.log(`${pairs.size} usable messages, ${chosen.length} written to ${OUT}`);
