import { updateOrganizationSettings } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const settingsRouter = router({
  get: orgProcedure("admin").query(({ ctx }) => {
    const { id, name, plan, idpOrgId, defaultSourceLang, localizationTerms } = ctx.membership.org;
    return {
      id,
      name,
      plan,
      idpOrgId,
      defaultSourceLang,
      deploymentDefaultSourceLang: ctx.translation.defaultSourceLang ?? "none",
      localizationTerms,
    };
  }),

  update: orgProcedure("admin")
    .input(
      z.object({
        name: z.string(),
        idpOrgId: z.string().nullable(),
        defaultSourceLang: z.string().nullable().optional(),
        localizationTerms: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) => updateOrganizationSettings(ctx.domain, { orgId: ctx.membership.org.id, ...input })),
});
