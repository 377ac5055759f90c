/**
 * `pnpm --filter @tolk/e2e corpus`: builds the benchmark corpus bench/corpus/en.txt, distinct
 * English sentences one per line, from the English msgids of the message catalogs installed
 * under /usr/share/locale (every LC_MESSAGES/*.mo, decompiled with gettext's `msgunfmt`).
 *
 * Cleaning, in order:
 * - msgid and msgid_plural are taken; msgctxt and translations are ignored; the header is skipped;
 * - a msgid is split at its line breaks; a piece of a multi-line msgid is kept only when it is a
 *   whole sentence (ends with . ! or ?), since wrapped help text otherwise yields fragments;
 * - a piece is split into sentences where Tolk's segmenter could split it (a run of . ! ? …,
 *   closing quotes, whitespace, then no lowercase letter), so every line is one Tolk segment;
 * - dropped: control, format and private-use characters; fewer than 20 or more than 300
 *   characters; column layout (two spaces in a row), command-line options, keyboard mnemonics,
 *   identifiers; not starting like a sentence (a capital, optionally after a quote or bracket);
 *   fewer than 4 words; letters from a script other than Latin; mostly placeholders or markup
 *   (printf and Python formats, {x}, ${x}, tags, entities, URLs, e-mail addresses leave less than
 *   70% of the text) or mostly non-letters (letters and spaces under 80%);
 * - duplicates: exact ones, and sentences that differ only in placeholders or letter case (so a
 *   cache keyed on protected text cannot turn one into a hit for another).
 * The result is sorted, then shuffled with a fixed seed so that domains are mixed evenly across
 * the file: the same catalogs give the same file, byte for byte.
 *
 * Needs gettext (`msgunfmt`): bash scripts/install-debian-packages.sh e2e/bench/debian-packages.txt
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const LOCALE_DIR = process.env.CORPUS_LOCALE_DIR ?? "/usr/share/locale";
const OUT = resolve(import.meta.dirname, "..", "bench", "corpus", "en.txt");
const SEED = 20_240_601;
const MIN_CHARS = 20;
const MAX_CHARS = 300;

function requireMsgunfmt(): void {
  try {
    execFileSync("msgunfmt", ["--version"], { stdio: "ignore" });
  } catch {
    console.error(
      "msgunfmt (Debian package gettext) is not installed. Install it with:\n  bash scripts/install-debian-packages.sh e2e/bench/debian-packages.txt",
    );
    process.exit(1);
  }
}

/** Every LC_MESSAGES/*.mo under the locale directory, sorted. */
function catalogs(): string[] {
  const files: string[] = [];
  for (const locale of readdirSync(LOCALE_DIR).sort()) {
    const dir = join(LOCALE_DIR, locale, "LC_MESSAGES");
    let names: string[];
    try {
      if (!statSync(dir).isDirectory()) continue;
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) if (name.endsWith(".mo")) files.push(join(dir, name));
  }
  return files;
}

/** Decodes the body of a PO string literal (without its quotes). */
function unescapePo(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e.startsWith("x")) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    const simple: Record<string, string> = {
      n: "\n",
      t: "\t",
      r: "\r",
      a: "\x07",
      b: "\b",
      f: "\f",
      v: "\v",
      '"': '"',
      "\\": "\\",
    };
    return simple[e] ?? e;
  });
}

/** The msgid and msgid_plural strings of a PO file (the header's empty msgid excluded). */
export function msgidsOf(po: string): string[] {
  const out: string[] = [];
  let field: string | null = null;
  let value = "";
  const flush = () => {
    if ((field === "msgid" || field === "msgid_plural") && value !== "") out.push(value);
    field = null;
    value = "";
  };
  for (const line of po.split("\n")) {
    const start = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"\s*$/.exec(line);
    if (start) {
      flush();
      field = start[1] ?? null;
      value = unescapePo(start[2] ?? "");
      continue;
    }
    const more = /^"(.*)"\s*$/.exec(line);
    if (more && field) {
      value += unescapePo(more[1] ?? "");
      continue;
    }
    flush();
  }
  flush();
  return out;
}

const PLACEHOLDER =
  /%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I64|I32)?[diouxXeEfFgGaAcspnCS@%]|%\([^)\s]+\)[-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|\$\{[^}]*\}|\{\{[^}]*\}\}|\{[^{}\s]*\}|<[^<>]+>|&[a-zA-Z]+;|&#\d+;|\b(?:https?|ftp):\/\/\S+|\bwww\.\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\$\d+|@\w+@/g;
const BAD_CHARS = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\uFFFD]/u;
const NON_LATIN_LETTER = /(?![\p{Script=Latin}])\p{L}/u;
// Where Tolk's segmenter might end a sentence (it adds exceptions, never extra breaks).
const SENTENCE_BREAK = /([.!?…‽]+["'”’»›)\]}]*)\s+(?=[^\p{Ll}])/gu;

function sentencesOf(msgid: string): string[] {
  const lines = msgid.replace(/^\s+|\s+$/g, "").split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
  const multiLine = lines.length > 1;
  const out: string[] = [];
  for (const line of lines) {
    const text = line.trim();
    if (!text || (multiLine && !/[.!?]["'”’)]*$/.test(text))) continue;
    for (const sentence of text.replace(SENTENCE_BREAK, "$1\n").split("\n")) out.push(sentence.trim());
  }
  return out;
}

/** Whether a candidate sentence survives the cleaning rules in the header comment. */
export function keep(s: string): boolean {
  if (s.length < MIN_CHARS || s.length > MAX_CHARS) return false;
  if (BAD_CHARS.test(s) || /\s{2,}|\t/.test(s)) return false;
  if (!/^["“‘'(]?[A-Z]/.test(s)) return false;
  if (/(?:^|\s)--?[A-Za-z]|_|&\w|\w\(\)|\b[a-z]+[A-Z]\w*\b|\\/.test(s)) return false;
  if (NON_LATIN_LETTER.test(s)) return false;
  const bare = s.replace(PLACEHOLDER, "");
  if (bare.length < 0.7 * s.length) return false;
  const letters = (bare.match(/[\p{L}\s]/gu) ?? []).length;
  if (letters < 0.8 * bare.length) return false;
  return (bare.match(/\b[A-Za-z]{2,}\b/g) ?? []).length >= 4;
}

/** The de-duplication key: placeholders as one token, case and surrounding spaces folded. */
const dedupKey = (s: string) => s.replace(PLACEHOLDER, "\u0001").toLowerCase();

/** mulberry32: a small seeded PRNG, so the shuffle is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  requireMsgunfmt();
  const files = catalogs();
  const candidates = new Set<string>();
  let failed = 0;
  let msgids = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const file = files[i];
      if (!file) continue;
      try {
        const { stdout } = await run("msgunfmt", ["--no-wrap", file], {
          maxBuffer: 256 * 1024 * 1024,
          encoding: "utf8",
        });
        for (const msgid of msgidsOf(stdout)) {
          msgids++;
          for (const s of sentencesOf(msgid)) candidates.add(s);
        }
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));

  const seen = new Set<string>();
  const kept: string[] = [];
  for (const s of [...candidates].sort()) {
    if (!keep(s)) continue;
    const key = dedupKey(s);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(s);
  }
  const random = rng(SEED);
  for (let i = kept.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [kept[i], kept[j]] = [kept[j] ?? "", kept[i] ?? ""];
  }
  mkdirSync(resolve(OUT, ".."), { recursive: true });
  writeFileSync(OUT, kept.join("\n") + "\n");
  const chars = kept.reduce((n, s) => n + s.length, 0);
  console.log(
    `${files.length} catalogs (${failed} unreadable), ${msgids} msgids, ${candidates.size} distinct candidate sentences -> ` +
      `${kept.length} sentences, ${chars} characters (mean ${(chars / Math.max(1, kept.length)).toFixed(1)}) in ${OUT}`,
  );
  if (kept.length < 2000) {
    console.error(
      `Only ${kept.length} sentences: the benchmark needs at least 2,000. Are the message catalogs installed?`,
    );
    process.exit(1);
  }
}

await main();
