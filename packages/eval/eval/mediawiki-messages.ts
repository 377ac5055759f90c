/**
 * Interface messages of MediaWiki extensions and skins (translatewiki.net translations, written
 * by people, not machines): `i18n/**\/<code>.json` of bare git directories brought onto the
 * machine with the `fetch` tool (/work/.mirror/wikimedia+<name>/repo). Training text for the
 * close-neighbour language models, for the members with few Debian catalogs (Bosnian, Serbian in
 * Latin script, Malay, Occitan…). No test set is built from them.
 */
import { commitOf, listFiles, mirrorDir, showFile } from "./mirrors";

/** The repositories read, in this order (each one's newest snapshot; see eval/langid/MANIFEST.md). */
export const MEDIAWIKI_REPOSITORIES = [
  "wikimedia/mediawiki-extensions-AbuseFilter",
  "wikimedia/mediawiki-extensions-CentralAuth",
  "wikimedia/mediawiki-extensions-ContentTranslation",
  "wikimedia/mediawiki-extensions-DiscussionTools",
  "wikimedia/mediawiki-extensions-Echo",
  "wikimedia/mediawiki-extensions-Flow",
  "wikimedia/mediawiki-extensions-GrowthExperiments",
  "wikimedia/mediawiki-extensions-Kartographer",
  "wikimedia/mediawiki-extensions-MobileFrontend",
  "wikimedia/mediawiki-extensions-MultimediaViewer",
  "wikimedia/mediawiki-extensions-PageTriage",
  "wikimedia/mediawiki-extensions-TimedMediaHandler",
  "wikimedia/mediawiki-extensions-Translate",
  "wikimedia/mediawiki-extensions-UploadWizard",
  "wikimedia/mediawiki-extensions-VisualEditor",
  "wikimedia/mediawiki-extensions-Wikibase",
  "wikimedia/mediawiki-skins-MinervaNeue",
] as const;

/** The repositories that are on the machine, with their commit; the others are reported missing. */
export function mediawikiMirrors(): { repository: string; dir: string; commit: string }[] {
  return MEDIAWIKI_REPOSITORIES.flatMap((repository) => {
    const dir = mirrorDir(repository);
    return dir ? [{ repository, dir, commit: commitOf(dir) }] : [];
  });
}

/**
 * The repositories a training script reads: all of them, or none with --no-mediawiki; a missing
 * one stops the script, so a model or list is never built from part of the text by accident.
 */
export function requiredMediawikiMirrors(): { repository: string; dir: string; commit: string }[] {
  if (process.argv.includes("--no-mediawiki")) return [];
  const mirrors = mediawikiMirrors();
  const missing = MEDIAWIKI_REPOSITORIES.filter((r) => !mirrors.some((m) => m.repository === r));
  if (missing.length)
    throw new Error(
      `bring these onto the machine with the fetch tool first (or pass --no-mediawiki): ${missing.join(", ")}`,
    );
  return mirrors;
}

/** Every line of every message in a language (MediaWiki's code) of the given repositories. */
export function mediawikiLines(mirrors: readonly { dir: string }[], code: string): string[] {
  return mirrors.flatMap(({ dir }) => mediawikiReader(dir)(code).flatMap(({ text }) => wikitextLines(text)));
}

/**
 * Wikitext to the words a reader sees: a PLURAL/GENDER/GRAMMAR switch keeps its first form, other
 * templates and parameters ($1) go, a link keeps its label, bold and italics marks go. Each line
 * is a text of its own (a message with a list is several sentences).
 */
export function wikitextLines(message: string): string[] {
  return message
    .replace(/\{\{\s*(?:PLURAL|GENDER|GRAMMAR|plural|gender|grammar):[^|}]*\|([^|}]*)[^}]*\}\}/g, "$1")
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/\[\[(?:[^|\]]*\|)?([^\]]*)\]\]/g, "$1")
    .replace(/\[(?:https?:)?\/\/\S+\s+([^\]]*)\]/g, "$1")
    .replace(/'{2,}/g, "")
    .replace(/\$\d+/g, " ")
    .split(/\n+/)
    .map((l) =>
      l
        .replace(/^[*#:;\s]+/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

type Messages = Record<string, unknown>;

const parse = (text: string): Messages => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Messages) : {};
  } catch {
    return {};
  }
};

/**
 * The messages of one repository by language: `messages(code)` gives every message of `code`,
 * with the English message of the same key, from the i18n directories' `<code>.json` files, each
 * beside its `en.json`. The file list and the English files are read once per repository, not
 * once per language.
 */
export function mediawikiReader(dir: string): (code: string) => { text: string; english: string; file: string }[] {
  const files = listFiles(dir);
  const present = new Set(files);
  const englishFiles = new Map<string, Messages>();
  const englishOf = (file: string): Messages => {
    let messages = englishFiles.get(file);
    if (!messages) {
      messages = parse(showFile(dir, file));
      englishFiles.set(file, messages);
    }
    return messages;
  };
  return (code) => {
    const wanted = files.filter((f) => /(^|\/)i18n\//.test(f) && f.endsWith(`/${code}.json`)).sort();
    const out: { text: string; english: string; file: string }[] = [];
    for (const file of wanted) {
      const englishFile = file.slice(0, -`${code}.json`.length) + "en.json";
      if (!present.has(englishFile)) continue;
      const own = parse(showFile(dir, file));
      const english = englishOf(englishFile);
      for (const [key, value] of Object.entries(own)) {
        const source = english[key];
        if (key.startsWith("@") || typeof value !== "string" || typeof source !== "string") continue;
        out.push({ text: value, english: source, file });
      }
    }
    return out;
  };
}
