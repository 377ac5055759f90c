import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { type MessageFormatElement, TYPE, parse as parseIcu } from "@formatjs/icu-messageformat-parser";
import { unzipSync } from "fflate";
import { po as gettextPo } from "gettext-parser";
import { marked, type Token, type Tokens } from "marked";
import { parse as parseHtml } from "parse5";
import { parseAllDocuments } from "yaml";

import { type XmlNode, decode, elements, markupOf, parseCues, parseStrings, parseXml, textOf } from "./parse";

/**
 * What a user would check by hand on a translated file, with readers that are not Tolk's own:
 * the output reads as its format; structure (keys, ids, unit counts, cue timings, zip entries,
 * untouched parts) is the source's; each unit keeps its placeholders and ICU structure; and most
 * units that hold words changed.
 */
export interface Verdict {
  /** Units that hold words, and how many of them changed. */
  units: number;
  changed: number;
  problems: string[];
}

class Report implements Verdict {
  units = 0;
  changed = 0;
  problems: string[] = [];

  problem(message: string): void {
    if (this.problems.length < 12) this.problems.push(message);
  }

  /** One translatable unit: counted when it has words; `where` names it in problems. */
  unit(where: string, source: string, target: string | undefined): void {
    if (target === undefined) return this.problem(`${where}: missing in the output`);
    placeholders(this, where, source, target);
    if (!hasWords(source)) return;
    this.units++;
    if (target !== source) this.changed++;
  }
}

const hasWords = (text: string) =>
  /\p{L}{3,}/u.test(text.replace(/\{\{[^}]*\}\}|\{%[\s\S]*?%\}|<[^>]*>|%\w|\{[\w.]+\}|https?:\/\/\S+/g, " "));

// Placeholders a translation must carry over unchanged, whatever the format: template tags,
// `{name}`, printf, Chrome `$NAME$`, HTML tags.
const PLACEHOLDER =
  /\{\{[^{}]*\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}|\{[\w.-]+\}|%(?:\d+\$)?[-+#0]?\d*(?:\.\d+)?(?:ll|l|h)?[sdifu@]\b|%\(\w+\)[sdifr]|\$[A-Z_][A-Z0-9_]*\$|<\/?[a-zA-Z][^<>]*>/g;
const ICU_HEAD = /\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,/;

const sorted = (xs: Iterable<string>) => [...xs].sort();
const sameBag = (a: Iterable<string>, b: Iterable<string>) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

function placeholders(report: Report, where: string, source: string, target: string): void {
  if (ICU_HEAD.test(source)) return icu(report, where, source, target);
  const a = source.match(PLACEHOLDER) ?? [];
  const b = target.match(PLACEHOLDER) ?? [];
  if (!sameBag(a, b))
    report.problem(`${where}: placeholders ${JSON.stringify(sorted(a))} became ${JSON.stringify(sorted(b))}`);
}

/** ICU structure without its text: argument names, types, keys, `#`, nesting. */
function skeleton(elements: MessageFormatElement[]): string {
  return elements
    .map((e) => {
      switch (e.type) {
        case TYPE.literal:
          return "";
        case TYPE.pound:
          return "#";
        case TYPE.plural:
        case TYPE.select:
          return `{${e.value},${e.type === TYPE.select ? "select" : e.pluralType},${Object.entries(e.options)
            .map(([k, o]) => `${k}{${skeleton(o.value)}}`)
            .join("")}}`;
        default: {
          const other = e as { type: number; value?: string };
          return other.value === undefined ? `<${other.type}>` : `{${other.value}:${other.type}}`;
        }
      }
    })
    .join("");
}

/** Literal text per branch path, for "was the branch translated". */
function branchTexts(elements: MessageFormatElement[], path: string, out: Map<string, string>): Map<string, string> {
  for (const e of elements) {
    if (e.type === TYPE.literal) out.set(path, (out.get(path) ?? "") + e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const [k, o] of Object.entries(e.options)) branchTexts(o.value, `${path}/${e.value}=${k}`, out);
  }
  return out;
}

function icu(report: Report, where: string, source: string, target: string): void {
  let a: MessageFormatElement[];
  try {
    a = parseIcu(source, { ignoreTag: true });
  } catch {
    return; // Not ICU after all (the parser is the judge).
  }
  let b: MessageFormatElement[];
  try {
    b = parseIcu(target, { ignoreTag: true });
  } catch (err) {
    return report.problem(`${where}: ICU no longer parses: ${(err as Error).message}: ${JSON.stringify(target)}`);
  }
  if (skeleton(a) !== skeleton(b))
    return report.problem(`${where}: ICU structure ${skeleton(a)} became ${skeleton(b)}`);
  const tags = (s: string) => s.match(/<\/?[a-zA-Z][^<>]*>/g) ?? [];
  if (!sameBag(tags(source), tags(target))) report.problem(`${where}: tags inside ICU changed`);
  const before = branchTexts(a, "", new Map());
  const after = branchTexts(b, "", new Map());
  const branches = [...before].filter(([path, text]) => path !== "" && hasWords(text));
  if (branches.length > 0 && branches.every(([path, text]) => after.get(path) === text))
    report.problem(`${where}: ICU branch text not translated: ${JSON.stringify(target)}`);
}

// ---------------------------------------------------------------- localization formats

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Same shape and non-string data; every string leaf a unit. `rootRename` allows `en:` → `es:`. */
function compareData(report: Report, a: Json, b: Json, path: string, rootRename?: [string, string]): void {
  if (typeof a === "string") {
    if (typeof b !== "string") return report.problem(`${path}: a string became ${JSON.stringify(b)}`);
    return report.unit(path || "/", a, b);
  }
  if (a === null || typeof a !== "object") {
    if (a !== b) report.problem(`${path}: ${JSON.stringify(a)} became ${JSON.stringify(b)}`);
    return;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return report.problem(`${path}: array length changed`);
    a.forEach((x, i) => compareData(report, x, b[i] as Json, `${path}/${i}`));
    return;
  }
  if (b === null || typeof b !== "object" || Array.isArray(b))
    return report.problem(`${path}: an object became ${typeof b}`);
  const keysA = Object.keys(a).map((k) => (rootRename && k === rootRename[0] ? rootRename[1] : k));
  if (JSON.stringify(keysA) !== JSON.stringify(Object.keys(b))) return report.problem(`${path}: keys changed`);
  for (const [k, v] of Object.entries(a)) {
    const kb = rootRename && k === rootRename[0] ? rootRename[1] : k;
    // ARB locale metadata is rewritten on purpose.
    if (path === "" && k === "@@locale") continue;
    if (path !== "" && keptOnPurpose(a, k)) {
      if (JSON.stringify(v) !== JSON.stringify(b[kb]))
        report.problem(`${path}/${k}: changed, but it is a name or a note that stays`);
      continue;
    }
    compareData(report, v, b[kb] as Json, `${path}/${k}`);
  }
}

/**
 * Values Tolk keeps as written on purpose (docs/documents.md, "What is translated, format by
 * format"): checked unchanged rather than counted as units. A message entry's notes and
 * placeholders (Chrome's messages.json, VS Code's package.nls.json) and ids (Hugo's i18n).
 */
function keptOnPurpose(parent: { [key: string]: Json }, key: string): boolean {
  return (typeof parent.message === "string" && key !== "message") || key === "id";
}

function checkJson(report: Report, source: Uint8Array, output: Uint8Array): void {
  compareData(report, JSON.parse(decode(source).text) as Json, JSON.parse(decode(output).text) as Json, "");
}

function checkYaml(report: Report, source: Uint8Array, output: Uint8Array): void {
  const read = (bytes: Uint8Array) =>
    parseAllDocuments(decode(bytes).text).map((d) => {
      if (d.errors.length > 0) throw new Error(`YAML error: ${d.errors[0]?.message}`);
      return d.toJS() as Json;
    });
  const a = read(source);
  const b = read(output);
  if (a.length !== b.length) return report.problem("number of YAML documents changed");
  a.forEach((doc, i) => compareData(report, doc, b[i] as Json, "", ["en", "es"]));
}

function checkPo(report: Report, source: Uint8Array, output: Uint8Array): void {
  const dir = mkdtempSync(join(tmpdir(), "realdocs-po-"));
  try {
    writeFileSync(join(dir, "out.po"), output);
    const msgfmt = spawnSync("msgfmt", ["-c", "-o", "/dev/null", join(dir, "out.po")], { encoding: "utf8" });
    if (msgfmt.status !== 0) report.problem(`msgfmt -c: ${msgfmt.stderr.trim().split("\n").slice(0, 3).join(" | ")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const a = gettextPo.parse(Buffer.from(source));
  const b = gettextPo.parse(Buffer.from(output));
  // A catalog in the source language (Weblate's English files) is a template: all of it is translated.
  const all = Object.values(a.translations).flatMap((entries) =>
    Object.entries(entries).filter(([msgid]) => msgid !== ""),
  );
  const filled = all.filter(([, e]) => e.msgstr.some((s) => s !== ""));
  const language = (a.headers.Language ?? "").split(/[-_]/)[0];
  const template =
    filled.length > 0 &&
    (language === "en" ||
      (language === "" && filled.every(([msgid, e]) => e.msgstr.every((s) => s === msgid || s === e.msgid_plural))));
  for (const [ctx, entries] of Object.entries(a.translations)) {
    for (const [msgid, entry] of Object.entries(entries)) {
      if (msgid === "") continue;
      const out = b.translations[ctx]?.[msgid];
      const where = `${ctx ? `${ctx}|` : ""}${msgid.slice(0, 40)}`;
      if (!out) {
        report.problem(`${where}: entry lost`);
        continue;
      }
      const fuzzy = /fuzzy/.test(entry.comments?.flag ?? "");
      const untranslated = template || entry.msgstr.every((s) => s === "");
      if (!untranslated || fuzzy) {
        if (JSON.stringify(out.msgstr) !== JSON.stringify(entry.msgstr))
          report.problem(`${where}: a translated or fuzzy entry changed`);
        continue;
      }
      if (out.msgstr.some((s) => s === "")) report.problem(`${where}: msgstr left empty`);
      out.msgstr.forEach((s, i) =>
        report.unit(`${where}[${i}]`, i === 0 || !entry.msgid_plural ? msgid : entry.msgid_plural, s),
      );
    }
  }
  const extra =
    Object.values(b.translations).reduce((n, e) => n + Object.keys(e).length, 0) -
    Object.values(a.translations).reduce((n, e) => n + Object.keys(e).length, 0);
  if (extra !== 0) report.problem(`entry count changed by ${extra}`);
}

function checkStrings(report: Report, source: Uint8Array, output: Uint8Array): void {
  const a = decode(source);
  const b = decode(output);
  if (a.encoding !== b.encoding) report.problem(`encoding ${a.encoding} became ${b.encoding}`);
  const pa = parseStrings(a.text);
  const pb = parseStrings(b.text);
  if (JSON.stringify(pa.map((p) => p.key)) !== JSON.stringify(pb.map((p) => p.key)))
    return report.problem("keys changed");
  pa.forEach((p, i) => report.unit(p.key, p.value, pb[i]?.value));
}

/** XLIFF 1.2 and 2.x: the same units in the same order, a target for each, same inline markup. */
function checkXliff(report: Report, source: Uint8Array, output: Uint8Array): void {
  const a = parseXml(decode(source).text);
  const b = parseXml(decode(output).text);
  const version2 = elements(a, "unit").length > 0 && elements(a, "trans-unit").length === 0;
  const units = (doc: XmlNode) => (version2 ? elements(doc, "segment") : elements(doc, "trans-unit"));
  const ua = units(a);
  const ub = units(b);
  const ids = (us: XmlNode[]) => us.map((u) => u.attrs.id ?? "");
  if (version2) {
    if (JSON.stringify(ids(elements(a, "unit"))) !== JSON.stringify(ids(elements(b, "unit"))))
      return report.problem("unit ids changed");
  } else if (JSON.stringify(ids(ua)) !== JSON.stringify(ids(ub))) return report.problem("trans-unit ids changed");
  if (ua.length !== ub.length) return report.problem("segment count changed");
  const fileA = elements(a, version2 ? "xliff" : "file")[0];
  const fileB = elements(b, version2 ? "xliff" : "file")[0];
  const langAttr = version2 ? "trgLang" : "target-language";
  const sourceLang = fileA?.attrs[version2 ? "srcLang" : "source-language"] ?? "";
  const template = fileA?.attrs[langAttr] === undefined || fileA.attrs[langAttr] === sourceLang;
  const copies = fileA?.attrs[langAttr] !== undefined && fileA.attrs[langAttr] === sourceLang;
  ua.forEach((u, i) => {
    const out = ub[i] as XmlNode;
    const where = u.attrs.id ?? `#${i}`;
    const src = elements(u, "source")[0];
    const tgtA = elements(u, "target")[0];
    const tgtB = elements(out, "target")[0];
    if (!src) return;
    const sourceText = textOf(src);
    // In a template (target language = source language) every target copies its source,
    // whatever its state says: all are translated.
    const done =
      !copies &&
      (u.attrs.approved === "yes" ||
        /^(final|signed-off|translated|reviewed)$/.test(tgtA?.attrs.state ?? u.attrs.state ?? ""));
    const needs =
      !done &&
      (!tgtA ||
        textOf(tgtA).trim() === "" ||
        template ||
        /^(new|needs-translation|initial)$/.test(tgtA.attrs.state ?? u.attrs.state ?? ""));
    if (!needs) {
      if (tgtA && (!tgtB || textOf(tgtB) !== textOf(tgtA))) report.problem(`${where}: a finished target changed`);
      return;
    }
    if (!tgtB) return report.problem(`${where}: no target`);
    if (JSON.stringify(markupOf(src)) !== JSON.stringify(markupOf(tgtB)))
      report.problem(`${where}: inline markup ${markupOf(src).join(",")} became ${markupOf(tgtB).join(",")}`);
    report.unit(where, sourceText, textOf(tgtB));
  });
  if (ua.some(() => true) && report.units > 0 && fileB?.attrs[langAttr] !== "es")
    report.problem(`${langAttr} is ${fileB?.attrs[langAttr]}, not es`);
}

// ---------------------------------------------------------------- documents

const TEMPLATE_TAG = /\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}|\{#[\s\S]*?#\}/g;

function checkTemplateTags(report: Report, a: string, b: string): void {
  const ta: string[] = a.match(TEMPLATE_TAG) ?? [];
  const tb: string[] = b.match(TEMPLATE_TAG) ?? [];
  if (!sameBag(ta, tb))
    report.problem(
      `template tags changed: ${ta
        .filter((t) => !tb.includes(t))
        .slice(0, 3)
        .join(" ")}`,
    );
}

type HtmlNode = {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
};

const TRANSLATED_ATTRS = new Set([
  "alt",
  "title",
  "placeholder",
  "aria-label",
  "label",
  "summary",
  "value",
  "content",
  "lang",
  "dir",
]);
const RAW_ELEMENTS = new Set(["pre", "code", "script", "style", "kbd", "samp", "textarea"]);

function checkHtml(report: Report, source: Uint8Array, output: Uint8Array): void {
  const a = decode(source).text;
  const b = decode(output).text;
  checkTemplateTags(report, a, b);
  const walk = (node: HtmlNode, raw: boolean, out: { tags: string[]; texts: string[]; raw: string[] }) => {
    for (const child of [...(node.childNodes ?? []), ...(node.content?.childNodes ?? [])]) {
      if (child.nodeName === "#text") {
        if (raw) out.raw.push(child.value ?? "");
        continue;
      }
      if (child.nodeName.startsWith("#")) continue;
      const attrs = (child.attrs ?? []).filter((x) => !TRANSLATED_ATTRS.has(x.name)).map((x) => `${x.name}=${x.value}`);
      out.tags.push(`${child.nodeName}[${attrs.join(" ")}]`);
      walk(child, raw || RAW_ELEMENTS.has(child.nodeName), out);
    }
    return out;
  };
  const blockTexts = (html: string) => {
    const texts: string[] = [];
    const collect = (node: HtmlNode) => {
      for (const child of [...(node.childNodes ?? []), ...(node.content?.childNodes ?? [])]) {
        if (child.nodeName === "#text") texts.push(child.value ?? "");
        else if (!RAW_ELEMENTS.has(child.nodeName)) collect(child);
      }
    };
    collect(parseHtml(html));
    return texts;
  };
  const sa = walk(parseHtml(a), false, { tags: [], texts: [], raw: [] });
  const sb = walk(parseHtml(b), false, { tags: [], texts: [], raw: [] });
  if (JSON.stringify(sa.tags) !== JSON.stringify(sb.tags)) {
    const at = sa.tags.findIndex((t, i) => sb.tags[i] !== t);
    report.problem(`element ${at} ${sa.tags[at]} became ${sb.tags[at]}`);
  }
  if (JSON.stringify(sa.raw) !== JSON.stringify(sb.raw)) report.problem("pre/code/script/style content changed");
  // Units: the text nodes; the counts may differ (a translation moves words around links).
  const ta = blockTexts(a).filter(hasWords);
  const tb = new Set(blockTexts(b));
  for (const t of ta) {
    report.units++;
    if (!tb.has(t)) report.changed++;
  }
}

const ESCAPE = /\\[$>_[\]*`#|<!]/g;

function checkMarkdown(report: Report, source: Uint8Array, output: Uint8Array): void {
  const a = decode(source).text;
  const b = decode(output).text;
  checkTemplateTags(report, a, b);
  const ea = a.match(ESCAPE) ?? [];
  const eb = b.match(ESCAPE) ?? [];
  if (!sameBag(ea, eb))
    report.problem(
      `backslash escapes ${JSON.stringify(sorted(ea).join(""))} became ${JSON.stringify(sorted(eb).join(""))}`,
    );
  const ta = marked.lexer(a);
  const tb = marked.lexer(b);
  const shape = (tokens: Token[]): string[] =>
    tokens
      .filter((t) => t.type !== "space")
      .map((t) =>
        t.type === "heading"
          ? `h${(t as Tokens.Heading).depth}`
          : t.type === "list"
            ? `list${(t as Tokens.List).items.length}`
            : t.type,
      );
  if (JSON.stringify(shape(ta)) !== JSON.stringify(shape(tb)))
    return report.problem(`block structure ${shape(ta).join(",")} became ${shape(tb).join(",")}`);
  const blocks = (tokens: Token[]) => tokens.filter((t) => t.type !== "space");
  const ba = blocks(ta);
  const bb = blocks(tb);
  const links = (s: string) => [...s.matchAll(/\]\(([^)\s]+)/g)].map((m) => m[1] ?? "");
  ba.forEach((block, i) => {
    const out = bb[i] as Token;
    // marked has no footnotes: an indented continuation of `[^n]: …` reads as code to it.
    if (
      block.type === "code" &&
      (block as Tokens.Code).codeBlockStyle === "indented" &&
      ba[i - 1]?.raw.startsWith("[^")
    )
      return;
    if (block.type === "code" || block.type === "html" || block.type === "hr") {
      if (block.raw.trimEnd() !== out.raw.trimEnd()) report.problem(`block ${i} (${block.type}) changed`);
      return;
    }
    if (!sameBag(links(block.raw), links(out.raw))) report.problem(`block ${i}: link targets changed`);
    if (block.type === "paragraph") {
      const lines = block.raw.trimEnd().split("\n");
      const width = Math.max(...lines.map((l) => l.length));
      const outLines = out.raw.trimEnd().split("\n");
      const outWidth = Math.max(...outLines.map((l) => l.length));
      if (lines.length > 1 && (outLines.length === 1 || outWidth > width * 1.3 + 10))
        report.problem(
          `block ${i}: a paragraph wrapped at ${width} columns came back ${outLines.length === 1 ? "on one line" : `${outWidth} wide`}`,
        );
    }
    if (
      block.type === "paragraph" ||
      block.type === "heading" ||
      block.type === "list" ||
      block.type === "blockquote" ||
      block.type === "table"
    ) {
      report.units++;
      if (!hasWords(block.raw) || out.raw !== block.raw) report.changed++;
    }
  });
}

function checkCues(report: Report, source: Uint8Array, output: Uint8Array, vtt: boolean): void {
  const a = decode(source);
  const b = decode(output);
  if (a.encoding !== b.encoding) report.problem(`encoding ${a.encoding} became ${b.encoding}`);
  const ca = parseCues(a.text, vtt);
  const cb = parseCues(b.text, vtt);
  if (ca.cues.length !== cb.cues.length) return report.problem(`${ca.cues.length} cues became ${cb.cues.length}`);
  if (JSON.stringify(ca.other) !== JSON.stringify(cb.other))
    report.problem("header, NOTE, STYLE or REGION blocks changed");
  ca.cues.forEach((cue, i) => {
    const out = cb.cues[i] as (typeof cb.cues)[number];
    if (cue.id !== out.id || cue.timing !== out.timing) report.problem(`cue ${i + 1}: id or timing changed`);
    // A translated karaoke cue drops its word timings and the class-less <c> around each word.
    const karaoke = /<\d[\d:.]*>/.test(cue.text) && /<c>/.test(cue.text);
    const tags = (s: string) =>
      (s.match(/<[^>]*>/g) ?? []).filter((t) => !(karaoke && /^<(?:\d[\d:.]*|\/?c)>$/.test(t)));
    if (!sameBag(tags(cue.text), tags(out.text))) report.problem(`cue ${i + 1}: tags changed`);
    if (hasWords(cue.text)) {
      report.units++;
      if (cue.text !== out.text) report.changed++;
    }
  });
}

function checkTxt(report: Report, source: Uint8Array, output: Uint8Array): void {
  const a = decode(source).text;
  const b = decode(output).text;
  const eol = (s: string) => (s.includes("\r\n") ? "crlf" : "lf");
  if (eol(a) !== eol(b)) report.problem(`line endings ${eol(a)} became ${eol(b)}`);
  const paras = (s: string) => s.split(/(?:\r?\n){2,}/);
  const pa = paras(a);
  const pb = paras(b);
  if (pa.length !== pb.length) return report.problem(`${pa.length} paragraphs became ${pb.length}`);
  pa.forEach((p, i) => {
    if (!hasWords(p)) return;
    report.units++;
    if (pb[i] !== p) report.changed++;
  });
}

// ---------------------------------------------------------------- Office Open XML

/** Parts that hold translatable text, and the element that is one unit in each. */
function unitElement(ext: string, name: string): string | undefined {
  if (/\/charts\/chart\d*\.xml$/.test(name)) return "c:pt";
  if (/\/diagrams\/(data|drawing)\d*\.xml$/.test(name)) return "a:p";
  if (ext === "docx")
    return /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/.test(name) ? "w:p" : undefined;
  if (ext === "pptx") return /^ppt\/(slides\/slide|notesSlides\/notesSlide)\d+\.xml$/.test(name) ? "a:p" : undefined;
  if (name === "xl/sharedStrings.xml") return "si";
  if (/^xl\/(worksheets\/sheet\d+|comments\d*|drawings\/drawing\d+)\.xml$/.test(name))
    return name.includes("sheet") ? "is" : name.includes("comments") ? "comment" : "a:p";
  return undefined;
}

function checkOoxml(report: Report, source: Uint8Array, output: Uint8Array, ext: string): void {
  const a = unzipSync(source);
  const b = unzipSync(output);
  const na = Object.keys(a);
  const nb = Object.keys(b);
  // Tolk may append a copy of a shared string (xlsx), but never adds, drops or reorders entries.
  if (JSON.stringify(na) !== JSON.stringify(nb))
    return report.problem(
      `zip entries changed: ${
        na
          .filter((n) => !nb.includes(n))
          .concat(nb.filter((n) => !na.includes(n)))
          .join(", ") || "order"
      }`,
    );
  const utf8 = new TextDecoder();
  for (const name of na) {
    const ba = a[name] as Uint8Array;
    const bb = b[name] as Uint8Array;
    const unit = unitElement(ext, name);
    if (!unit) {
      if (Buffer.compare(Buffer.from(ba), Buffer.from(bb)) !== 0 && !(ext === "xlsx" && /^xl\/worksheets\//.test(name)))
        report.problem(`${name}: a part without text changed`);
      continue;
    }
    let xa: XmlNode;
    let xb: XmlNode;
    try {
      xa = parseXml(utf8.decode(ba));
      xb = parseXml(utf8.decode(bb));
    } catch (err) {
      report.problem(`${name}: not well-formed: ${(err as Error).message}`);
      continue;
    }
    const textEl = unit === "c:pt" ? "c:v" : unit === "w:p" ? "w:t" : unit === "si" || unit === "is" ? "t" : "a:t";
    const ua = unit === "c:pt" ? elements(xa, "c:strCache").flatMap((c) => elements(c, "c:pt")) : elements(xa, unit);
    const ub = unit === "c:pt" ? elements(xb, "c:strCache").flatMap((c) => elements(c, "c:pt")) : elements(xb, unit);
    if (unit === "si" ? ub.length < ua.length : ua.length !== ub.length) {
      report.problem(`${name}: ${ua.length} ${unit} became ${ub.length}`);
      continue;
    }
    ua.forEach((u, i) => {
      const ta = unit === "comment" ? textOf(u, "t") : textOf(u, textEl);
      const tb = unit === "comment" ? textOf(ub[i] as XmlNode, "t") : textOf(ub[i] as XmlNode, textEl);
      if (!hasWords(ta)) return;
      // Field codes and numbers are not units; chart captions are only counted in charts.
      report.units++;
      if (ta !== tb) report.changed++;
    });
  }
}

export function checkFile(ext: string, source: Uint8Array, output: Uint8Array): Verdict {
  const report = new Report();
  try {
    switch (ext) {
      case "json":
        checkJson(report, source, output);
        break;
      case "yaml":
      case "yml":
        checkYaml(report, source, output);
        break;
      case "po":
      case "pot":
        checkPo(report, source, output);
        break;
      case "strings":
        checkStrings(report, source, output);
        break;
      case "xlf":
      case "xliff":
        checkXliff(report, source, output);
        break;
      case "html":
        checkHtml(report, source, output);
        break;
      case "md":
        checkMarkdown(report, source, output);
        break;
      case "srt":
      case "vtt":
        checkCues(report, source, output, ext === "vtt");
        break;
      case "txt":
        checkTxt(report, source, output);
        break;
      case "docx":
      case "pptx":
      case "xlsx":
        checkOoxml(report, source, output, ext);
        break;
      default:
        report.problem(`no check for .${ext}`);
    }
  } catch (err) {
    report.problem(`the output does not read as .${ext}: ${(err as Error).message}`);
  }
  return report;
}
