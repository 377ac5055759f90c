/** The request header in which proxy.ts tells the console's layout which page was asked for. */
export const REQUESTED_PATH_HEADER = "x-tolk-requested-path";

/**
 * The page to return to after signing in, from a `next` parameter: only a path on this site
 * ("/keys?x=1"), never another origin ("//evil.example", "https://…", "/\\evil"), so the sign-in
 * page cannot be used to send people elsewhere.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  try {
    const parsed = new URL(next, "http://tolk.invalid");
    if (parsed.origin !== "http://tolk.invalid") return null;
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return null;
  }
}

/** The sign-in page's address that returns to `path` afterwards. */
export const signInReturningTo = (path: string | null) =>
  path && safeReturnPath(path) ? `/sign-in?next=${encodeURIComponent(path)}` : "/sign-in";
