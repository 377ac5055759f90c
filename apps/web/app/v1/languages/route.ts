import { listLanguages } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: { scopes: ["read"], handler: async ({ app }) => ({ data: listLanguages(app.translation.router) }) },
});
