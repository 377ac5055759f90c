import { scopeSchema } from "@tolk/contract";
import { createApiKey, listApiKeys, parseScopes, revokeApiKey } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const keysRouter = router({
  list: orgProcedure("admin").query(({ ctx }) => listApiKeys(ctx.domain, { orgId: ctx.membership.org.id })),

  /** The plaintext key is in this response only; nothing can show it again. */
  create: orgProcedure("admin")
    .input(z.object({ name: z.string(), scopes: z.array(scopeSchema) }))
    .mutation(async ({ ctx, input }) => {
      const { key, plaintext } = await createApiKey(ctx.domain, {
        orgId: ctx.membership.org.id,
        name: input.name,
        scopes: parseScopes(input.scopes),
        createdBy: ctx.userId,
      });
      return { id: key.id, name: key.name, hint: key.hint, scopes: key.scopes, key: plaintext };
    }),

  revoke: orgProcedure("admin")
    .input(z.object({ keyId: z.string().min(1) }))
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.domain, { keyId: input.keyId, orgId: ctx.membership.org.id });
      return { revoked: true };
    }),
});
