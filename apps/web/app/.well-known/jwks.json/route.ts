import { getPublicJwks } from "@tolk/domain";

import { getAppContext } from "@/server/context";
import { observedRoute } from "@/server/observe-route";

export const dynamic = "force-dynamic";

/** The public keys of the session tokens this service signs (the embedded identity provider). */
export const GET = observedRoute("/.well-known/jwks.json", async () => {
  const app = await getAppContext();
  return Response.json(await getPublicJwks(app.domain), { headers: { "Cache-Control": "public, max-age=300" } });
});
