import { getOrgDeeplKey, removeOrgDeeplKey, saveOrgDeeplKey } from "@tolk/domain";
import { z } from "zod";

import { type ConsoleContext, orgProcedure, router } from "../trpc";

/** The operator's TOLK_SECRETS_KEY, which seals and opens the organizations' keys. */
const secretsKey = (ctx: ConsoleContext) => ctx.translation.orgEngines?.options.secretsKey;

/** The organization's own DeepL API key: admins save, replace and remove it; it is never sent back (a hint only). */
export const deeplKeyRouter = router({
  get: orgProcedure("admin").query(({ ctx }) =>
    getOrgDeeplKey(ctx.domain, { orgId: ctx.membership.org.id, secretsKey: secretsKey(ctx) }),
  ),

  /** Tries the key on its server (GET /v2/usage) and saves it; `authKey` absent keeps the saved key. */
  save: orgProcedure("admin")
    .input(
      z.object({
        authKey: z.string().max(200).optional(),
        serverUrl: z.string().max(2000).nullable().optional(),
        preferred: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      saveOrgDeeplKey(ctx.domain, { orgId: ctx.membership.org.id, secretsKey: secretsKey(ctx), ...input }),
    ),

  remove: orgProcedure("admin").mutation(({ ctx }) =>
    removeOrgDeeplKey(ctx.domain, { orgId: ctx.membership.org.id, secretsKey: secretsKey(ctx) }),
  ),
});
