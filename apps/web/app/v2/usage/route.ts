import { getQuota } from "@tolk/domain";

import { deeplRoute } from "@/server/compat/routes";
import { type MethodSpec } from "@/server/v1/pipeline";

export const dynamic = "force-dynamic";

// The organization's credits in DeepL's fields: what this period consumed, of what it may spend.
const usage: MethodSpec = {
  scopes: ["translate", "read"],
  handler: async ({ app, principal }) => {
    const { credits } = await getQuota(app.domain, principal);
    return { data: { character_count: credits.consumed, character_limit: credits.allowance + credits.top_up_balance } };
  },
};

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({ GET: usage, POST: usage });
