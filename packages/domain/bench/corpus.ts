// The benchmark corpus the domain's benchmarks share: the distinct lines of e2e/bench/corpus/en.txt
// (English msgids of the gettext catalogs, built by `pnpm --filter @tolk/e2e corpus`).
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { findWorkspaceRoot } from "@tolk/db";

export function benchCorpus(): string[] {
  const lines = readFileSync(join(findWorkspaceRoot(), "e2e/bench/corpus/en.txt"), "utf8").split("\n");
  return [...new Set(lines.map((l) => l.trim()).filter(Boolean))];
}
