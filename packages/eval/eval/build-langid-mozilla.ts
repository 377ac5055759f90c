/**
 * Rebuilds eval/langid/mozilla-www-test.jsonl from mozilla.org's site copy, the Fluent files of
 * mozilla-l10n/www-l10n (MPL-2.0), read from a bare clone:
 *
 *   git clone --bare https://github.com/mozilla-l10n/www-l10n /tmp/www-l10n.git
 *   pnpm --filter @tolk/eval exec tsx eval/build-langid-mozilla.ts /tmp/www-l10n.git
 *
 * A test set only: nothing is tuned on it. Each message's value and attributes, with Fluent
 * placeables and markup removed, skipping select expressions and messages left in English.
 * Up to 100 texts per language, at most 6 from one file. The commit read is written to
 * eval/langid/MANIFEST.md by hand when the set is rebuilt.
 */

import { LANGID_LANGUAGES } from "./langid-languages";
import { LATIN_SCRIPT, type LangidSample, isTranslated, isUsable, pick, writeSet } from "./langid-sets";
import { commitOf, listFiles, showFile } from "./mirrors";

const gitDir = process.argv[2];
if (!gitDir) throw new Error("usage: build-langid-mozilla.ts <www-l10n git dir>");

const commit = commitOf(gitDir);
const files = listFiles(gitDir).filter((f) => f.endsWith(".ftl"));

/** The messages of a Fluent file: id (with ".attribute") → text. */
function messages(ftl: string): Map<string, string> {
  const out = new Map<string, string>();
  let id: string | null = null;
  let parts: string[] = [];
  const flush = () => {
    if (id !== null) {
      const value = parts.join(" ");
      if (!value.includes("->")) {
        const text = value
          .replace(/\{[^{}]*\}/g, " ")
          .replace(/<[^<>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim();
        if (text) out.set(id, text);
      }
    }
    id = null;
    parts = [];
  };
  let messageId: string | null = null;
  for (const line of ftl.split("\n")) {
    const message = /^([a-zA-Z][\w-]*)\s*=\s*(.*)$/.exec(line);
    const attribute = /^\s+\.([\w-]+)\s*=\s*(.*)$/.exec(line);
    if (message) {
      flush();
      messageId = message[1] ?? null;
      id = messageId;
      parts = [message[2] ?? ""];
    } else if (attribute && messageId) {
      flush();
      id = `${messageId}.${attribute[1]}`;
      parts = [attribute[2] ?? ""];
    } else if (/^\s+\S/.test(line) && id !== null) {
      parts.push(line.trim());
    } else {
      flush();
      if (!/^\s*$/.test(line)) messageId = null;
    }
  }
  flush();
  return out;
}

const read = (path: string): Map<string, string> => {
  try {
    return messages(showFile(gitDir, path));
  } catch {
    return new Map();
  }
};

const englishFiles = new Map<string, Map<string, string>>();
const english = (relative: string) => {
  let m = englishFiles.get(relative);
  if (!m) englishFiles.set(relative, (m = read(`en/${relative}`)));
  return m;
};

const samples: LangidSample[] = [];
for (const { code, mozilla } of LANGID_LANGUAGES) {
  for (const locale of mozilla) {
    for (const file of files.filter((f) => f.startsWith(`${locale}/`))) {
      const relative = file.slice(locale.length + 1);
      const source = english(relative);
      for (const [id, text] of read(file)) {
        if (!isUsable(text)) continue;
        if (code !== "en") {
          const en = source.get(id);
          if (en === undefined || !isTranslated(en, text, LATIN_SCRIPT.has(code))) continue;
        }
        samples.push({ lang: code, source: relative, text });
      }
    }
  }
}

console.log(`mozilla-l10n/www-l10n at ${commit}`);
writeSet("mozilla-www-test.jsonl", pick(samples, 100, 6));
