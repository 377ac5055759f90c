import { deeplRoute } from "@/server/compat/routes";
import { routerFor } from "@/server/org-router";

export const dynamic = "force-dynamic";

// A glossary applies to the pair it is written for, so every pair Tolk can translate takes one.
export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["translate", "read"],
    handler: async ({ app, principal }) => ({
      data: {
        supported_languages: (await routerFor(app, principal)).availablePairs().map((pair) => {
          const [source_lang, target_lang] = pair.split("-");
          return { source_lang, target_lang };
        }),
      },
    }),
  },
});
