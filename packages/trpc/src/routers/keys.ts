import { scopeSchema } from "@tolk/contract";
import {
  MAX_ROTATION_OVERLAP_SECONDS,
  createApiKey,
  listApiKeys,
  parseScopes,
  renameApiKey,
  revokeApiKey,
  rotateApiKey,
} from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

const keyId = z.string().min(1);
/** null or absent: the key never expires (the domain refuses an instant already past). */
const expiresAt = z.date().nullable().optional();

export const keysRouter = router({
  list: orgProcedure("admin").query(({ ctx }) => listApiKeys(ctx.domain, { orgId: ctx.membership.org.id })),

  /** The plaintext key is in this response only; nothing can show it again. */
  create: orgProcedure("admin")
    .input(z.object({ name: z.string(), scopes: z.array(scopeSchema), expiresAt }))
    .mutation(async ({ ctx, input }) => {
      const { key, plaintext } = await createApiKey(ctx.domain, {
        orgId: ctx.membership.org.id,
        name: input.name,
        scopes: parseScopes(input.scopes),
        createdBy: ctx.userId,
        expiresAt: input.expiresAt,
      });
      return {
        id: key.id,
        name: key.name,
        hint: key.hint,
        scopes: key.scopes,
        expiresAt: key.expiresAt,
        key: plaintext,
      };
    }),

  rename: orgProcedure("admin")
    .input(z.object({ keyId, name: z.string() }))
    .mutation(({ ctx, input }) =>
      renameApiKey(ctx.domain, { keyId: input.keyId, orgId: ctx.membership.org.id, name: input.name }),
    ),

  /** Like create, the new key's plaintext is in this response only. */
  rotate: orgProcedure("admin")
    .input(z.object({ keyId, overlapSeconds: z.number().int().min(0).max(MAX_ROTATION_OVERLAP_SECONDS), expiresAt }))
    .mutation(async ({ ctx, input }) => {
      const { key, plaintext, replaced } = await rotateApiKey(ctx.domain, {
        keyId: input.keyId,
        orgId: ctx.membership.org.id,
        overlapSeconds: input.overlapSeconds,
        expiresAt: input.expiresAt,
        createdBy: ctx.userId,
      });
      return {
        id: key.id,
        name: key.name,
        hint: key.hint,
        scopes: key.scopes,
        expiresAt: key.expiresAt,
        key: plaintext,
        replaced,
      };
    }),

  revoke: orgProcedure("admin")
    .input(z.object({ keyId }))
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.domain, { keyId: input.keyId, orgId: ctx.membership.org.id });
      return { revoked: true };
    }),
});
