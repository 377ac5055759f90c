/**
 * The public repositories the evaluation sets and training scripts read: bare git directories
 * brought onto the machine with the `fetch` tool (/work/.mirror/<owner>+<name>/repo, or under
 * TOLK_MIRRORS). Read with git itself, never checked out, so a script reads exactly one commit.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const MIRRORS = process.env.TOLK_MIRRORS ?? "/work/.mirror";

/** The git directory of a repository ("owner/name"), or null when it is not on the machine. */
export function mirrorDir(repository: string): string | null {
  const base = join(MIRRORS, repository.replace("/", "+"), "repo");
  if (existsSync(join(base, ".git"))) return join(base, ".git");
  return existsSync(base) ? base : null;
}

/** git's output for a command on a git directory, as text. */
export const git = (dir: string, args: string[]): string =>
  execFileSync("git", ["--git-dir", dir, ...args], {
    maxBuffer: 1 << 29,
    stdio: ["ignore", "pipe", "pipe"],
  }).toString("utf8");

/** The paths of the files at a commit. */
export const listFiles = (dir: string, ref = "HEAD"): string[] =>
  git(dir, ["ls-tree", "-r", "-z", "--name-only", ref]).split("\0").filter(Boolean);

/** A file's text at a commit. */
export const showFile = (dir: string, path: string, ref = "HEAD"): string => git(dir, ["show", `${ref}:${path}`]);

/** The commit a reference names. */
export const commitOf = (dir: string, ref = "HEAD"): string => git(dir, ["rev-parse", ref]).trim();
