/**
 * `pnpm --filter @tolk/eval build:terms`: rebuilds packages/domain/localization-terms/, the English → X
 * localization tables Tolk ships (read by its src/translation/localization-terms.ts), from the
 * training split of the machine's gettext catalogs (scripts/gettext-catalogs.ts), with a
 * manifest naming each catalog's Debian package, version and licence.
 *
 * The targets are the languages the embedded engine serves from English; a target without
 * catalogs on the machine gets no table. Deterministic for a given set of installed packages.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { LOCALIZATION_TARGETS } from "@tolk/domain/evaluation";

import { domainPath } from "../eval/domain-path";
import { type Catalog, LOCALE_DIR, catalogsFor } from "./gettext-catalogs";
import { targetAnalysers } from "./target-analyser";
import { DEFAULT_OPTIONS, buildLocalizationTable, keepVerbForms } from "./localization-table";

const OUT = domainPath("localization-terms");
const started = performance.now();
const analysers = await targetAnalysers();

interface Source {
  domain: string;
  package: string;
  version: string;
  licence: string;
}

/** Debian package of each file, in one dpkg call. */
function packagesOf(files: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (files.length === 0) return out;
  const text = execFileSync("dpkg", ["-S", ...files], { encoding: "utf8", maxBuffer: 16 << 20 });
  for (const line of text.split("\n")) {
    const m = /^([^:]+(?::[^:\s]+)?): (.+)$/.exec(line);
    if (m?.[1] && m[2]) out.set(m[2], m[1].split(":")[0] ?? m[1]);
  }
  return out;
}

const versions = new Map<string, string>();
function versionOf(pkg: string): string {
  let v = versions.get(pkg);
  if (v === undefined) {
    v = execFileSync("dpkg-query", ["-W", "-f=${Version}", pkg], { encoding: "utf8" }).trim();
    versions.set(pkg, v);
  }
  return v;
}

/** The licence of the package's `Files: *` stanza in its machine-readable copyright file. */
function licenceOf(pkg: string): string {
  const file = `/usr/share/doc/${pkg}/copyright`;
  if (!existsSync(file)) return "unknown (no copyright file)";
  const text = readFileSync(file, "utf8");
  const stanza = /^Files:\s*\*\s*$[\s\S]*?^License:\s*(.+)$/m.exec(text);
  const first = stanza?.[1] ?? /^License:\s*(.+)$/m.exec(text)?.[1];
  return first?.trim() ?? `see ${file}`;
}

mkdirSync(OUT, { recursive: true });
// Tables of targets that no longer have catalogs go; the README stays.
for (const name of readdirSync(OUT)) if (/^en-[\w@-]+\.json$/.test(name)) rmSync(join(OUT, name));
const manifest: {
  built_from: string;
  split: string;
  command: string;
  pairs: Record<
    string,
    {
      file: string;
      bytes: number;
      phrases: number;
      terms: number;
      commands: number;
      catalogs: number;
      sources: Source[];
    }
  >;
} = {
  built_from: `${LOCALE_DIR}/<locale>/LC_MESSAGES/*.mo`,
  split: "text domains whose sha256 starts with 0-b (the others are the test split, never used here)",
  command: "pnpm --filter @tolk/eval build:terms",
  pairs: {},
};
for (const target of LOCALIZATION_TARGETS) {
  const catalogs: Catalog[] = catalogsFor(target, "train");
  if (catalogs.length === 0) continue;
  const table = keepVerbForms(buildLocalizationTable(catalogs, { ...DEFAULT_OPTIONS, target }), (words) =>
    analysers.analyse(target, words),
  );
  if (table.phrases.length === 0) continue;
  const file = `en-${target}.json`;
  const body = JSON.stringify(table);
  writeFileSync(join(OUT, file), `${body}\n`);
  const owners = packagesOf(catalogs.map((c) => c.file));
  const sources = catalogs.map((c) => {
    const pkg = owners.get(c.file) ?? "unknown";
    return {
      domain: c.domain,
      package: pkg,
      version: pkg === "unknown" ? "" : versionOf(pkg),
      licence: pkg === "unknown" ? "unknown" : licenceOf(pkg),
    };
  });
  manifest.pairs[`en-${target}`] = {
    file,
    bytes: Buffer.byteLength(body) + 1,
    phrases: table.phrases.length,
    terms: table.terms.length,
    commands: table.commands.length,
    catalogs: catalogs.length,
    sources,
  };
  console.log(
    `en-${target}: ${catalogs.length} catalogs → ${table.phrases.length} phrases, ${table.terms.length} terms, ${table.commands.length} commands, ${body.length} bytes`,
  );
}
writeFileSync(join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
const total = Object.values(manifest.pairs).reduce((s, p) => s + p.bytes, 0);
console.log(
  `total ${total} bytes in ${Object.keys(manifest.pairs).length} tables; built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
