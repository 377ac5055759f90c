/**
 * Apertium's output for a text, with unknown words unmarked by the tagger (`-u`). Through a
 * file: the apertium script reads /dev/stdin, and its text deformatter rejects the pipe Node
 * gives a child as stdin.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function apertiumFile(mode: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tolk-apertium-"));
  try {
    const file = join(dir, "in.txt");
    writeFileSync(file, text);
    return execFileSync("apertium", ["-u", mode, file], { maxBuffer: 1 << 28 }).toString("utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
