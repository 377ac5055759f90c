import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** Thrown when another live process holds the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database is in use by another process (pid ${holderPid}). ` +
        `PGlite can be opened by one process at a time (a running server answers \`tolk\` commands ` +
        `itself): stop that process first, or set DATABASE_URL to use PostgreSQL, which any number of processes share. ` +
        `If no such process exists, delete ${lockPath}.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive, process-level lock file (O_EXCL create). A lock left by a dead process
 * is taken over; one held by a live process (this one included: a second handle in the same
 * process would corrupt the files just the same) is refused with DatabaseLockedError.
 */
export function acquireLock(lockPath: string): () => void {
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
      } catch {
        continue; // Released between our open and read: try again.
      }
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DatabaseLockedError(lockPath, holder);
      }
      try {
        unlinkSync(lockPath); // Stale: its process is gone.
      } catch {
        // Someone else removed it first; the next attempt decides.
      }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
