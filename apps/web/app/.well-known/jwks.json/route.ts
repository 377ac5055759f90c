import { getPublicJwks } from "@tolk/domain";

import { getAppContext } from "@/server/context";

export const dynamic = "force-dynamic";

/** The public keys of the session tokens this service signs (the embedded identity provider). */
export async function GET(): Promise<Response> {
  const app = await getAppContext();
  return Response.json(await getPublicJwks(app.domain), { headers: { "Cache-Control": "public, max-age=300" } });
}
