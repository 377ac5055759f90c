/**
 * Builds the domain and formality sets from public sources (eval/domain-sources.ts and Debian's
 * installed man pages):
 *
 *   pnpm --filter @tolk/eval exec tsx eval/build-domain-formality-set.ts
 *
 * Needs the repositories of domain-sources.ts under /work/.mirror (the `fetch` tool) or
 * TOLK_MIRRORS; needs `man` for the Debian man pages. Writes:
 * - eval/domain-formality-test.jsonl: the test split (committed; its sources' licences allow it);
 * - .data/domain-formality-train.jsonl: the training split (not committed);
 * - eval/domain-formality-manifest.json: every source with its split, licence, commit and paths.
 *
 * The unit is a paragraph of 1–5 sentences. Labels: each source's genre default, then the
 * written guideline (docs/analysis.md) applied text by text in label-domain-formality.ts.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { type Domain, type Formality } from "@tolk/contract";
import { parse as parseCsv } from "csv-parse/sync";
import { po } from "gettext-parser";

import { SOURCES, type Source, type Split, normaliseLang } from "./domain-sources";
import { labelText } from "./label-domain-formality";
import { commitOf, listFiles, mirrorDir, showFile } from "./mirrors";

const EVAL = import.meta.dirname;
const DATA = join(EVAL, "../../../.data");
/** The training split (not committed), read by augment-domain-set.ts and train-text-model.ts. */
export const TRAIN_FILE = join(DATA, "domain-formality-train.jsonl");
/** Texts kept per source and language: the test split is a sample, training takes more. */
const CAP: Record<Split, number> = { test: 12, train: 250 };
/** Files read per source: enough for the caps, bounded so the build stays quick. */
const FILES: Record<Split, number> = { test: 80, train: 600 };
/** Debian packages whose man pages are read, per split and language. */
const MAN_PACKAGES: Record<Split, number> = { test: 15, train: 100 };

export interface Unit {
  id: string;
  source: string;
  lang: string;
  domain: Domain;
  formality: Formality;
  text: string;
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** Deterministic order that does not follow the file system: by hash of the key. */
const shuffled = <T>(items: T[], key: (t: T) => string) =>
  [...items].sort((a, b) => (sha(key(a)) < sha(key(b)) ? -1 : 1));

// ---- Text to paragraphs ----------------------------------------------------------------------

const SENTENCE_END = /[.!?…](?=\s|$)/g;

/**
 * A paragraph worth a label: prose of 1–5 sentences, 60–700 characters, mostly letters. Copy
 * (store listings, landing pages) states things in headlines without a full stop: there a
 * line of 6 words or more counts as one sentence.
 */
/** The units of a JSONL set (the training split, or its augmentation). */
export const readUnits = <T extends Unit = Unit>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

export function isProse(p: string, copy = false): boolean {
  const chars = [...p].length;
  if (chars < (copy ? 30 : 60) || chars > 700) return false;
  const words = p.split(/\s+/).filter(Boolean).length;
  if (words < (copy ? 6 : 10)) return false;
  const letters = (p.match(/\p{L}/gu) ?? []).length;
  if (letters / chars < 0.7) return false;
  if (/[{};=<>]|\$\(|\bfunction\b|=>|::/.test(p)) return false;
  if (/:\s*$/.test(p)) return false;
  const sentences = (p.match(SENTENCE_END) ?? []).length + (copy && !/[.!?…]$/.test(p) ? 1 : 0);
  return sentences >= 1 && sentences <= 5;
}

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

function markdownParagraphs(md: string): string[] {
  const body = md
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/```[\s\S]*?```/g, "\n\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/\{%[^%]*%\}|\{\{[^}]*\}\}/g, " ")
    .replace(/[*_`]{1,3}(?=\S)|(?<=\S)[*_`]{1,3}/g, "");
  return body
    .split(/\n\s*\n/)
    .filter((b) => !/^\s*(#|\||>|[-*+] |\d+[.)] )/.test(b))
    .map(clean);
}

/**
 * reStructuredText's inline markup read as the text it shows: roles (:ref:`text <target>`,
 * :func:`name`), literals (``x``), emphasis, links (`text <url>`_) and substitutions.
 */
function rstInline(text: string): string {
  return clean(
    text
      .replace(/:[\w:+-]+:`([^`<]*?)\s*(?:<[^>]*>)?`/g, "$1")
      .replace(/``([^`]*)``/g, "$1")
      .replace(/`([^`<]*?)\s*(?:<[^>]*>)?`_{1,2}/g, "$1")
      .replace(/`([^`]*)`/g, "$1")
      .replace(/\*{1,2}([^*]+)\*{1,2}/g, "$1")
      .replace(/\|([^|]+)\|/g, "$1")
      .replace(/\\(.)/g, "$1"),
  );
}

/** Paragraphs of a reStructuredText page: no directives, comments, titles, lists or literal blocks. */
export function rstParagraphs(rst: string): string[] {
  return rst
    .replace(/\r/g, "")
    .split(/\n\s*\n/)
    .filter((b) => !/^\s/.test(b) && !/^(\.\.|::\s*$)/.test(b) && !/^\s*([-*+] |\d+[.)] |#\.)/.test(b))
    .filter((b) => !/\n[=\-~^"'`#*+]{3,}\s*$/.test(b) && !/^[=\-~^"'`#*+]{3,}/.test(b))
    .map(rstInline);
}

/**
 * The translated entries of a Sphinx documentation's gettext catalog, markup read as text, or
 * none for a catalog gettext cannot read (an unescaped quote).
 */
export function sphinxCatalog(content: string): { source: string; translation: string; fuzzy: boolean }[] {
  let parsed;
  try {
    parsed = po.parse(content);
  } catch {
    return [];
  }
  return Object.values(parsed.translations).flatMap((context) =>
    Object.values(context).flatMap((entry) => {
      const translated = entry.msgstr[0];
      if (!entry.msgid || !translated) return [];
      const fuzzy = entry.comments?.flag?.includes("fuzzy") ?? false;
      return [{ source: rstInline(entry.msgid), translation: rstInline(translated), fuzzy }];
    }),
  );
}

/** The paragraphs of a Sphinx documentation's gettext catalog: msgstr, and msgid when English is wanted. */
export function poParagraphs(content: string, english: boolean): { text: string; english: boolean }[] {
  return sphinxCatalog(content).flatMap(({ source, translation }) => [
    { text: translation, english: false },
    ...(english ? [{ text: source, english: true }] : []),
  ]);
}

function textParagraphs(text: string, gutenberg: boolean): string[] {
  let body = text.replace(/\r/g, "");
  if (gutenberg) {
    const start = body.search(/\*\*\* ?START OF/);
    const end = body.search(/\*\*\* ?END OF/);
    body = body.slice(start >= 0 ? body.indexOf("\n", start) : 0, end > 0 ? end : undefined).replace(/_/g, "");
  }
  return body.split(/\n\s*\n/).map(clean);
}

function ftlParagraphs(ftl: string): string[] {
  // Fluent messages: "id = value" with indented continuation lines; terms ({ -brand-name })
  // stand for product names.
  const out: string[] = [];
  let current = "";
  for (const line of ftl.split("\n")) {
    if (/^[a-z][\w-]* =/.test(line)) {
      if (current) out.push(current);
      current = line.replace(/^[^=]+=\s*/, "");
    } else if (/^\s+\S/.test(line) && current !== null) current += " " + line.trim();
    else if (current) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  const term = (id: string) =>
    id
      .replace(/^-/, "")
      .replace(/-(\w)/g, (_, c: string) => c.toUpperCase())
      .replace(/^brandName/, "")
      .replace(/^./, (c) => c.toUpperCase());
  return out.map((v) => clean(v.replace(/\{\s*(-[\w-]+)[^}]*\}/g, (_, t: string) => term(t)).replace(/<[^>]+>/g, "")));
}

function pythonStrings(code: string): string[] {
  const triple = [...code.matchAll(/"""([\s\S]*?)"""/g)].flatMap((m) => textParagraphs(m[1] ?? "", false));
  const single = [...code.replace(/"""[\s\S]*?"""/g, "").matchAll(/(["'])((?:\\.|(?!\1).){40,}?)\1/g)].map((m) =>
    clean((m[2] ?? "").replace(/\\(["'n])/g, "$1")),
  );
  return [...triple, ...single];
}

// ---- Readers ---------------------------------------------------------------------------------

interface Raw {
  lang: string;
  /** Copy (headlines, feature lists) rather than running prose. */
  copy?: boolean;
  path: string;
  /** A finer source inside a repository (the agency of a FAQ answer), when it has one. */
  origin?: string;
  text: string;
}

function readRepo(source: Source): { commit: string; texts: Raw[]; paths: string[] } | null {
  if (source.id === "debian:common-licenses") {
    const root = "/usr/share/common-licenses";
    const paths = readdirSync(root).map((n) => join(root, n));
    return {
      commit: "installed",
      paths,
      texts: paths.flatMap((path) =>
        textParagraphs(readFileSync(path, "utf8"), false).map((text) => ({ lang: "en", path, text })),
      ),
    };
  }
  const dir = mirrorDir(source.id.split("#")[0] as string);
  if (!dir) return null;
  const ref = source.ref ?? "HEAD";
  const commit = commitOf(dir, ref);
  const files = listFiles(dir, ref);
  const r = source.reader;
  const texts: Raw[] = [];
  const paths: string[] = [];
  const take = (picked: string[], each: (path: string) => Raw[]) => {
    for (const path of shuffled(picked, (p) => p).slice(0, FILES[source.split])) {
      paths.push(path);
      texts.push(...each(path));
    }
  };
  switch (r.kind) {
    case "po": {
      take(
        files.filter((f) => r.include.test(f)),
        (path) =>
          poParagraphs(showFile(dir, path, ref), r.english ?? false).map(({ text, english }) => ({
            lang: english ? "en" : r.lang,
            path,
            text,
          })),
      );
      break;
    }
    case "markdown":
    case "text":
    case "rst":
    case "ftl":
    case "python-strings": {
      const picked = files.filter((f) => r.include.test(f) && normaliseLang(r.lang(f)));
      take(picked, (path) => {
        const lang = normaliseLang(r.lang(path)) as string;
        const content = showFile(dir, path, ref);
        const paragraphs =
          r.kind === "markdown"
            ? markdownParagraphs(content)
            : r.kind === "rst"
              ? rstParagraphs(content)
              : r.kind === "ftl"
                ? ftlParagraphs(content)
                : r.kind === "python-strings"
                  ? pythonStrings(content)
                  : textParagraphs(content, r.gutenberg ?? false);
        const skip = r.kind === "markdown" ? r.skip : undefined;
        return paragraphs
          .filter((text) => !skip?.test(text))
          .map((text) => ({ lang, path, text, copy: r.kind === "ftl" }));
      });
      break;
    }
    case "yaml-sections": {
      for (const lang of ["en", "de", "es", "fr"]) {
        const path = r.path(lang);
        if (!files.includes(path)) continue;
        paths.push(path);
        // Line by line: some translations are not valid YAML as a whole. "  section:" opens a
        // page, '    key: "text"' is one of its strings.
        let section = "";
        for (const line of showFile(dir, path).split("\n")) {
          const open = /^ {2}([\w-]+):\s*$/.exec(line);
          if (open) section = open[1] ?? "";
          const entry = /^ {4}[\w-]+:\s*"(.*)"\s*$/.exec(line);
          if (entry && r.sections.includes(section))
            texts.push({ lang, path, text: clean((entry[1] ?? "").replace(/\\"/g, '"').replace(/<[^>]+>/g, "")) });
        }
      }
      break;
    }
    case "fastlane": {
      const picked = files.filter(
        (f) =>
          /fastlane\/metadata\/android\/[^/]+\/full_description\.txt$/.test(f) &&
          normaliseLang(/android\/([^/]+)\//.exec(f)?.[1] ?? null),
      );
      take(picked, (path) => {
        const lang = normaliseLang(/android\/([^/]+)\//.exec(path)?.[1] ?? null) as string;
        // Paragraphs, and each bulleted list as one unit (a feature list is one piece of copy).
        return showFile(dir, path)
          .replace(/<\/?(b|i|em|strong|a)( [^>]*)?>/g, "")
          .replace(/<[^>]+>/g, "\n")
          .split(/\n\s*\n/)
          .map((block) => {
            const lines = block
              .split("\n")
              .map((l) => l.trim())
              .filter(Boolean);
            const bullets = lines.filter((l) => /^[-•*✓✔]/.test(l)).length;
            const text =
              bullets >= 2
                ? lines.map((l) => l.replace(/^[-•*✓✔]\s*/, "").replace(/[.;,]?$/, "")).join(", ") + "."
                : lines.join(" ");
            return { lang, path, text: clean(text), copy: true };
          });
      });
      break;
    }
    case "covid-faq": {
      // One row per answer (question, answer, answer_html, link, name, source, …, lang).
      const path = "data/faqs/faq_200327.tsv";
      paths.push(path);
      const rows = parseCsv<Record<string, string>>(showFile(dir, path), {
        delimiter: "\t",
        columns: true,
        relax_quotes: true,
        relax_column_count: true,
      });
      for (const row of rows) {
        const lang = normaliseLang(row.lang?.trim() ?? null);
        if (!lang || !row.answer || !r.agencies.includes(row.source?.trim() ?? "")) continue;
        texts.push(...textParagraphs(row.answer, false).map((text) => ({ lang, path, text })));
      }
      break;
    }
    case "e3c": {
      const picked = files.filter((f) => /^data_collection\/(English|French|Spanish)\/layer[12]\/.*\.json$/.test(f));
      take(picked, (path) => {
        const doc = JSON.parse(showFile(dir, path)) as { language?: string; text?: string; source?: string };
        const lang = normaliseLang(doc.language ?? null);
        if (!lang || !doc.text) return [];
        return doc.text.split(/\n\s*\n|\n/).map((text) => ({ lang, path, origin: doc.source, text: clean(text) }));
      });
      break;
    }
    case "epi-leaflets": {
      // FHIR Shorthand files whose narrative <div>s hold the leaflet; a file names its
      // language ("* language = #es"); files that do not take the reader's default.
      const picked = files.filter((f) => r.include.test(f));
      take(picked, (path) => {
        const content = showFile(dir, path);
        const declared = /language = (?:urn:ietf:bcp:47)?#([a-zA-Z-]+)/.exec(content)?.[1] ?? r.defaultLang;
        const lang = normaliseLang(declared);
        if (!lang) return [];
        return [...content.matchAll(/<div[^>]*>([\s\S]*?)<\/div>/g)].flatMap((m) =>
          (m[1] ?? "")
            .replace(/<\/(p|li|h\d)>/g, "\n\n")
            .replace(/<[^>]+>/g, " ")
            .split(/\n\s*\n/)
            .map((text) => ({ lang, path, text: clean(text) })),
        );
      });
      break;
    }
    case "sql-leaflets": {
      // SQL dumps whose string literals are leaflet sections in HTML ('' escapes a quote).
      const picked = files.filter((f) => r.include.test(f));
      take(picked, (path) =>
        [...showFile(dir, path).matchAll(/'((?:[^']|'')*)'/g)]
          .map((m) => (m[1] ?? "").replace(/''/g, "'"))
          .filter((html) => /<(p|h4|li)>/.test(html))
          .flatMap((html) =>
            html
              .replace(/<\/(p|li|h\d)>/g, "\n\n")
              .replace(/<[^>]+>/g, " ")
              .split(/\n\s*\n/)
              .map((text) => ({ lang: r.lang, path, text: clean(text) })),
          ),
      );
      break;
    }
    case "tatqa": {
      for (const path of r.paths) {
        paths.push(path);
        const reports = JSON.parse(showFile(dir, path, ref)) as { paragraphs: { text: string }[] }[];
        for (const report of reports)
          for (const p of report.paragraphs) texts.push({ lang: "en", path, text: clean(p.text) });
      }
      break;
    }
    case "clara-med": {
      const path = "corpus/aligned.tsv";
      paths.push(path);
      for (const row of showFile(dir, path).split("\n").slice(1)) {
        const [, professional] = row.split("\t");
        if (professional) texts.push({ lang: "es", path, text: clean(professional) });
      }
      break;
    }
  }
  return { commit, texts, paths };
}

/** Debian's man pages, one source per package (the package owning the page). */
function debianManSources(): { id: string; lang: string; files: string[] }[] {
  const owner = new Map<string, string>();
  const info = "/var/lib/dpkg/info";
  for (const f of readdirSync(info).filter((n) => n.endsWith(".list"))) {
    const pkg = f.replace(/(:\w+)?\.list$/, "");
    for (const line of readFileSync(join(info, f), "utf8").split("\n"))
      if (line.startsWith("/usr/share/man/")) owner.set(line, pkg);
  }
  const groups = new Map<string, { id: string; lang: string; files: string[] }>();
  for (const [file, pkg] of owner) {
    const m = /^\/usr\/share\/man\/(?:(de|es|fr)\/)?man[1-8]\/[^/]+\.gz$/.exec(file);
    if (!m) continue;
    const lang = m[1] ?? "en";
    const key = `${pkg}\t${lang}`;
    const g = groups.get(key) ?? { id: `debian:man/${pkg}`, lang, files: [] };
    g.files.push(file);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** Test or training, decided by the package name alone (as for gettext catalogs). */
export const debianSplit = (id: string): Split => (/^[c-f]/.test(sha(id)) ? "test" : "train");

/** Rendered man pages are kept in .data/man-cache: rendering is the slow part of a rebuild. */
function renderMan(file: string): string[] {
  const cache = join(DATA, "man-cache", `${sha(file)}.txt`);
  if (existsSync(cache)) return readFileSync(cache, "utf8").split("\n\n");
  const paragraphs = renderManUncached(file);
  mkdirSync(join(DATA, "man-cache"), { recursive: true });
  writeFileSync(cache, paragraphs.join("\n\n"));
  return paragraphs;
}

function renderManUncached(file: string): string[] {
  try {
    const out = execFileSync("man", ["-l", "--nh", "--nj", file], {
      env: { ...process.env, MANWIDTH: "400", MAN_KEEP_FORMATTING: "0" },
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 1 << 26,
    }).toString("utf8");
    return (
      out
        // Overstrike (bold and underline as character, backspace, character).
        .replace(new RegExp(`.${String.fromCharCode(8)}`, "g"), "")
        .split(/\n\s*\n/)
        .map(clean)
    );
  } catch {
    return [];
  }
}

// ---- Build -----------------------------------------------------------------------------------

function keep(source: { id: string; split: Split }, raws: Raw[], domain: Domain, formality: Formality): Unit[] {
  const seen = new Set<string>();
  const byLang = new Map<string, Unit[]>();
  for (const raw of raws) {
    if (!isProse(raw.text, raw.copy) || seen.has(raw.text)) continue;
    seen.add(raw.text);
    const sourceId = raw.origin ? `${source.id}#${raw.origin}` : source.id;
    const id = sha(`${sourceId}\n${raw.text}`).slice(0, 12);
    const label = labelText(id, { domain, formality });
    if (!label) continue;
    const unit: Unit = {
      id,
      source: sourceId,
      lang: raw.lang,
      domain: label.domain,
      formality: label.formality,
      text: raw.text,
    };
    const key = `${sourceId}\t${raw.lang}`;
    byLang.set(key, [...(byLang.get(key) ?? []), unit]);
  }
  return [...byLang.values()].flatMap((units) => shuffled(units, (u) => u.id).slice(0, CAP[source.split]));
}

export function build(
  splits: readonly Split[] = ["train", "test"],
  only?: ReadonlySet<string>,
): {
  test: Unit[];
  train: Unit[];
  manifest: unknown[];
} {
  const test: Unit[] = [];
  const train: Unit[] = [];
  const manifest: unknown[] = [];
  for (const source of SOURCES.filter((s) => splits.includes(s.split) && (!only || only.has(s.id)))) {
    const read = readRepo(source);
    if (!read) {
      console.warn(`missing mirror: ${source.id} (fetch github:${source.id})`);
      continue;
    }
    const units = keep(source, read.texts, source.domain, source.formality);
    (source.split === "test" ? test : train).push(...units);
    manifest.push({
      source: source.id,
      repo: source.id.startsWith("debian:") ? undefined : `https://github.com/${source.id.split("#")[0]}`,
      commit: read.commit,
      split: source.split,
      licence: source.licence,
      domain: source.domain,
      formality: source.formality,
      texts: units.length,
      paths: [...new Set(read.paths)].slice(0, 200),
    });
  }
  if (only) return { test, train, manifest };
  // Man pages: packages in hash order, a bounded number per split and language (rendering is slow).
  const taken = new Map<string, number>();
  for (const group of shuffled(debianManSources(), (g) => `${g.id}\t${g.lang}`)) {
    const split = debianSplit(group.id);
    if (!splits.includes(split)) continue;
    const key = `${split}\t${group.lang}`;
    if ((taken.get(key) ?? 0) >= MAN_PACKAGES[split]) continue;
    taken.set(key, (taken.get(key) ?? 0) + 1);
    const files = shuffled(group.files, (f) => f).slice(0, split === "test" ? 3 : 6);
    const raws = files.flatMap((file) => renderMan(file).map((text) => ({ lang: group.lang, path: file, text })));
    const units = keep({ id: group.id, split }, raws, "Technical", "Neutral").slice(0, split === "test" ? 2 : 40);
    (split === "test" ? test : train).push(...units);
    if (units.length)
      manifest.push({
        source: group.id,
        split,
        licence: `Debian package ${group.id.slice("debian:man/".length)} (see /usr/share/doc/<package>/copyright)`,
        domain: "Technical",
        formality: "Neutral",
        texts: units.length,
        paths: files,
      });
  }
  return { test, train, manifest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --train: rebuild the training split only. The committed test split and its manifest rows
  // stay as they are, so training data can grow without fetching (or re-sampling) the test
  // sources.
  const trainOnly = process.argv.includes("--train");
  const jsonl = (units: Unit[]) => units.map((u) => JSON.stringify(u)).join("\n") + "\n";
  const manifestPath = join(EVAL, "domain-formality-manifest.json");
  const testPath = join(EVAL, "domain-formality-test.jsonl");
  // --add-test owner/name,…: add new test sources' texts to the committed test split (and their
  // manifest rows), leaving every other test text as it is: a full rebuild would re-sample the
  // man pages of whichever packages the machine has installed.
  const added = process.argv[process.argv.indexOf("--add-test") + 1];
  if (process.argv.includes("--add-test") && added) {
    const ids = new Set(added.split(","));
    const { test: more, manifest: rows } = build(["test"], ids);
    const kept = readUnits(testPath).filter((u) => !ids.has(u.source.split("#")[0] as string));
    writeFileSync(testPath, jsonl([...kept, ...more]));
    const old = JSON.parse(readFileSync(manifestPath, "utf8")) as { source: string }[];
    writeFileSync(manifestPath, JSON.stringify([...old.filter((m) => !ids.has(m.source)), ...rows], null, 2) + "\n");
    console.log(`test: ${kept.length} kept, ${more.length} added from ${[...ids].join(", ")}`);
    process.exit(0);
  }
  const { test, train, manifest } = build(trainOnly ? ["train"] : ["train", "test"]);
  mkdirSync(DATA, { recursive: true });
  const kept = trainOnly
    ? (JSON.parse(readFileSync(manifestPath, "utf8")) as { split: Split }[]).filter((m) => m.split === "test")
    : [];
  if (!trainOnly) writeFileSync(testPath, jsonl(test));
  writeFileSync(TRAIN_FILE, jsonl(train));
  writeFileSync(manifestPath, JSON.stringify([...kept, ...manifest], null, 2) + "\n");
  const count = (units: Unit[], key: (u: Unit) => string) =>
    Object.fromEntries([...new Set(units.map(key))].sort().map((k) => [k, units.filter((u) => key(u) === k).length]));
  for (const [name, units] of [
    ["test", test],
    ["train", train],
  ] as const) {
    console.log(`${name}: ${units.length} texts, ${new Set(units.map((u) => u.source)).size} sources`);
    console.log(
      "  domain",
      count(units, (u) => u.domain),
    );
    console.log(
      "  formality",
      count(units, (u) => u.formality),
    );
    console.log(
      "  lang",
      count(units, (u) => u.lang),
    );
    console.log(
      "  sources per domain",
      Object.fromEntries(
        Object.entries(count(units, (u) => u.domain)).map(([d]) => [
          d,
          new Set(units.filter((u) => u.domain === d).map((u) => u.source)).size,
        ]),
      ),
    );
  }
}
