export const dynamic = "force-dynamic";

/** Liveness: the process answers. No database, no auth. */
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
