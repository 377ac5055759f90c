/**
 * The morphological analysers of Apertium's installed modes, by ISO 639-1 language: the first
 * program of a mode from that language (`lt-proc …/spa-eng.automorf.bin`). The table builder
 * checks verb forms with them (keepVerbForms in localization-table.ts).
 */
import { execFileSync } from "node:child_process";

import { discoverModes } from "@tolk/engines";

export interface TargetAnalysers {
  /** Apertium's readings of each word (`abrir<vblex><inf>`), none for a word it does not know; null without an analyser. */
  analyse(language: string, words: readonly string[]): Map<string, string[]> | null;
}

export async function targetAnalysers(): Promise<TargetAnalysers> {
  const { modes } = await discoverModes();
  const analyserOf = (language: string) =>
    modes.find((m) => m.pair.source === language && m.stages[0]?.[0] === "lt-proc")?.stages[0];
  return {
    analyse(language, words) {
      const stage = analyserOf(language);
      if (!stage) return null;
      const args = stage.slice(1).filter((arg) => arg !== "-z" && arg !== "-w");
      const out = execFileSync("lt-proc", ["-w", ...args], {
        input: words.join("\n"),
        encoding: "utf8",
        maxBuffer: 64 << 20,
      });
      const found = new Map<string, string[]>();
      for (const m of out.matchAll(/\^([^/$]+)\/([^$]*)\$/gu))
        if (m[1] && m[2] && !m[2].startsWith("*")) found.set(m[1], m[2].split("/"));
      return found;
    },
  };
}
