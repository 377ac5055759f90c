"use client";

import { useState } from "react";

/**
 * Newest-first pages over a keyset cursor: "Older" follows the page's next cursor, "Newer" goes
 * back the way it came. Resets to the first page when the filters change (`resetKey`).
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; stack: (string | null)[] }>({ key: resetKey, stack: [null] });
  const stack = state.key === resetKey ? state.stack : [null];
  return {
    cursor: stack.at(-1) ?? null,
    page: stack.length,
    older: (next: string) => setState({ key: resetKey, stack: [...stack, next] }),
    newer: () => setState({ key: resetKey, stack: stack.slice(0, -1) }),
    first: () => setState({ key: resetKey, stack: [null] }),
  };
}

export function PagerButtons({
  pages,
  nextCursor,
  what,
}: {
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | null;
  what: string;
}) {
  return (
    <nav className="row pager" aria-label={`Pages of ${what}`}>
      <button type="button" disabled={pages.page === 1} onClick={pages.newer}>
        Newer
      </button>
      <span className="muted">Page {pages.page}</span>
      <button type="button" disabled={!nextCursor} onClick={() => nextCursor && pages.older(nextCursor)}>
        Older
      </button>
    </nav>
  );
}
