import { libreSettings } from "@/server/compat/libretranslate/files";
import { libreTranslateRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

// Public: a caller without a key (the principal is then null) gets the smallest plan's limits.
export const { GET, POST, PUT, PATCH, DELETE } = libreTranslateRoute({
  GET: { scopes: [], public: true, handler: async ({ principal }) => ({ data: libreSettings(principal) }) },
});
