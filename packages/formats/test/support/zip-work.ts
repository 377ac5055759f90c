import { vi } from "vitest";

import { ZipArchive } from "../../src/zip/archive";

/**
 * Watches the work of every archive opened from now on (a filter opens its own): bytes inflated
 * and entries read, summed, for tests that assert work done rather than time. `restore` stops
 * watching; the figures stay readable.
 */
export function watchZipWork(): { bytesInflated(): number; entriesRead(): number; restore(): void } {
  const archives: ZipArchive[] = [];
  const open = ZipArchive.open.bind(ZipArchive);
  const spy = vi.spyOn(ZipArchive, "open").mockImplementation((...args: Parameters<typeof ZipArchive.open>) => {
    const archive = open(...args);
    archives.push(archive);
    return archive;
  });
  return {
    bytesInflated: () => archives.reduce((n, a) => n + a.work.bytesInflated, 0),
    entriesRead: () => archives.reduce((n, a) => n + a.work.entriesRead, 0),
    restore: () => spy.mockRestore(),
  };
}
