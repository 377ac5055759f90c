/**
 * Structure by construction: every file of both real-file corpora (`/work/shared/realdocs`,
 * `realdocs-2`, read in place, never copied here) comes back byte-identical through extract →
 * merge when each segment's translation is its own text. A filter that re-serializes anything
 * it did not translate fails here on files nobody wrote a fixture for.
 *
 * PO and XLIFF are bilingual: merge writes each translation into its own slot (a msgstr, a
 * <target>) and sets the target language, so under an identity engine those slots fill with
 * copies of the sources. For them the files must be byte-identical once the slots and the
 * language and state attributes are taken out of both (`withoutTargets`).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { FormatError } from "../src/filter";
import { filterFor } from "../src/registry";
import { BILINGUAL, withoutTargets } from "./support/bilingual";

const repoRoot = resolve(import.meta.dirname, "..", "..", "..");
const CORPORA = ["realdocs", "realdocs-2"].map((name) => resolve(repoRoot, "..", "shared", name));

interface ManifestEntry {
  file: string;
  target_lang?: string;
  expect_rejected?: string;
}

const entries = CORPORA.flatMap((dir) => {
  const manifestPath = resolve(dir, "manifest.json");
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { files: ManifestEntry[] };
  const corpus = dir.slice(dir.lastIndexOf("/") + 1);
  return manifest.files.map((entry) => ({ ...entry, corpus, path: resolve(dir, entry.file) }));
});

describe.skipIf(entries.length === 0)("identity round trip on the real-file corpora", () => {
  for (const entry of entries) {
    const name = `${entry.corpus}/${entry.file}`;
    it(name, { timeout: 60_000 }, async () => {
      const extension = entry.file.slice(entry.file.lastIndexOf(".") + 1);
      const filter = filterFor(extension);
      expect(filter, `a filter for .${extension}`).toBeDefined();
      if (!filter) return;
      const file = new Uint8Array(readFileSync(entry.path));
      const options = { sourceLang: "en", targetLang: entry.target_lang ?? "es" };
      let segments;
      try {
        segments = await filter.extract(file, options);
      } catch (error) {
        // A file that breaks its own format's rules may be refused, as a FormatError naming why.
        if (entry.expect_rejected && error instanceof FormatError) return;
        throw error;
      }
      const identity = new Map(segments.map((s) => [s.id, s.text]));
      const output = await filter.merge(file, identity, options);
      if (BILINGUAL.has(extension)) {
        const [before, after] = [file, output].map((bytes) =>
          withoutTargets(extension, new TextDecoder().decode(bytes)),
        );
        expect(after, `${name} changed outside its translation slots`).toBe(before);
      } else {
        expect(Buffer.from(output).equals(Buffer.from(file)), `${name} changed under an identity engine`).toBe(true);
      }
    });
  }
});
