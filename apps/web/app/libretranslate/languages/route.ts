import { libreLanguages } from "@/server/compat/libretranslate/languages";
import { libreTranslateRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

// Public, as on LibreTranslate: clients (Weblate, the npm client) list languages without a key.
export const { GET, POST, PUT, PATCH, DELETE } = libreTranslateRoute({
  GET: { scopes: [], public: true, handler: async ({ app }) => ({ data: libreLanguages(app.translation.router) }) },
});
