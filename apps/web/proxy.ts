import { type NextRequest, NextResponse } from "next/server";

import { REQUESTED_PATH_HEADER } from "./src/console/return-path";

/**
 * Hands the console's layout the address that was asked for, so a sign-in redirect can bring the
 * person back to it (a layout is not told its page's path). Runs only for console pages.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUESTED_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

// Every console page (src/console/nav.ts, and /account); test/proxy-matcher.test.ts keeps the two in step.
export const config = {
  matcher: [
    "/dashboard",
    "/translate",
    "/usage",
    "/documents/:path*",
    "/glossaries/:path*",
    "/memories/:path*",
    "/brand-voices/:path*",
    "/keys/:path*",
    "/members/:path*",
    "/settings/:path*",
    "/requests/:path*",
    "/audit/:path*",
    "/account",
  ],
};
