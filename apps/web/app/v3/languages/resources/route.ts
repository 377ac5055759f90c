import { v3Resources } from "@/server/compat/deepl/v3-languages";
import { deeplRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: { scopes: ["translate", "read"], handler: async () => ({ data: v3Resources() }) },
});
