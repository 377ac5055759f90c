/**
 * True when a browser request comes from a page of this same site. Console routes are
 * cookie-authenticated and send no CORS headers at all; this refuses cross-site requests that
 * a browser would still deliver (a form post, a no-cors fetch), on top of SameSite=Lax cookies.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = req.headers.get("origin");
  if (!origin) return true;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
